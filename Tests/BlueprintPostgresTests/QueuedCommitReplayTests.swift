@testable import BlueprintPostgres
import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestDoubles
import Foundation
import Testing

/// The commits made offline sent to a database (an in-memory one: the replay is the point, not
/// the server): in order, merged by field, a conflict kept while the rest go on.
@Suite("Queued commit replay")
struct QueuedCommitReplayTests {
    /// A copy holding Ana and Bo, a database holding the same, and the replay of the copy's outbox.
    private struct Setup {
        let directory: TemporaryDataDirectory
        let copy: FileStore
        let wedding: WeddingID
        let ana: Guest
        let bo: Guest
        let database: InMemoryWeddingHost
        let replay: QueuedCommitReplay

        init() async throws {
            directory = try TemporaryDataDirectory()
            (copy, wedding) = try await Fixtures.storeWithWedding(in: directory)
            ana = try await copy.write(wedding, operation: "add") {
                try $0.insert(Guest(firstName: "Ana", lastName: "Ruiz", email: "ana@old.example", phone: "555-0100"))
            }
            bo = try await copy.write(wedding, operation: "add") { try $0.insert(Guest(firstName: "Bo", lastName: "Ek")) }
            database = InMemoryWeddingHost([try await copy.read(wedding) { $0 }])
            replay = QueuedCommitReplay(copy: copy)
        }

        /// Saves `edit` to the copy as an edit made offline (queued).
        func offline(_ edit: Guest) async throws {
            _ = try await copy.writeQueued(wedding, operation: "update guest") { try $0.update(edit) }
        }

        /// Queues two edits made offline: Ana's phone to 555-0101, then Bo's email to bo@example.com.
        func twoOfflineEdits() async throws {
            var anaMine = ana
            anaMine.phone = "555-0101"
            var boMine = bo
            boMine.email = "bo@example.com"
            try await offline(anaMine)
            try await offline(boMine)
        }

        /// Saves `edit` in the database, as another machine.
        func elsewhere(_ edit: Guest) async throws {
            try await database.simulateExternalCommit(wedding) { try $0.update(edit) }
        }

        func held(_ guest: Guest) async throws -> Guest? {
            try await database.read(wedding) { $0.guests[guest.id] }
        }
    }

    @Test("a commit in conflict is kept and the next one still goes; fields only one side changed merge")
    func conflictKeptRestGoOn() async throws {
        let setup = try await Setup()
        try await setup.twoOfflineEdits()
        var anaTheirs = setup.ana
        anaTheirs.phone = "555-0199"
        try await setup.elsewhere(anaTheirs)

        let conflicts = try await setup.replay.push(setup.wedding, to: setup.database)

        #expect(conflicts.map(\.operation) == ["update guest"])
        #expect(try await setup.held(setup.ana)?.phone == "555-0199", "theirs stands")
        #expect(try await setup.held(setup.bo)?.email == "bo@example.com", "the commit after the conflict went")
        let outbox = try await setup.copy.queuedCommits(of: setup.wedding)
        #expect(outbox.queued.isEmpty)
        #expect(outbox.conflicts == conflicts)
        #expect(setup.replay.merged(in: setup.wedding) == 0)
    }

    @Test("an edit to Ana's phone sent after her email changed in the database is merged, and counted")
    func mergedAndCounted() async throws {
        let setup = try await Setup()
        var mine = setup.ana
        mine.phone = "555-0101"
        try await setup.offline(mine)
        var theirs = setup.ana
        theirs.email = "ana@new.example"
        try await setup.elsewhere(theirs)

        #expect(try await setup.replay.push(setup.wedding, to: setup.database).isEmpty)
        let held = try await setup.held(setup.ana)
        #expect(held?.phone == "555-0101" && held?.email == "ana@new.example")
        #expect(setup.replay.merged(in: setup.wedding) == 1)
    }

    @Test("a failure that stops the push leaves the commits not sent queued, in order, for the next try")
    func failureKeepsTheRest() async throws {
        let setup = try await Setup()
        try await setup.twoOfflineEdits()
        await setup.database.failNextWrites(1)

        await #expect(throws: RepositoryError.self) { try await setup.replay.push(setup.wedding, to: setup.database) }
        #expect(try await setup.copy.queuedCommits(of: setup.wedding).queued.count == 2)

        #expect(try await setup.replay.push(setup.wedding, to: setup.database).isEmpty)
        #expect(try await setup.copy.queuedCommits(of: setup.wedding).queued.isEmpty)
        #expect(try await setup.held(setup.ana)?.phone == "555-0101")
        #expect(try await setup.held(setup.bo)?.email == "bo@example.com")
    }

    @Test("keeping mine writes my value over theirs and clears the conflict; its watchers are told")
    func settleKeepingMine() async throws {
        let setup = try await Setup()
        var mine = setup.ana
        mine.phone = "555-0101"
        try await setup.offline(mine)
        var theirs = setup.ana
        theirs.phone = "555-0199"
        try await setup.elsewhere(theirs)
        let conflict = try #require(try await setup.replay.push(setup.wedding, to: setup.database).first)
        #expect(try await setup.replay.offlineConflicts(in: setup.wedding).map(\.edit.operation) == ["update guest"])
        var told = setup.replay.conflictChanges(in: setup.wedding).makeAsyncIterator()

        let kept = try await setup.replay.settle(conflict, in: setup.wedding, keepingMine: true, with: setup.database)
        setup.replay.announceConflicts(in: setup.wedding)

        #expect(kept?.changes.count == 1)
        #expect(try await setup.held(setup.ana)?.phone == "555-0101")
        #expect(try await setup.copy.queuedCommits(of: setup.wedding).conflicts.isEmpty)
        let toldOfTheChange: Void? = await told.next()
        setup.replay.finish()
        let toldAfterFinishing: Void? = await told.next()
        #expect(toldOfTheChange != nil)
        #expect(toldAfterFinishing == nil, "finished streams end")
    }
}
