import BlueprintCache
import BlueprintDomain
import Foundation

/// Weddings of a data directory, read through the cache and written durably to a `WeddingDataHost`.
public struct FileWeddingRepository: WeddingRepository {
    let access: DataAccess

    public init(host: any WeddingDataHost, cache: RepositoryCache) {
        access = DataAccess(host: host, cache: cache)
    }

    public func fetchWeddings() async throws -> [Wedding] {
        try await access.host.listWeddings()
    }

    public func fetchWedding(_ id: WeddingID) async throws -> Wedding {
        try await access.cached(.wedding, id) { $0.wedding }
    }

    /// The wedding named (or whose id is) `nameOrID`, among the weddings listed; one not among
    /// them is looked for again among every wedding (a database's, once it answers: the list may
    /// have been its local copy's).
    public func findWedding(_ nameOrID: String) async throws -> Wedding {
        do {
            return try Self.find(nameOrID, among: try await fetchWeddings())
        } catch RepositoryError.weddingNotFound, RepositoryError.weddingPrefix {
            return try Self.find(nameOrID, among: try await access.host.listAllWeddings())
        }
    }

    private static func find(_ nameOrID: String, among weddings: [Wedding]) throws -> Wedding {
        if let id = WeddingID(string: nameOrID), let wedding = weddings.first(where: { $0.weddingID == id }) {
            return wedding
        }
        let wanted = nameOrID.trimmingCharacters(in: .whitespaces)
        let matches = weddings.filter { $0.name.compare(wanted, options: [.caseInsensitive]) == .orderedSame }
        switch matches.count {
        case 1: return matches[0]
        case 0:
            let start = wanted.lowercased()
            let candidates = weddings.filter { $0.name.lowercased().hasPrefix(start) || $0.weddingID.description.hasPrefix(start) }
            guard !start.isEmpty, !candidates.isEmpty else { throw RepositoryError.weddingNotFound(nameOrID) }
            throw RepositoryError.weddingPrefix(nameOrID, candidates: candidates.map(\.name))
        default: throw RepositoryError.ambiguousWedding(nameOrID, matches: matches.map(\.weddingID).sorted())
        }
    }

    public func createWedding(_ wedding: Wedding) async throws -> Wedding {
        try await access.host.createWedding(wedding)
    }

    public func createWedding(from dataset: WeddingDataset) async throws -> Wedding {
        let wedding = try await access.host.createWedding(dataset.wedding)
        try await access.write(CacheOperation(.weddingCreated, in: wedding.weddingID)) { transaction in
            // Each kind after the kinds its records point at (an expense names a vendor; notes and
            // documents name any record).
            let order: [any TableRecord.Type] = [BudgetCategory.self, Vendor.self, Guest.self, Expense.self, WeddingTask.self,
                                                 Milestone.self, RunSheetItem.self, Gift.self, MoneyOwed.self,
                                                 BudgetScenario.self, SeatingTable.self, SeatingRule.self, Note.self, Document.self,
                                                 Invitation.self]
            for type in order { try Self.insertAll(of: type, from: dataset, in: transaction) }
        }
        return wedding
    }

    /// Inserts every record of `type` that `dataset` holds, in its table's order.
    private static func insertAll<R: TableRecord>(of type: R.Type, from dataset: WeddingDataset,
                                                  in transaction: WeddingTransaction) throws {
        for record in dataset[keyPath: R.collection] { try transaction.insert(record) }
    }

    public func updateWedding(_ wedding: Wedding) async throws -> Wedding {
        try await access.write(CacheOperation(.weddingSettingsUpdated, in: wedding.weddingID)) { try $0.updateWedding(wedding) }
    }

    public func fetchPreview(_ id: WeddingID) async -> WeddingPreview? {
        await access.host.preview(of: id)
    }

    public func deleteWedding(_ id: WeddingID) async throws {
        try await access.host.deleteWedding(id)
        await CacheInvalidator(cache: access.cache).invalidate(CacheOperation(.weddingDeleted, in: id))
    }
}
