import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("Creating and deleting weddings")
struct WeddingLifecycleTests {
    @Test func createStampsTheWeddingAndWritesEveryFile() async throws {
        let directory = try TemporaryDataDirectory()
        let store = try directory.openStore()
        var draft = Fixtures.wedding()
        draft.version = 7
        let wedding = try await store.createWedding(draft)
        #expect(wedding.version == 1)
        #expect(wedding.createdAt == Fixtures.now && wedding.updatedAt == Fixtures.now)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.folder(wedding.weddingID)))
                == ["meta.json", "wedding.json", "guests.json", "budget.json", "vendors.json", "tasks.json", "timeline.json",
                    "gifts.json", "scenarios.json", "seating.json", "notes.json", "documents.json", "invitations.json", "journal.jsonl",
                    "lock"])
    }

    @Test func anInvalidWeddingIsRefusedAndNothingIsWritten() async throws {
        let directory = try TemporaryDataDirectory()
        let store = try directory.openStore()
        await #expect(throws: RepositoryError.self) { try await store.createWedding(Fixtures.wedding("  ")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.root + "/weddings").isEmpty)
    }

    @Test func creatingAnExistingIDIsAConflict() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let error = await #expect(throws: RepositoryError.self) {
            try await store.createWedding(Fixtures.wedding("Again", id: wedding))
        }
        #expect(error == .conflict(.wedding, id: wedding.rawValue, expected: 0, actual: 1))
    }

    @Test func deletingMovesTheFolderToTheTrash() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests([1], to: wedding, in: store)
        let other = try directory.openStore()
        _ = try await other.read(wedding) { _ in }

        try await store.deleteWedding(wedding)

        #expect(!FileManager.default.fileExists(atPath: directory.folder(wedding)))
        let trashed = try FileManager.default.contentsOfDirectory(atPath: directory.root + "/trash")
        #expect(trashed.count == 1 && trashed[0].hasPrefix(wedding.description + "-"))
        let journal = try String(contentsOfFile: directory.root + "/trash/" + trashed[0] + "/journal.jsonl", encoding: .utf8)
        #expect(journal.contains(Fixtures.uuid(1).uuidString.lowercased()))
        #expect(try await store.listWeddings().isEmpty)
        let notFound = RepositoryError.weddingNotFound(wedding.description)
        await #expect(throws: notFound) { try await store.read(wedding) { _ in } }
        await #expect(throws: notFound) { try await other.read(wedding) { _ in } }
        await #expect(throws: notFound) { try await other.write(wedding, operation: "add guest") { try $0.insert(Fixtures.guest(2)) } }
        await #expect(throws: notFound) { try await store.deleteWedding(wedding) }
    }

    @Test func aTrashedFolderMovedBackRestoresTheWedding() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests([1, 2], to: wedding, in: store)
        #expect(try store.trashedFolders(of: wedding).isEmpty)

        try await store.deleteWedding(wedding)
        let trashed = try store.trashedFolders(of: wedding)
        #expect(trashed.count == 1 && trashed[0].hasPrefix(store.root + "/trash/" + wedding.description + "-"))
        #expect(try store.trashedFolders(of: WeddingID()).isEmpty)

        try FileManager.default.moveItem(atPath: trashed[0], toPath: store.folderPath(of: wedding))
        let reopened = try directory.openStore()
        #expect(try await reopened.listWeddings().map(\.weddingID) == [wedding])
        #expect(try await reopened.read(wedding) { $0.guests.records.count } == 2)
    }

    @Test func anUnknownWeddingIsNotFound() async throws {
        let directory = try TemporaryDataDirectory()
        let store = try directory.openStore()
        let missing = WeddingID()
        await #expect(throws: RepositoryError.weddingNotFound(missing.description)) { try await store.read(missing) { _ in } }
        #expect(!FileManager.default.fileExists(atPath: directory.folder(missing)))
    }
}
