import BlueprintCache
import BlueprintDemo
import BlueprintDomain
@testable import BlueprintInterchange
import BlueprintPostgres
import BlueprintRepositories
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

/// `blueprint export wedding` / `import wedding`: one file that gives back the same wedding,
/// record for record and byte for byte, in another data directory or in a database.
@Suite("Wedding archive")
struct WeddingArchiveTests {
    /// A data directory holding a demo wedding (documents too) that has seen edits and a deletion,
    /// so versions, creation times and order are not all the first.
    private func editedDemo(in directory: TemporaryDataDirectory) async throws -> (FileStore, WeddingID) {
        let store = try directory.openStore()
        let repositories = Repositories(host: store, cache: RepositoryCache())
        let options = DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!, guests: 20, vendors: 4, tasks: 5)
        let id = try await repositories.weddings.createDemoWedding(options, documents: repositories.documents).weddingID
        var guests = try await store.read(id) { $0.guests.records }
        guests[0].notes = "edited once\n\"quoted\" \u{1B}[31m"
        _ = try await store.write(id, operation: "edit") { [edited = guests[0]] in try $0.update(edited) }
        let gone = guests[3].id
        try await store.write(id, operation: "delete") { try $0.delete(Guest.self, id: gone) }
        return (store, id)
    }

    /// The archive of the wedding `id` of `store`, its documents' files read from the store.
    private func archive(of id: WeddingID, in store: FileStore) async throws -> Data {
        let dataset = try await store.read(id) { $0 }
        let files = DocumentFiles(folder: store.documentsFolder(of: id))
        var contents: [String: Data] = [:]
        for document in dataset.documents { contents[document.sha256] = try files.contents(of: document.sha256, title: document.title) }
        return try WeddingArchive(dataset: dataset, documentFiles: contents).data()
    }

    @Test("export → import into an empty data directory → export gives the same bytes, documents' files included")
    func fileStoreRoundTrip() async throws {
        let here = try TemporaryDataDirectory()
        let (store, id) = try await editedDemo(in: here)
        let original = try await store.read(id) { $0 }
        #expect(!original.documents.isEmpty && !original.expenses.isEmpty && !original.seatingTables.isEmpty)
        let exported = try await archive(of: id, in: store)

        let read = try WeddingArchive(reading: exported, fileName: "wedding.json")
        #expect(read.dataset == original)
        let there = try TemporaryDataDirectory()
        let elsewhere = try there.openStore()
        _ = try await elsewhere.createWedding(copying: read.dataset)
        let files = DocumentFiles(folder: elsewhere.documentsFolder(of: id))
        for (sha256, bytes) in read.documentFiles { try files.store(bytes, expecting: sha256, title: "") }
        #expect(try await archive(of: id, in: elsewhere) == exported)
        #expect(try await there.openStore().read(id) { $0 } == original, "the copy is on disk, not only in memory")
    }

    @Test("the archive imported into a database reads back as the same wedding, and exports the same bytes")
    func databaseRoundTrip() async throws {
        let database = try await TestDatabase.make()
        let here = try TemporaryDataDirectory()
        let (store, id) = try await editedDemo(in: here)
        let exported = try await archive(of: id, in: store)
        let read = try WeddingArchive(reading: exported, fileName: "wedding.json")

        let host = try await database.openHost()
        do {
            try await host.push(read.dataset, operation: "imported from wedding.json", contents: read.documentFiles)
            let stored = try await host.read(id) { $0 }
            #expect(stored == read.dataset)
            #expect(try await host.contentHashes(in: id) == Set(read.documentFiles.keys))
            #expect(try WeddingArchive(dataset: stored, documentFiles: read.documentFiles).data() == exported)
            await host.close()
        } catch {
            await host.close()
            throw error
        }
    }

    @Test("a damaged archive is refused naming the file and where; a document file that does not match its hash too")
    func damagedArchives() throws {
        let wedding = Wedding(name: "Ana & Ben", partner1Name: "Ana", partner2Name: "Ben")
        let good = try WeddingArchive(dataset: WeddingDataset(wedding: wedding), documentFiles: ["abc": Data("x".utf8)]).data()
        let text = String(decoding: good, as: UTF8.self)
        do {
            _ = try WeddingArchive(reading: Data(text.utf8), fileName: "w.json")
            Issue.record("a document file that does not match its hash was read")
        } catch {
            #expect(error.description == "w.json: documentFiles[0]: its content is not base64 whose SHA-256 is abc; nothing was imported")
        }
        do {
            _ = try WeddingArchive(reading: Data(text.replacingOccurrences(of: "\"guests\" : [", with: "\"guests\" : {").utf8),
                                   fileName: "w.json")
            Issue.record("a broken archive was read")
        } catch {
            #expect(error.description.hasPrefix("w.json: line "), "\(error.description)")
            #expect(error.description.hasSuffix("; nothing was imported"))
        }
        do {
            _ = try WeddingArchive(reading: Data(text.replacingOccurrences(of: "\"formatVersion\" : 1", with: "\"formatVersion\" : 7").utf8),
                                   fileName: "w.json")
            Issue.record("a later format was read")
        } catch {
            #expect(error.description == "w.json: it is a wedding archive of format 7; this blueprint reads format 1; nothing was imported")
        }
    }
}
