import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("Files that do not decode are reported and kept")
struct CorruptFileTests {
    @Test func aCorruptGuestListIsReportedWithItsPathAndKeptAside() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...2, to: wedding, in: store)
        await store.close()
        let guestsFile = directory.file("guests.json", of: wedding)
        let damaged = Data(#"{"journalGeneration": 1, "guests": [{"firstName": "#.utf8)
        try damaged.write(to: URL(fileURLWithPath: guestsFile))

        let reader = try directory.openStore()
        let error = await #expect(throws: FileStoreError.self) { try await reader.read(wedding) { _ in } }
        guard case let .corruptFile(path, line, _, keptAs)? = error else {
            Issue.record("expected corruptFile, got \(String(describing: error))")
            return
        }
        #expect(path == guestsFile)
        #expect(line == 1)
        #expect(keptAs.hasPrefix(guestsFile + ".corrupt-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptAs)) == damaged, "kept byte for byte")
        #expect(String(describing: error!).contains(guestsFile))
        #expect(String(describing: error!).contains("reopens without it"))

        // The next open goes on without it: no guests, everything else intact.
        let dataset = try await reader.read(wedding) { $0 }
        #expect(dataset.guests.isEmpty)
        #expect(dataset.wedding.name == "Ana & Ben")
        #expect(FileManager.default.fileExists(atPath: keptAs))
    }

    @Test func aCorruptJournalLineIsReportedWithItsLineNumber() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...3, to: wedding, in: store)
        let journalFile = directory.file("journal.jsonl", of: wedding)
        var lines = try String(contentsOfFile: journalFile, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = #"{"at": "yesterday", "operation": "add guest", "mutations": []}"#
        let damaged = Data((lines.joined(separator: "\n") + "\n").utf8)
        try damaged.write(to: URL(fileURLWithPath: journalFile))

        let reader = try directory.openStore()
        let error = await #expect(throws: FileStoreError.self) { try await reader.read(wedding) { _ in } }
        guard case let .corruptFile(path, line, reason, keptAs)? = error else {
            Issue.record("expected corruptFile, got \(String(describing: error))")
            return
        }
        #expect(path == journalFile)
        #expect(line == 3)
        #expect(reason.contains("yesterday"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptAs)) == damaged)
        #expect(String(describing: error!).contains("\(journalFile) line 3"))

        // The next open starts from the snapshot files with a fresh journal, and takes writes.
        #expect(try await Fixtures.guestIDs(wedding, in: reader).isEmpty)
        try await Fixtures.addGuests([9], to: wedding, in: reader)
        #expect(try await Fixtures.guestIDs(wedding, in: directory.openStore()) == [Fixtures.uuid(9)])
    }

    @Test func aDamagedWeddingFileStopsTheWeddingUntilRestored() async throws {
        let directory = try TemporaryDataDirectory()
        let (_, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let weddingFile = directory.file("wedding.json", of: wedding)
        try Data("{".utf8).write(to: URL(fileURLWithPath: weddingFile))

        let reader = try directory.openStore()
        let corrupt = await #expect(throws: FileStoreError.self) { try await reader.read(wedding) { _ in } }
        #expect(String(describing: corrupt!).contains("cannot open until the file is repaired"))
        let error = await #expect(throws: FileStoreError.self) { try await reader.read(wedding) { _ in } }
        #expect(error == .missingFile(path: weddingFile))
    }
}
