import BlueprintDomain
import Foundation

/// The vendors of the open wedding, ready to draw: rows after filter, sort and search, and the
/// figures. Intents change vendors at once and roll back if the write fails.
@MainActor
public final class VendorStore: ListStore<VendorSortKey, VendorFilter> {
    public static let validity = Duration.seconds(10 * 60)

    private let repository: any VendorRepository

    /// Every vendor, in the order loaded.
    public var vendors: RecordTable<Vendor> { records.records }
    /// The vendors to show: filtered by `filter`, sorted by `order`.
    public var visibleVendors: ListedRows<Vendor> { visible }
    public private(set) var stats = VendorStats(vendors: [])

    public init(wedding: WeddingID, context: StoreContext) {
        repository = context.vendors
        super.init(wedding: wedding, domain: .vendors, validity: Self.validity, context: context,
                   gateway: RecordGateway(context.vendors.vendorRecords, in: wedding), order: .name, noun: "vendor")
        filter = VendorFilter()
    }

    public func vendor(_ id: UUID) -> Vendor? { record(id) }

    // MARK: Intents

    /// Marks the vendor booked on `date` (today if `nil`).
    @discardableResult
    public func book(_ id: UUID, on date: CalendarDate? = nil) async -> EditOutcome {
        guard var vendor = records[id] else { return .failed(.notLoaded(.vendor, id: id)) }
        vendor.status = .booked
        vendor.bookedDate = date ?? today
        return await records.update(vendor, title: "book vendor")
    }

    /// Takes a booking back: the vendor is quoted again if it has a quote, else contacted, and
    /// has no booked date.
    @discardableResult
    public func unbook(_ id: UUID) async -> EditOutcome {
        guard var vendor = records[id] else { return .failed(.notLoaded(.vendor, id: id)) }
        vendor.status = vendor.quotedAmount == nil ? .contacted : .quoted
        vendor.bookedDate = nil
        return await records.update(vendor, title: "unbook vendor")
    }

    /// Archives the vendor (hidden from the list and the figures) or brings it back.
    @discardableResult
    public func setArchived(_ id: UUID, _ archived: Bool) async -> EditOutcome {
        guard var vendor = records[id] else { return .failed(.notLoaded(.vendor, id: id)) }
        vendor.isArchived = archived
        return await records.update(vendor, title: archived ? "archive vendor" : "unarchive vendor")
    }

    /// Adds and updates many vendors in one all-or-nothing write (a CSV import). Not undoable.
    public func importVendors(_ batch: ImportBatch<Vendor>) async -> Result<ImportSummary, StoreError> {
        let repository = self.repository, wedding = weddingID
        return await records.importRecords(batch.inserts + batch.updates) {
            try await repository.vendorRecords.importBatch(batch, in: wedding)
        }
    }

    /// Adds the budget categories `newCategories` and the vendors of `batch` (shown at once by
    /// `budget`) as one transaction, undone as one step: vendors from another wedding whose
    /// categories this one lacks.
    public func importVendors(_ batch: ImportBatch<Vendor>, creating newCategories: [BudgetCategory],
                              budget: BudgetStore) async -> EditOutcome {
        var changes = RecordChangeSet()
        for category in newCategories { changes.create(category) }
        changes.apply(batch)
        return await commit(changes, title: "import vendors", alsoShownBy: [budget])
    }

    // MARK: Deriving

    override func recordsDidChange() {
        stats = VendorStats(vendors: records.records)
        super.recordsDidChange()
    }

    override func rowDidChange(from old: Vendor?, to new: Vendor?) {
        stats = VendorStats(vendors: records.records)
        super.rowDidChange(from: old, to: new)
    }
}
