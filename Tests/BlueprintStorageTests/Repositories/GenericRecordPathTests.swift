import BlueprintCache
import BlueprintDemo
import BlueprintDomain
import BlueprintRepositories
import Foundation
import Testing

/// The generic record path end to end, for every declared kind of record, over the file store and
/// the in-memory host: nothing in this suite is written per kind.
@Suite("Every record kind through the generic repository")
struct GenericRecordPathTests {
    static let today = CalendarDate(year: 2026, month: 6, day: 1)!

    @Test("create, update, delete and import store the record and invalidate exactly what its declaration says",
          arguments: WeddingDataset.tableRecordTypes.map { $0.kind }, TestHost.allCases)
    func everyWriteInvalidatesItsDeclaredResources(_ kind: RecordKind, _ host: TestHost) async throws {
        let type = try #require(WeddingDataset.tableRecordType(of: kind))
        let opened = try await host.open()
        let repositories = Repositories(host: opened.host, cache: RepositoryCache())
        let demo = try DemoWeddingGenerator.makeWithNewID(
            DemoWeddingOptions(today: Self.today, guests: 12, vendors: 4, tasks: 6, expenses: 6))
        let wedding = try await repositories.weddings.createWedding(from: demo, storingDemoDocumentsIn: repositories.documents)
            .weddingID
        try await checkWrites(of: type, like: demo, repositories, wedding)
    }

    private func checkWrites<R: TableRecord>(of type: R.Type, like demo: WeddingDataset, _ repositories: Repositories,
                                             _ wedding: WeddingID) async throws {
        let records = FileRecordRepository<R>(host: repositories.host, cache: repositories.cache)
        let samples = demo[keyPath: R.collection].records
        try #require(samples.count >= 2, "the demo wedding has two \(R.kind.noun) records to copy")

        let created = try await expectInvalidation(by: .created, of: R.self, repositories, wedding) {
            try await records.create(try copy(of: samples[1], id: UUID()), in: wedding)
        }
        #expect(created.version == 1)
        #expect(try await records.fetchAll(in: wedding).contains(created))

        let updated = try await expectInvalidation(by: .updated, of: R.self, repositories, wedding) {
            try await records.update(try copy(of: samples[0], id: created.id, version: created.version), in: wedding)
        }
        #expect(updated.version == 2, "the update changed the record")
        #expect(try await records.fetch(id: created.id, in: wedding) == updated)
        #expect(try await records.fetchAll(in: wedding).contains(updated))

        // Other records point at some of the demo's: deleting those is refused or unlinks them, as declared.
        var deleted: R?
        for sample in samples where deleted == nil {
            do {
                try await expectInvalidation(by: .deleted, of: R.self, repositories, wedding) {
                    try await records.delete(id: sample.id, in: wedding)
                }
                deleted = sample
            } catch RepositoryError.stillReferenced(R.kind, id: sample.id, by: _) {
                continue
            }
        }
        let gone = try #require(deleted, "a \(R.kind.noun) of the demo wedding can be deleted")
        await #expect(throws: RepositoryError.notFound(R.kind, id: gone.id)) {
            try await records.fetch(id: gone.id, in: wedding)
        }
        #expect(try await !records.fetchAll(in: wedding).contains { $0.id == gone.id })

        // A copy of a record as stored now (the deletion may have unlinked it from the record deleted).
        let imported = try copy(of: try await records.fetch(id: created.id, in: wedding), id: UUID())
        let summary = try await expectInvalidation(by: .imported, of: R.self, repositories, wedding) {
            try await records.importBatch(ImportBatch(inserts: [imported]), in: wedding).summary
        }
        #expect(summary == ImportSummary(inserted: 1))
        #expect(try await records.fetchAll(in: wedding).contains { $0.id == imported.id })
    }

    /// Caches every resource of `wedding`, runs `write`, and expects it to have dropped exactly
    /// the resources that `write` of `R` makes stale by `R`'s declaration, and every value still
    /// cached to equal a fresh computation (the declaration names all it makes stale).
    @discardableResult
    private func expectInvalidation<R: TableRecord, T>(by write: RecordWrite, of type: R.Type, _ repositories: Repositories,
                                                       _ wedding: WeddingID, _ body: () async throws -> T) async throws -> T {
        try await repositories.readEveryResource(of: wedding, asOf: Self.today)
        let before = Set(repositories.cache.keysByRecency().map(\.resource))
        #expect(before == Set(CacheResource.allCases))
        let result = try await body()
        let dropped = before.subtracting(repositories.cache.keysByRecency().map(\.resource))
        #expect(!dropped.isEmpty)
        #expect(dropped == R.resourcesMadeStale(by: write), "\(write) \(R.kind.noun)")
        #expect(try await Reads.cached(repositories, wedding, today: Self.today)
            == Reads.reference(repositories.host, wedding, today: Self.today), "\(write) \(R.kind.noun) left a stale value")
        return result
    }

    /// A record like `record` (its content) with another id and, if given, version. A name or
    /// number that must be unique in its wedding (a scenario's, a table's) is made new too.
    private func copy<R: TableRecord>(of record: R, id: UUID, version: Int? = nil) throws -> R {
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(record)) as? [String: Any])
        object["id"] = id.uuidString
        if let name = object["name"] as? String { object["name"] = name + " (copy)" }
        if let number = object["number"] as? Int { object["number"] = number + 1_000 }
        if let version { object["version"] = version }
        return try JSONDecoder().decode(R.self, from: JSONSerialization.data(withJSONObject: object))
    }
}
