import BlueprintCache
import BlueprintDomain
import Foundation

/// Guests, read through the cache and written durably to a `WeddingDataHost`
/// (the file store in the app; `InMemoryWeddingHost` in tests of the layers above).
public struct FileGuestRepository: GuestRepository {
    let access: DataAccess

    public init(host: any WeddingDataHost, cache: RepositoryCache) {
        access = DataAccess(host: host, cache: cache)
    }

    public var guestRecords: any RecordRepository<Guest> { FileRecordRepository(access: access) }

    public func guestStats(in wedding: WeddingID) async throws -> GuestStats {
        try await access.cached(.guestStats, wedding) { GuestStats(guests: $0.guests) }
    }

    public func seatingChart(in wedding: WeddingID) async throws -> SeatingChart {
        try await access.cached(.seatingChart, wedding) {
            SeatingChart(guests: $0.guests, tables: $0.seatingTables.records, rules: $0.seatingRules.records)
        }
    }

    public func searchGuests(_ filter: GuestFilter, in wedding: WeddingID) async throws -> [Guest] {
        try await fetchGuests(in: wedding).filter(filter.matches)
    }
}
