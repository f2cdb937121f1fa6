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

    public func fetchGuests(in wedding: WeddingID) async throws -> [Guest] {
        try await access.cached(.guests, wedding) { $0.guests.records }
    }

    public func fetchGuest(id: UUID, in wedding: WeddingID) async throws -> Guest {
        try await access.read(wedding) { dataset in
            guard let guest = dataset.guests[id] else { throw RepositoryError.notFound(.guest, id: id) }
            return guest
        }
    }

    public func createGuest(_ guest: Guest, in wedding: WeddingID) async throws -> Guest {
        try await access.write(CacheOperation(.created, .guest, in: wedding)) { try $0.insert(guest) }
    }

    public func updateGuest(_ guest: Guest, in wedding: WeddingID) async throws -> Guest {
        try await access.write(CacheOperation(.updated, .guest, in: wedding)) { try $0.update(guest) }
    }

    public func deleteGuest(id: UUID, in wedding: WeddingID) async throws {
        try await access.write(CacheOperation(.deleted, .guest, in: wedding)) { try $0.delete(Guest.self, id: id) }
    }

    public func guestStats(in wedding: WeddingID) async throws -> GuestStats {
        try await access.cached(.guestStats, wedding) { GuestStats(guests: $0.guests) }
    }

    public func seatingChart(in wedding: WeddingID) async throws -> SeatingChart {
        try await access.cached(.seatingChart, wedding) { SeatingChart(guests: $0.guests) }
    }

    public func searchGuests(_ filter: GuestFilter, in wedding: WeddingID) async throws -> [Guest] {
        try await fetchGuests(in: wedding).filter(filter.matches)
    }

    public func importGuests(_ batch: ImportBatch<Guest>, in wedding: WeddingID) async throws -> ImportSummary {
        try await access.write(CacheOperation(.imported, .guest, in: wedding)) { try $0.apply(batch) }
    }
}

extension WeddingTransaction {
    /// Inserts and updates a batch, counting updates that changed nothing as unchanged.
    func apply<R: TableRecord>(_ batch: ImportBatch<R>) throws -> ImportSummary {
        var summary = ImportSummary()
        for record in batch.inserts {
            try insert(record)
            summary.inserted += 1
        }
        for record in batch.updates {
            if try update(record).version == record.version { summary.unchanged += 1 } else { summary.updated += 1 }
        }
        return summary
    }
}
