import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("Listing weddings")
struct WeddingIndexTests {
    @Test func listsByNameWithoutReadingGuestLists() async throws {
        let directory = try TemporaryDataDirectory()
        let store = try directory.openStore()
        for name in ["zoe & yan", "Ana & Ben", "mia & noor"] { _ = try await store.createWedding(Fixtures.wedding(name)) }
        let ana = try #require(try await store.listWeddings().first)
        try Data("broken".utf8).write(to: URL(fileURLWithPath: directory.file("guests.json", of: ana.weddingID)))

        let names = try await directory.openStore().listWeddings().map(\.name)
        #expect(names == ["Ana & Ben", "mia & noor", "zoe & yan"])
        #expect(FileManager.default.fileExists(atPath: directory.file("guests.json", of: ana.weddingID)),
                "the guest list was not read, so it was not set aside")
    }

    @Test func aRenameThroughATransactionShowsInEveryProcessesList() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        var settings = try await store.read(wedding) { $0.wedding }
        settings.name = "Ana and Ben"
        _ = try await store.write(wedding, operation: "update wedding") { [settings] in try $0.updateWedding(settings) }

        #expect(try await store.listWeddings().map(\.name) == ["Ana and Ben"])
        #expect(try await directory.openStore().listWeddings().map(\.name) == ["Ana and Ben"])
    }

    @Test func aMissingOrCorruptIndexIsRebuiltFromTheFolders() async throws {
        let directory = try TemporaryDataDirectory()
        let store = try directory.openStore()
        let first = try await store.createWedding(Fixtures.wedding("First"))
        _ = try await store.createWedding(Fixtures.wedding("Second"))
        var renamed = first
        renamed.name = "First, renamed"
        _ = try await store.write(first.weddingID, operation: "update wedding") { [renamed] in try $0.updateWedding(renamed) }
        let index = directory.root + "/index.json"

        try FileManager.default.removeItem(atPath: index)
        #expect(try await directory.openStore().listWeddings().map(\.name) == ["First, renamed", "Second"])
        #expect(FileManager.default.fileExists(atPath: index))

        try Data("[".utf8).write(to: URL(fileURLWithPath: index))
        #expect(try await directory.openStore().listWeddings().map(\.name) == ["First, renamed", "Second"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.root).contains { $0.hasPrefix("index.json.corrupt-") })
    }

    @Test func aStaleNameIsCorrectedWhenTheWeddingOpens() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let index = directory.root + "/index.json"
        let indexBeforeRename = try Data(contentsOf: URL(fileURLWithPath: index))
        var settings = try await store.read(wedding) { $0.wedding }
        settings.name = "Renamed"
        _ = try await store.write(wedding, operation: "update wedding") { [settings] in try $0.updateWedding(settings) }
        // As if the process had crashed between the commit and the index update.
        try indexBeforeRename.write(to: URL(fileURLWithPath: index))

        let reader = try directory.openStore()
        #expect(try await reader.listWeddings().map(\.name) == ["Ana & Ben"])
        _ = try await reader.read(wedding) { _ in }
        #expect(try await reader.listWeddings().map(\.name) == ["Renamed"])
    }
}
