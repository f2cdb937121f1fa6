import BlueprintCache
import BlueprintDomain
import Foundation

/// One kind of record, read through the cache and written durably to a `WeddingDataHost`:
/// the create, read, update, delete and import every kind has, written once.
///
/// All of it follows from the kind's declaration (`TableRecord`): the list is cached under
/// `R.listResource`, each write is the operation `CacheOperation(write, R.kind)` and invalidates
/// `R.resourcesMadeStale(by: write)`, and deleting refuses or unlinks what `R.references` says.
public struct FileRecordRepository<R: TableRecord>: RecordRepository {
    let access: DataAccess

    public init(host: any WeddingDataHost, cache: RepositoryCache) {
        access = DataAccess(host: host, cache: cache)
    }

    init(access: DataAccess) {
        self.access = access
    }

    public func fetchAll(in wedding: WeddingID) async throws -> RecordTable<R> {
        try await access.cached(R.listResource, wedding) { $0[keyPath: R.collection] }
    }

    public func fetch(id: UUID, in wedding: WeddingID) async throws -> R {
        try await access.read(wedding) { try $0.existing(R.self, id) }
    }

    public func create(_ record: R, in wedding: WeddingID) async throws -> R {
        try await access.write(CacheOperation(.created, R.kind, in: wedding)) { try $0.insert(record) }
    }

    public func update(_ record: R, in wedding: WeddingID) async throws -> R {
        try await access.write(CacheOperation(.updated, R.kind, in: wedding)) { try $0.update(record) }
    }

    public func delete(id: UUID, in wedding: WeddingID) async throws {
        try await access.write(CacheOperation(.deleted, R.kind, in: wedding)) { try $0.delete(R.self, id: id) }
    }

    public func importBatch(_ batch: ImportBatch<R>, in wedding: WeddingID) async throws -> ImportOutcome<R> {
        try await access.write(CacheOperation(.imported, R.kind, in: wedding)) { try $0.apply(batch) }
    }
}

extension WeddingTransaction {
    /// Inserts and updates a batch, counting updates that changed nothing as unchanged.
    public func apply<R: TableRecord>(_ batch: ImportBatch<R>) throws -> ImportOutcome<R> {
        var summary = ImportSummary()
        var stored: [R] = []
        stored.reserveCapacity(batch.inserts.count + batch.updates.count)
        reserveCapacity(R.self, adding: batch.inserts.count + batch.updates.count)
        for record in batch.inserts {
            stored.append(try insert(record))
            summary.inserted += 1
        }
        for record in batch.updates {
            let saved = try update(record)
            stored.append(saved)
            if saved.version == record.version { summary.unchanged += 1 } else { summary.updated += 1 }
        }
        return ImportOutcome(summary: summary, stored: stored)
    }
}

extension WeddingDataset {
    /// The record of type `R` with `id`, or `RepositoryError.notFound`.
    func existing<R: TableRecord>(_ type: R.Type, _ id: UUID) throws -> R {
        guard let record = self[keyPath: R.collection][id] else { throw RepositoryError.notFound(R.kind, id: id) }
        return record
    }
}
