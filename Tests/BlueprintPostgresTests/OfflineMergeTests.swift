import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestProcesses
import Foundation
import Testing

/// Edits made offline sent to a database whose records someone changed meanwhile: merged by
/// field from the record each edit started from, a conflict only where both changed a field.
@Suite("Edits made offline merged by field")
struct OfflineMergeTests {
    /// A private, migrated server, a data directory for the copy, and a wedding with Ana Ruiz
    /// (and Bo Ek) copied here.
    private struct Setup {
        let cluster: PostgresTestCluster
        let url: DatabaseURL
        let directory: TemporaryDataDirectory
        let wedding: WeddingID
        let ana: Guest
        let bo: Guest

        init() async throws {
            cluster = try PostgresTestCluster.makePrivate()
            url = try DatabaseURL(try cluster.makeDatabase(), loginName: "nobody")
            _ = try await DatabaseSchema.migrate(url)
            directory = try TemporaryDataDirectory()
            let online = try await TieredWeddingHost.open(url, author: "mei", localRoot: directory.root, clock: { Fixtures.now })
            wedding = try await online.createWedding(Fixtures.wedding()).weddingID
            ana = try await online.write(wedding, operation: "add") {
                try $0.insert(Guest(firstName: "Ana", lastName: "Ruiz", email: "ana@old.example", phone: "555-0100"))
            }
            bo = try await online.write(wedding, operation: "add") { try $0.insert(Guest(firstName: "Bo", lastName: "Ek")) }
            await online.close()
        }

        func tier() async throws -> TieredWeddingHost {
            try await TieredWeddingHost.open(url, author: "mei", localRoot: directory.root, clock: { Fixtures.now })
        }

        /// Saves `edits` to the copy with the server stopped (queued), then starts the server
        /// again; the host is closed first, so the queue waits on disk for the next one. Returns
        /// the path of the copy's outbox.
        @discardableResult
        func offline(_ edits: [Guest]) async throws -> String {
            try cluster.stop(immediately: true)
            let offline = try await tier()
            #expect(offline.isOffline)
            for edit in edits {
                _ = try await offline.write(wedding, operation: "update guest") { try $0.update(edit) }
            }
            await offline.close()
            try cluster.start()
            return offline.copy.folderPath(of: wedding) + "/outbox.json"
        }

        /// Saves `edit` as another machine, online.
        func elsewhere(_ edit: Guest) async throws -> PostgresWeddingHost {
            let other = try await TestDatabase(url: url).openHost(author: "sam")
            _ = try await other.write(wedding, operation: "update guest") { try $0.update(edit) }
            return other
        }
    }

    @Test("Ana's phone changed offline and her email online: both stand, as one new version, and no conflict")
    func disjointFieldsMerge() async throws {
        let setup = try await Setup()
        var mine = setup.ana
        mine.phone = "555-0101"
        try await setup.offline([mine])
        var theirs = setup.ana
        theirs.email = "ana@new.example"
        let other = try await setup.elsewhere(theirs)

        let host = try await setup.tier()
        try await host.catchUp(on: setup.wedding)
        #expect(try await host.conflicts(in: setup.wedding).isEmpty)
        #expect(try await host.queued(in: setup.wedding).isEmpty)
        #expect(host.mergedOffline(in: setup.wedding) == 1)
        try await other.catchUp(on: setup.wedding)
        let stored = try #require(try await other.read(setup.wedding) { $0.guests[setup.ana.id] })
        #expect(stored.phone == "555-0101" && stored.email == "ana@new.example")
        #expect(stored.version == 3, "their version 2, then the merge")
        #expect(try await host.read(setup.wedding) { $0.guests[setup.ana.id] } == stored)
        let sent = try #require(try await other.activity(in: setup.wedding).entries.last)
        #expect(sent.sentence == "changed Ana Ruiz's phone, merged with changes made meanwhile to email")
        await other.close()
        await host.close()
        try setup.cluster.stop(immediately: false)
    }

    @Test("the phone changed on both sides is a conflict; keeping mine writes my phone and keeps their email")
    func sameFieldConflictsAndKeepMineKeepsTheirs() async throws {
        let setup = try await Setup()
        var mine = setup.ana
        mine.phone = "555-0101"
        try await setup.offline([mine])
        var theirs = setup.ana
        theirs.phone = "555-0202"
        theirs.email = "ana@new.example"
        let other = try await setup.elsewhere(theirs)

        let host = try await setup.tier()
        try await host.catchUp(on: setup.wedding)
        let conflicts = try await host.offlineConflicts(in: setup.wedding)
        #expect(conflicts.count == 1)
        #expect(host.mergedOffline(in: setup.wedding) == 0)
        #expect(conflicts.first?.edit.sentence == "changed Ana Ruiz's phone", "keeping yours changes the phone only")
        #expect(try await host.read(setup.wedding) { $0.guests[setup.ana.id]?.phone } == "555-0202", "theirs until settled")

        try await host.settle(try #require(conflicts.first), in: setup.wedding, keepingYours: true)
        try await other.catchUp(on: setup.wedding)
        let stored = try #require(try await other.read(setup.wedding) { $0.guests[setup.ana.id] })
        #expect(stored.phone == "555-0101" && stored.email == "ana@new.example")
        #expect(try await host.read(setup.wedding) { $0.guests[setup.ana.id] } == stored)
        await other.close()
        await host.close()
        try setup.cluster.stop(immediately: false)
    }

    @Test("an edit queued before bases were kept still replays: as queued where nothing moved on, a conflict where it did")
    func queueLineWithoutBase() async throws {
        let setup = try await Setup()
        var mine = setup.ana
        mine.phone = "555-0101"
        var seated = setup.bo
        seated.table = 4
        try stripBases(from: try await setup.offline([mine, seated]))
        var theirs = setup.ana
        theirs.email = "ana@new.example"
        let other = try await setup.elsewhere(theirs)

        let host = try await setup.tier()
        try await host.catchUp(on: setup.wedding)
        #expect(try await host.conflicts(in: setup.wedding).count == 1, "without a base, every field held differently conflicts")
        #expect(try await host.queued(in: setup.wedding).isEmpty)
        try await other.catchUp(on: setup.wedding)
        #expect(try await other.read(setup.wedding) { $0.guests[setup.bo.id]?.table } == 4)
        #expect(try await other.read(setup.wedding) { $0.guests[setup.ana.id].map { "\($0.phone) \($0.email)" } }
                == "555-0100 ana@new.example", "theirs until settled")
        await other.close()
        await host.close()
        try setup.cluster.stop(immediately: false)
    }

    /// Rewrites an outbox as blueprint wrote it before bases were kept.
    private func stripBases(from path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var lines = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(lines.allSatisfy { $0["bases"] != nil }, "the outbox keeps each edit's base")
        for index in lines.indices { lines[index]["bases"] = nil }
        try JSONSerialization.data(withJSONObject: lines).write(to: URL(fileURLWithPath: path))
    }
}
