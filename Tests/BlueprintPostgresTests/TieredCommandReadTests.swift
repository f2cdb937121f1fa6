import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestProcesses
import Foundation
import Testing

/// A database's weddings opened for a command (`TieredWeddingHost.Start.connectingFirst`): it
/// answers with what the database holds when the database answers, its local copy brought up to
/// date (its queued edits sent first) before the first read, not behind it.
@Suite("Tiered host opened for a command")
struct TieredCommandReadTests {
    private func tier(_ url: DatabaseURL, in directory: TemporaryDataDirectory) async throws -> TieredWeddingHost {
        try await TieredWeddingHost.open(url, author: "mei", localRoot: directory.root, clock: { Fixtures.now })
    }

    @Test("a command's host with a stale copy reads what another machine wrote since, in every read from the first")
    func readsWhatTheDatabaseHolds() async throws {
        let database = try await TestDatabase.make()
        let directory = try TemporaryDataDirectory()
        let first = try await tier(database.url, in: directory)
        let id = try await first.createWedding(Fixtures.wedding()).weddingID
        _ = try await first.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        await first.close()
        let other = try await database.openHost(author: "ben")
        let bo = try await other.write(id, operation: "add") { try $0.insert(Guest(firstName: "Bo", lastName: "Ek")) }
        await other.close()

        let host = try await tier(database.url, in: directory)
        async let counted = host.read(id) { $0.guests.count }
        async let alsoCounted = host.read(id) { $0.guests.count }
        async let found = host.read(id) { $0.guests[bo.id] }
        #expect(try await [counted, alsoCounted] == [2, 2], "reads at the same time all wait for the same synchronisation")
        #expect(try await found == bo)
        await host.close()
    }

    @Test("edits queued offline are sent before a command reads, and it reads them beside what others wrote meanwhile")
    func queuedEditsSentBeforeTheRead() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        let url = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
        _ = try await DatabaseSchema.migrate(url)
        let directory = try TemporaryDataDirectory()
        let first = try await tier(url, in: directory)
        let id = try await first.createWedding(Fixtures.wedding()).weddingID
        await first.close()

        try cluster.stop(immediately: true)
        let offline = try await tier(url, in: directory)
        let mei = try await offline.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        await offline.close()
        try cluster.start()
        let other = try await PostgresWeddingHost.open(url, localRoot: directory.root, clock: { Fixtures.now })
        let bo = try await other.write(id, operation: "add") { try $0.insert(Guest(firstName: "Bo", lastName: "Ek")) }

        let host = try await tier(url, in: directory)
        #expect(try await host.read(id) { Set($0.guests.records.map(\.id)) } == [mei.id, bo.id])
        #expect(try await host.queued(in: id).isEmpty)
        #expect(try await other.read(id) { $0.guests[mei.id]?.firstName } == "Mei", "the queued edit reached the database")
        await other.close()
        await host.close()
        try cluster.stop(immediately: false)
    }
}
