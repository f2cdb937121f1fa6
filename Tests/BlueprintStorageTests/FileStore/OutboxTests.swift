import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Glibc
import Testing

/// A database's local copy on disk: edits made offline queued in the wedding's outbox, conflicts
/// kept, and the database's changes stored verbatim.
@Suite("The local copy's outbox")
struct OutboxTests {
    @Test("an offline write is queued and journaled when it returns: another process reads both")
    func queuedOnDisk() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let guest = try await store.writeQueued(wedding, operation: "add guest") { try $0.insert(Fixtures.guest(1)) }
        let other = try directory.openStore()
        let (queued, conflicts) = try await other.queuedCommits(of: wedding)
        #expect(queued == [QueuedCommit(at: Fixtures.now, operation: "add guest", author: store.author,
                                        changes: [RecordChange(.save(guest), previousVersion: nil)])])
        #expect(conflicts.isEmpty)
        #expect(try await other.read(wedding) { $0.guests.records } == [guest])
        // An ordinary write is not queued.
        _ = try await store.write(wedding, operation: "add guest") { try $0.insert(Fixtures.guest(2)) }
        #expect(try await directory.openStore().queuedCommits(of: wedding).queued.count == 1)
    }

    @Test("an offline edit is queued with each record as it found it, for the database to merge by field")
    func queuedWithBases() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let added = try await store.write(wedding, operation: "add guest") { try $0.insert(Fixtures.guest(1)) }
        let (seated, moved) = try await store.writeQueued(wedding, operation: "seat twice") { transaction in
            var seat = added
            seat.table = 3
            let seated = try transaction.update(seat)
            var move = seated
            move.table = 4
            return (seated, try transaction.update(move))
        }
        let queued = try #require(try await directory.openStore().queuedCommits(of: wedding).queued.first)
        #expect(queued.changes.map(\.mutation) == [.save(seated), .save(moved)])
        #expect(queued.bases == [.save(added), .save(seated)], "the second change started from the first")
    }

    @Test("an offline write the disk refuses is neither kept nor queued")
    func refusedIsNotQueued() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        _ = try await store.writeQueued(wedding, operation: "add guest") { try $0.insert(Fixtures.guest(1)) }
        let journal = directory.file("journal.jsonl", of: wedding)
        DiskFaults.failWrites(to: journal)
        defer { DiskFaults.clear(journal) }
        await #expect(throws: FileStoreError.self) {
            try await store.writeQueued(wedding, operation: "add guest") { try $0.insert(Fixtures.guest(2)) }
        }
        DiskFaults.clear(journal)
        let other = try directory.openStore()
        #expect(try await other.queuedCommits(of: wedding).queued.map(\.operation) == ["add guest"])
        #expect(try await Fixtures.guestIDs(wedding, in: other) == [Fixtures.uuid(1)])
    }

    @Test("settling drops the pushed commits and keeps the conflicts, durably")
    func settle() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        for number in 1...3 {
            _ = try await store.writeQueued(wedding, operation: "add \(number)") { try $0.insert(Fixtures.guest(number)) }
        }
        let queued = try await store.queuedCommits(of: wedding).queued
        try await store.settleQueue(of: wedding, pushed: 2, conflicts: [queued[1]])
        var other = try await directory.openStore().queuedCommits(of: wedding)
        #expect(other.queued.map(\.operation) == ["add 3"] && other.conflicts.map(\.operation) == ["add 2"])
        try await store.settleQueue(of: wedding, pushed: 0, resolved: [queued[1]])
        other = try await directory.openStore().queuedCommits(of: wedding)
        #expect(other.queued.map(\.operation) == ["add 3"] && other.conflicts.isEmpty)
    }

    @Test("changes made elsewhere are stored verbatim, versions as given; a stale previous version writes nothing")
    func recordVerbatim() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        var guest = Fixtures.guest(1)
        guest.version = 1
        try await store.record([RecordChange(.save(guest), previousVersion: nil)], in: wedding, at: Fixtures.now,
                               operation: "add guest", author: "ben", activity: nil, origin: .external)
        var moved = guest
        moved.table = 3
        moved.version = 7
        try await store.record([RecordChange(.save(moved), previousVersion: 1)], in: wedding, at: Fixtures.now,
                               operation: "seat", author: "ben", activity: nil, origin: .external)
        #expect(try await directory.openStore().read(wedding) { $0.guests.records } == [moved])
        var stale = moved
        stale.table = 9
        stale.version = 2
        await #expect(throws: RepositoryError.conflict(.guest, id: guest.id, expected: 1, actual: 7)) {
            try await store.record([RecordChange(.save(stale), previousVersion: 1)], in: wedding, at: Fixtures.now,
                                   operation: "seat", author: "ben", activity: nil, origin: .external)
        }
        #expect(try await directory.openStore().read(wedding) { $0.guests.records } == [moved])
        #expect(try await directory.openStore().activity(in: wedding).entries.map(\.author) == ["ben", "ben"])
    }
}
