import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

/// `preview.json`: written with the files on compaction, read without loading the wedding, and
/// shown only while nothing has changed since; anything else, a damaged file included, means no
/// preview, never a wrong one and never a wedding that does not open.
@Suite("The preview kept for a wedding's first frame", .timeLimit(.minutes(3)))
struct PreviewTests {
    /// Previews by last name, two guests: enough to tell which guests and figures it holds.
    struct ByLastName: WeddingPreviewing {
        func preview(of dataset: WeddingDataset) -> WeddingPreview {
            WeddingPreview(wedding: dataset.wedding, guestStats: GuestStats(guests: dataset.guests),
                           firstGuests: Array(dataset.guests.records.sorted { $0.lastName < $1.lastName }.prefix(2)))
        }
    }

    func openStore(_ directory: TemporaryDataDirectory) throws -> FileStore {
        try FileStore(root: directory.root, clock: { Fixtures.now }, previewing: ByLastName())
    }

    /// A wedding with guests C, A, B, compacted on close by a store that keeps previews.
    func weddingWithGuests(in directory: TemporaryDataDirectory) async throws -> WeddingID {
        let store = try openStore(directory)
        let wedding = try await store.createWedding(Fixtures.wedding()).weddingID
        for (number, name) in [(1, "Cole"), (2, "Abel"), (3, "Baker")] {
            _ = try await store.write(wedding, operation: "add guest") { try $0.insert(Fixtures.guest(number, lastName: name)) }
        }
        await store.close()
        return wedding
    }

    @Test func compactionWritesThePreviewOfWhatTheFilesHold() async throws {
        let directory = try TemporaryDataDirectory()
        let wedding = try await weddingWithGuests(in: directory)
        let store = try openStore(directory)

        let preview = try #require(await store.preview(of: wedding))
        #expect(preview.firstGuests.map(\.lastName) == ["Abel", "Baker"])
        #expect(preview.guestStats.invited == 3 && preview.wedding.weddingID == wedding)
        let stored = try await store.read(wedding) { $0 }
        #expect(preview == ByLastName().preview(of: stored))
    }

    @Test func aChangeSinceMakesItStaleUntilTheNextCompaction() async throws {
        let directory = try TemporaryDataDirectory()
        let wedding = try await weddingWithGuests(in: directory)
        let store = try openStore(directory)
        _ = try await store.write(wedding, operation: "add guest") { try $0.insert(Fixtures.guest(4, lastName: "Aaron")) }
        #expect(await store.preview(of: wedding) == nil)

        // Another store's view: the journal on disk holds the change.
        #expect(try await openStore(directory).preview(of: wedding) == nil)

        await store.close()
        let fresh = try #require(try await openStore(directory).preview(of: wedding))
        #expect(fresh.firstGuests.map(\.lastName) == ["Aaron", "Abel"] && fresh.guestStats.invited == 4)
    }

    @Test func aGuestListReplacedBehindItsBackMakesItStale() async throws {
        let directory = try TemporaryDataDirectory()
        let wedding = try await weddingWithGuests(in: directory)
        let guests = directory.file("guests.json", of: wedding)
        let text = try String(contentsOfFile: guests, encoding: .utf8)
        try text.replacingOccurrences(of: "Cole", with: "Aalto").write(toFile: guests, atomically: true, encoding: .utf8)

        let store = try openStore(directory)
        #expect(await store.preview(of: wedding) == nil)
        #expect(try await store.read(wedding) { $0.guests.records.map(\.lastName) }.contains("Aalto"))
    }

    @Test func aDamagedOrMissingPreviewIsNoPreviewAndTheWeddingStillOpens() async throws {
        let directory = try TemporaryDataDirectory()
        let wedding = try await weddingWithGuests(in: directory)
        let path = directory.file("preview.json", of: wedding)
        try "{ \"journalGeneration\": ".write(toFile: path, atomically: true, encoding: .utf8)
        let store = try openStore(directory)
        #expect(await store.preview(of: wedding) == nil)
        #expect(try await store.read(wedding) { $0.guests.count } == 3)

        try FileManager.default.removeItem(atPath: path)
        #expect(await store.preview(of: wedding) == nil)
    }

    @Test func aStoreWithoutAPreviewerKeepsNone() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...3, to: wedding, in: store)
        await store.close()
        #expect(!FileManager.default.fileExists(atPath: directory.file("preview.json", of: wedding)))
        #expect(try await directory.openStore().preview(of: wedding) == nil)
    }
}
