import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Glibc
import Testing

/// A disk that fills up (`ENOSPC`, simulated by `DiskFaults`, so it runs anywhere): the change
/// that did not fit is refused saying the disk is full, and everything acknowledged before it
/// survives, in this process and in the next.
@Suite("A full disk")
struct FullDiskTests {
    @Test("a journal append that hits a full disk is refused as such, and the last acknowledged state survives")
    func journalAppend() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...3, to: wedding, in: store)
        let journal = directory.file("journal.jsonl", of: wedding)
        let journalBefore = try Data(contentsOf: URL(fileURLWithPath: journal))

        DiskFaults.failWrites(to: journal)
        defer { DiskFaults.clear(journal) }
        let error = await #expect(throws: FileStoreError.self) { try await Fixtures.addGuests([4], to: wedding, in: store) }
        #expect(error == .system(operation: "write", path: journal, errno: ENOSPC))
        #expect(String(describing: error!).contains("the disk is full"), "\(String(describing: error!))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == journalBefore, "the half-written line is cut off again")
        #expect(try await Fixtures.guestIDs(wedding, in: store) == (1...3).map(Fixtures.uuid), "memory forgets the refused change")
        #expect(try await Fixtures.guestIDs(wedding, in: directory.openStore()) == (1...3).map(Fixtures.uuid))

        DiskFaults.clear(journal)
        try await Fixtures.addGuests([4], to: wedding, in: store)
        #expect(try await Fixtures.guestIDs(wedding, in: directory.openStore()) == (1...4).map(Fixtures.uuid),
                "once there is room, writing goes on")
    }

    @Test("a compaction that hits a full disk leaves the snapshot and journal as they were, and no temporary file",
          arguments: ["guests.json", "journal.jsonl"])
    func compaction(file: String) async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...3, to: wedding, in: store)
        let temporary = directory.file(file, of: wedding) + ".tmp"

        DiskFaults.failWrites(to: temporary)
        defer { DiskFaults.clear(temporary) }
        await store.close()
        #expect(!FileManager.default.fileExists(atPath: temporary), "a full disk is not left fuller")
        #expect(try await Fixtures.guestIDs(wedding, in: directory.openStore()) == (1...3).map(Fixtures.uuid))

        DiskFaults.clear(temporary)
        let next = try directory.openStore()
        try await Fixtures.addGuests([4], to: wedding, in: next)
        await next.close()
        #expect(try await Fixtures.guestIDs(wedding, in: directory.openStore()) == (1...4).map(Fixtures.uuid))
    }

    @Test("an atomic replacement that hits a full disk keeps the old file and removes its temporary file")
    func atomicFile() throws {
        let directory = try TemporaryDataDirectory()
        let path = directory.scratch + "/out.csv"
        try AtomicFile.write(Data("old\n".utf8), to: path)
        DiskFaults.failWrites(to: path + ".tmp")
        defer { DiskFaults.clear(path + ".tmp") }
        let error = #expect(throws: FileStoreError.self) { try AtomicFile.write(Data("new and longer\n".utf8), to: path) }
        #expect(String(describing: error!) == "could not write \(path).tmp: the disk is full (No space left on device); "
                + "free some space and try again (what was saved before is kept)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
    }
}
