import BlueprintCache
import BlueprintDomain
import BlueprintRepositories

/// Everything one `blueprint import` planned, across kinds, for one all-or-nothing write.
public struct ImportWrite: Sendable {
    /// The wedding's settings with the meal options the import adds, when it adds any.
    public var settings: Wedding?
    /// New categories (named by vendors' and expenses' rows, or read from a categories file).
    public var categories = ImportBatch<BudgetCategory>()
    public var vendors = ImportBatch<Vendor>()
    public var expenses = ImportBatch<Expense>()
    public var guests = ImportBatch<Guest>()

    public init() {}

    /// What the write makes stale, for the cache.
    func cacheOperation(in wedding: WeddingID) -> CacheOperation? {
        var actions: [CacheOperation.Action] = settings == nil ? [] : [.weddingSettingsUpdated]
        if categories.count > 0 { actions.append(.record(.created, .category)) }
        if vendors.count > 0 { actions.append(.record(.imported, .vendor)) }
        if expenses.count > 0 { actions.append(.record(.imported, .expense)) }
        if guests.count > 0 { actions.append(.record(.imported, .guest)) }
        guard let first = actions.first else { return nil }
        return CacheOperation(first, also: Array(actions.dropFirst()), in: wedding)
    }
}

extension ImportBatch {
    /// How many records the batch writes.
    var count: Int { inserts.count + updates.count }
}

extension Repositories {
    /// Writes `write` as one transaction: the settings, then categories, vendors, expenses and
    /// guests (each kind before the kinds that name it), each batch as `importBatch` writes it.
    /// If anything is refused, nothing is written.
    public func importAll(_ write: ImportWrite, in wedding: WeddingID) async throws {
        guard let operation = write.cacheOperation(in: wedding) else { return }
        _ = try await DataAccess(host: host, cache: cache).write(operation, named: "import") { transaction in
            if let settings = write.settings { try transaction.updateWedding(settings) }
            _ = try transaction.apply(write.categories)
            _ = try transaction.apply(write.vendors)
            _ = try transaction.apply(write.expenses)
            _ = try transaction.apply(write.guests)
        }
    }
}
