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

    public func findWedding(_ nameOrID: String) async throws -> Wedding {
        let weddings = try await fetchWeddings()
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
            for category in dataset.categories { try transaction.insert(category) }
            for vendor in dataset.vendors { try transaction.insert(vendor) }
            for guest in dataset.guests { try transaction.insert(guest) }
            for expense in dataset.expenses { try transaction.insert(expense) }
            for task in dataset.tasks { try transaction.insert(task) }
            for milestone in dataset.milestones { try transaction.insert(milestone) }
            for item in dataset.runSheet { try transaction.insert(item) }
            for gift in dataset.gifts { try transaction.insert(gift) }
            for entry in dataset.moneyOwed { try transaction.insert(entry) }
            for scenario in dataset.scenarios { try transaction.insert(scenario) }
            for table in dataset.seatingTables { try transaction.insert(table) }
            for rule in dataset.seatingRules { try transaction.insert(rule) }
        }
        return wedding
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
