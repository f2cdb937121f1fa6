import BlueprintDomain
import Foundation
import BlueprintStores

/// One kind's `RecordRepository` with each store call passing a `LoadProbe` first: `fetchAll` is a
/// read of `reads` (when the store loads with it), every create, update, delete and import a
/// write of `writes`; `fetch` passes unwatched.
struct ProbedRecords<Stored: TableRecord>: RecordRepository {
    let base: any RecordRepository<Stored>
    let probe: LoadProbe
    let reads: StoreDomain?
    let writes: StoreDomain

    private func write(_ wedding: WeddingID) async throws {
        try await probe.enter(.write(writes), wedding: wedding)
    }

    func fetchAll(in wedding: WeddingID) async throws -> RecordTable<Stored> {
        if let reads { try await probe.enter(.read(reads), wedding: wedding) }
        return try await base.fetchAll(in: wedding)
    }
    func fetch(id: UUID, in wedding: WeddingID) async throws -> Stored { try await base.fetch(id: id, in: wedding) }
    func create(_ record: Stored, in wedding: WeddingID) async throws -> Stored {
        try await write(wedding)
        return try await base.create(record, in: wedding)
    }
    func update(_ record: Stored, in wedding: WeddingID) async throws -> Stored {
        try await write(wedding)
        return try await base.update(record, in: wedding)
    }
    func delete(id: UUID, in wedding: WeddingID) async throws {
        try await write(wedding)
        try await base.delete(id: id, in: wedding)
    }
    func importBatch(_ batch: ImportBatch<Stored>, in wedding: WeddingID) async throws -> ImportOutcome<Stored> {
        try await write(wedding)
        return try await base.importBatch(batch, in: wedding)
    }
}
