import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestProcesses
import Foundation
import Testing

/// The tier as the planner's source of edits made offline that conflict (`OfflineConflictSource`).
@Suite("Offline conflicts as the planner sees them")
struct OfflineConflictSourceTests {
    @Test("a conflict found when the queue is sent is announced, told as what keeping yours would change, and settled once")
    func announcedToldAndSettled() async throws {
        let cluster = try PostgresTestCluster.makePrivate()
        let url = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
        _ = try await DatabaseSchema.migrate(url)
        let directory = try TemporaryDataDirectory()
        let first = try await TieredWeddingHost.open(url, author: "mei", localRoot: directory.root, clock: { Fixtures.now })
        let id = try await first.createWedding(Fixtures.wedding()).weddingID
        let mei = try await first.write(id, operation: "add") {
            try $0.insert(Guest(firstName: "Mei", lastName: "Lin", phone: "555-0100", table: 1))
        }

        try cluster.stop(immediately: true)
        var mine = mei
        mine.phone = "555-0101"
        mine.table = 3
        _ = try await first.write(id, operation: "update guest") { [mine] in try $0.update(mine) }
        #expect(first.isOffline)
        // Closed before the server is back, so its retries cannot send the edit before the other
        // machine's; the host opened next sends the queue kept on disk.
        await first.close()

        try cluster.start()
        let other = try await TestDatabase(url: url).openHost(author: "ben")
        var theirs = mei
        theirs.phone = "555-0202"
        _ = try await other.write(id, operation: "update guest") { [theirs] in try $0.update(theirs) }
        let host = try await TieredWeddingHost.open(url, author: "mei", localRoot: directory.root, clock: { Fixtures.now })
        var announcements = host.offlineConflictChanges(in: id).makeAsyncIterator()
        try await host.catchUp(on: id)
        #expect(await announcements.next() != nil, "the planner is told")

        let conflicts = try await host.offlineConflicts(in: id)
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.edit.author == "mei")
        #expect(conflicts.first?.edit.sentence == "changed Mei Lin's phone and table", "what keeping yours would change in theirs")

        try await host.settle(try #require(conflicts.first), in: id, keepingYours: true)
        #expect(await announcements.next() != nil)
        #expect(try await host.offlineConflicts(in: id).isEmpty)
        try await other.catchUp(on: id)
        #expect(try await other.read(id) { $0.guests[mei.id].map { "\($0.phone) \($0.table ?? 0)" } } == "555-0101 3")
        await #expect(throws: RepositoryError.storage("that edit made offline is settled already")) {
            try await host.settle(conflicts[0], in: id, keepingYours: false)
        }
        await other.close()
        await host.close()
        try cluster.stop(immediately: false)
    }
}
