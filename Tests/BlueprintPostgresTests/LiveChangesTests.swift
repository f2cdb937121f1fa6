import BlueprintConfiguration
import BlueprintDomain
@testable import BlueprintPostgres
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestProcesses
import Foundation
import Testing

/// Other processes' commits arriving by themselves (LISTEN/NOTIFY), on a real server: two hosts
/// on one database are two machines' worth.
@Suite("Live changes through PostgreSQL", .timeLimit(.minutes(3)))
struct LiveChangesTests {
    private func wedding(on host: PostgresWeddingHost) async throws -> WeddingID {
        try await host.createWedding(Wedding(name: "Ana & Ben", totalBudget: Money(minorUnits: 1_000_000))).weddingID
    }

    /// Waits, without a timer, until `host` says `wedding`'s changes arrive live.
    private func untilLive(_ host: PostgresWeddingHost, _ wedding: WeddingID) async {
        let states = host.connectionChanges(in: wedding)
        guard host.connection(wedding) != .live else { return }
        for await state in states where state == .live { return }
    }

    private func addGuest(_ name: String, on host: PostgresWeddingHost, in wedding: WeddingID) async throws -> Guest {
        try await host.write(wedding, operation: "addGuest") { try $0.insert(Guest(firstName: name, lastName: "Lin")) }
    }

    @Test("a guest added on one host arrives on the other's change stream by itself, as external, with author and activity")
    func arrivesByItself() async throws {
        let database = try await TestDatabase.make()
        let mine = try await database.openHost(author: "ana@laptop")
        let theirs = try await database.openHost(author: "ben@desktop")
        let id = try await wedding(on: mine)
        _ = try await theirs.read(id) { $0.guests.count }
        #expect(theirs.connection(id) == .notWatched, "nothing listens before a change stream is opened")
        var theirChanges = theirs.changes(in: id).makeAsyncIterator()
        var myChanges = mine.changes(in: id).makeAsyncIterator()
        await untilLive(theirs, id)
        await untilLive(mine, id)

        let guest = try await addGuest("Mei", on: mine, in: id)
        let change = try #require(await theirChanges.next())
        #expect(change.origin == .external && change.author == "ana@laptop" && change.sequence == 1)
        #expect(change.records == [RecordChange(.save(guest), previousVersion: nil)])
        #expect(change.activity?.sentence == "added guest Mei Lin" && change.activity?.author == "ana@laptop")

        // Each host's own commit reaches its own stream once, as local; the other's, once, as external.
        let reply = try await addGuest("Sam", on: theirs, in: id)
        #expect(try #require(await theirChanges.next()).origin == .local)
        let mineSaw = try #require(await myChanges.next())
        #expect(mineSaw.origin == .local && mineSaw.sequence == 1)
        let external = try #require(await myChanges.next())
        #expect(external.origin == .external && external.sequence == 2 && external.author == "ben@desktop")
        #expect(external.records == [RecordChange(.save(reply), previousVersion: nil)])
        await mine.close()
        await theirs.close()
    }

    @Test("a burst of commits arrives on the other host each once, in order")
    func burstArrivesInOrder() async throws {
        let database = try await TestDatabase.make()
        let mine = try await database.openHost(author: "ana@laptop")
        let theirs = try await database.openHost(author: "ben@desktop")
        let id = try await wedding(on: mine)
        _ = try await theirs.read(id) { $0.guests.count }
        var changes = theirs.changes(in: id).makeAsyncIterator()
        await untilLive(theirs, id)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 1...40 { group.addTask { _ = try await addGuest("Guest \(index)", on: mine, in: id) } }
            try await group.waitForAll()
        }
        var arrived: [RepositoryChange] = []
        for _ in 1...40 { arrived.append(try #require(await changes.next())) }
        #expect(arrived.map(\.sequence) == Array(1...40))
        #expect(arrived.allSatisfy { $0.origin == .external && $0.records?.count == 1 })
        // Nothing came twice: the next change is the next commit.
        _ = try await addGuest("Last", on: mine, in: id)
        #expect(try #require(await changes.next()).sequence == 41)
        #expect(try await theirs.read(id) { $0 } == mine.read(id) { $0 })
        await mine.close()
        await theirs.close()
    }

    @Test("a wedding deleted on one host is announced to the other's change stream")
    func deletionArrives() async throws {
        let database = try await TestDatabase.make()
        let mine = try await database.openHost()
        let theirs = try await database.openHost()
        let id = try await wedding(on: mine)
        _ = try await theirs.read(id) { $0.guests.count }
        var changes = theirs.changes(in: id).makeAsyncIterator()
        await untilLive(theirs, id)
        try await mine.deleteWedding(id)
        let change = try #require(await changes.next())
        #expect(change.origin == .external && change.operation == "weddingDeleted" && change.records == nil)
        await #expect(throws: RepositoryError.weddingNotFound(id.description)) { try await theirs.read(id) { $0.guests.count } }
        await mine.close()
        await theirs.close()
    }

    @Test("a server stopped hard: the other host says reconnecting, then catches up with what it missed and is live again")
    func reconnects() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        let url = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
        _ = try await DatabaseSchema.migrate(url)
        let mine = try await PostgresWeddingHost.open(url, localRoot: TestDatabase.documentsRoot)
        // Their listener tries again only when the test says so.
        let (retries, allowRetry) = AsyncStream.makeStream(of: Void.self)
        let gated = RetryPolicy(base: .milliseconds(1), cap: .milliseconds(1), attempts: nil, sleep: { _ in
            var next = retries.makeAsyncIterator()
            _ = await next.next()
        })
        let theirs = try await PostgresWeddingHost.open(url, localRoot: TestDatabase.documentsRoot,
                                                        clock: { Fixtures.now }, listenerPolicy: gated)
        let id = try await wedding(on: mine)
        _ = try await theirs.read(id) { $0.guests.count }
        var changes = theirs.changes(in: id).makeAsyncIterator()
        await untilLive(theirs, id)
        var states = theirs.connectionChanges(in: id).makeAsyncIterator()

        try cluster.stop(immediately: true)
        #expect(await states.next() == .reconnecting)
        #expect(theirs.connection(id) == .reconnecting)

        try cluster.start()
        // Committed while their listener is not listening: no notice reaches them.
        let missed = try await addGuest("Mei", on: mine, in: id)
        for _ in 0..<100 { allowRetry.yield() }
        let caughtUp = try #require(await changes.next())
        #expect(caughtUp.origin == .external && caughtUp.sequence == 1)
        #expect(caughtUp.records == [RecordChange(.save(missed), previousVersion: nil)])
        #expect(await states.next() == .live)
        #expect(theirs.connection(id) == .live)

        // Listening again: the next commit arrives by itself.
        let next = try await addGuest("Sam", on: mine, in: id)
        #expect(try #require(await changes.next()).records == [RecordChange(.save(next), previousVersion: nil)])
        await mine.close()
        await theirs.close()
        try cluster.stop(immediately: false)
    }
}
