import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("Writes are durable and reopen exactly")
struct DurabilityTests {
    @Test func aReturnedWriteIsSeenByAStoreOpenedAfterIt() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...3, to: wedding, in: store)

        let reopened = try directory.openStore()
        let guests = try await reopened.read(wedding) { $0.guests.records }
        #expect(guests.map(\.id) == [1, 2, 3].map(Fixtures.uuid))
        #expect(guests.allSatisfy { $0.version == 1 && $0.createdAt == Fixtures.now })
    }

    @Test func reopeningAfterCompactionsAndCloseGivesTheSameData() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory, compactionFloorBytes: 1)
        try await Fixtures.addGuests(1...20, to: wedding, in: store)
        _ = try await store.write(wedding, operation: "delete guest") { try $0.delete(Guest.self, id: Fixtures.uuid(5)) }
        var renamed = Fixtures.guest(7, lastName: "Renamed")
        renamed.version = 1
        _ = try await store.write(wedding, operation: "update guest") { [renamed] in try $0.update(renamed) }
        let before = try await store.read(wedding) { $0 }

        #expect(try await directory.openStore().read(wedding) { $0 } == before)
        await store.close()
        #expect(try await directory.openStore().read(wedding) { $0 } == before)
        let journal = try String(contentsOfFile: directory.file("journal.jsonl", of: wedding), encoding: .utf8)
        #expect(journal.split(separator: "\n").count == 1, "close folds the journal into the snapshot files")
    }

    @Test func aBodyThatThrowsWritesNothing() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let journal = directory.file("journal.jsonl", of: wedding)
        let sizeBefore = try Data(contentsOf: URL(fileURLWithPath: journal)).count

        await #expect(throws: RepositoryError.self) {
            try await store.write(wedding, operation: "add guests") { transaction in
                try transaction.insert(Fixtures.guest(1))
                try transaction.insert(Guest(firstName: "", lastName: ""))
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)).count == sizeBefore)
        #expect(try await Fixtures.guestIDs(wedding, in: store).isEmpty)
        #expect(try await Fixtures.guestIDs(wedding, in: directory.openStore()).isEmpty)
    }

    @Test func anEditAppendsOneJournalLineAndLeavesTheSnapshotAlone() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory, compactionFloorBytes: 1)
        try await Fixtures.addGuests(1...50, to: wedding, in: store)
        await store.close()
        let guestsFile = directory.file("guests.json", of: wedding)
        let snapshotBefore = try Data(contentsOf: URL(fileURLWithPath: guestsFile))

        let writer = try directory.openStore(compactionFloorBytes: 1)
        try await Fixtures.addGuests([51], to: wedding, in: writer)

        #expect(try Data(contentsOf: URL(fileURLWithPath: guestsFile)) == snapshotBefore)
        let journal = try String(contentsOfFile: directory.file("journal.jsonl", of: wedding), encoding: .utf8)
        let lines = journal.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last?.contains("\"operation\":\"add guest\"") == true)
    }

    @Test func compactionRewritesOnlyTheFilesWhoseTablesChanged() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...3, to: wedding, in: store)
        await store.close()
        let guestsFile = directory.file("guests.json", of: wedding)
        let guestsInode = try FileManager.default.attributesOfItem(atPath: guestsFile)[.systemFileNumber] as? Int

        let editor = try directory.openStore()
        _ = try await editor.write(wedding, operation: "add task") { try $0.insert(WeddingTask(title: "Book band")) }
        await editor.close()

        #expect(try FileManager.default.attributesOfItem(atPath: guestsFile)[.systemFileNumber] as? Int == guestsInode)
        let tasks = try String(contentsOfFile: directory.file("tasks.json", of: wedding), encoding: .utf8)
        #expect(tasks.contains("Book band"))
    }

    /// A crash during compaction can leave some snapshot files rewritten and others not, with
    /// the old journal still in place. Reopening must give exactly the committed state, record
    /// order included (a guest deleted and added back moves to the end).
    @Test func reopeningAfterACompactionCutShortGivesTheExactState() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests([1, 2], to: wedding, in: store)
        _ = try await store.write(wedding, operation: "delete guest") { try $0.delete(Guest.self, id: Fixtures.uuid(1)) }
        try await Fixtures.addGuests([1, 3], to: wedding, in: store)
        _ = try await store.write(wedding, operation: "add vendor") { try $0.insert(Vendor(name: "Florist")) }
        let committed = try await store.read(wedding) { $0 }
        #expect(committed.guests.records.map(\.id) == [2, 1, 3].map(Fixtures.uuid))

        let beforeCompaction = directory.scratch + "/before"
        try FileManager.default.copyItem(atPath: directory.folder(wedding), toPath: beforeCompaction)
        await store.close()
        // The crash: guests.json was renamed into place; vendors.json and the journal were not.
        let folder = directory.folder(wedding)
        try FileManager.default.removeItem(atPath: beforeCompaction + "/guests.json")
        try FileManager.default.copyItem(atPath: folder + "/guests.json", toPath: beforeCompaction + "/guests.json")
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.moveItem(atPath: beforeCompaction, toPath: folder)

        #expect(try await directory.openStore().read(wedding) { $0 } == committed)
    }
}
