import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

/// A snapshot file can hold the journal's generation while that journal is still in place: a
/// compaction cut short after renaming the file but before replacing the journal (a crash, or a
/// full disk), or the schema 3 step, which stamps its new files with the journal's generation.
/// Opening replays none of that journal into such a file, so a commit appended to it afterwards
/// must not be lost when its writer dies before compacting, nor missed by another process.
@Suite("A write after a compaction cut short")
struct CutShortCompactionTests {
    /// The journal generation a snapshot file says it holds, or for the journal its header's.
    private func generation(of file: String, in directory: TemporaryDataDirectory, _ wedding: WeddingID) throws -> Int? {
        var text = try Data(contentsOf: URL(fileURLWithPath: directory.file(file, of: wedding)))
        if file == "journal.jsonl" { text = text.prefix { $0 != UInt8(ascii: "\n") } }
        let object = try JSONSerialization.jsonObject(with: text) as? [String: Any]
        return object?[file == "journal.jsonl" ? "generation" : "journalGeneration"] as? Int
    }

    @Test("a guest added after guests.json was renamed into place but the journal was not replaced survives its writer's crash")
    func guestSurvivesTheWritersCrash() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests([1, 2], to: wedding, in: store)
        // The new journal does not fit: compaction stops where a crash after renaming guests.json
        // would have stopped it.
        let newJournal = directory.file("journal.jsonl", of: wedding) + ".tmp"
        DiskFaults.failWrites(to: newJournal)
        defer { DiskFaults.clear(newJournal) }
        await store.close()
        DiskFaults.clear(newJournal)
        let journalGeneration = try #require(try generation(of: "journal.jsonl", in: directory, wedding))
        try #require(try generation(of: "guests.json", in: directory, wedding) == journalGeneration,
                     "guests.json already holds the journal it was compacted from")

        let writer = try directory.openStore()
        try await Fixtures.addGuests([3], to: wedding, in: writer)
        // The writer dies here, before it closes (so before it compacts); another process opens.
        #expect(try await Fixtures.guestIDs(wedding, in: directory.openStore()) == [1, 2, 3].map(Fixtures.uuid))
    }

    @Test("a gift added after the schema 3 step survives its writer's crash")
    func giftAfterTheGiftStepSurvivesTheWritersCrash() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests([1], to: wedding, in: store)
        await store.close()
        let folder = directory.folder(wedding)
        for name in ["gifts.json", "scenarios.json", "seating.json"] { try FileManager.default.removeItem(atPath: folder + "/" + name) }
        try #"{"format": "blueprint-wedding", "schemaVersion": 2}"#.write(toFile: folder + "/meta.json", atomically: true,
                                                                          encoding: .utf8)

        let writer = try directory.openStore()
        let gift = Gift(guestIDs: [Fixtures.uuid(1)], description: "Teapot")
        _ = try await writer.write(wedding, operation: "add gift") { try $0.insert(gift) }
        // The writer dies here, before it closes; another process opens.
        #expect(try await directory.openStore().read(wedding) { $0.gifts.records.map(\.id) } == [gift.id])
    }
}
