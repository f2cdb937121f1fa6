import BlueprintDomain
@testable import BlueprintStores
import BlueprintTestDoubles
import Foundation
import Testing

@MainActor
@Suite("The documents store", .timeLimit(.minutes(3)))
struct DocumentsStoreTests {
    /// A folder of files to attach, removed when the test ends.
    final class Files {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("documents-store-\(UUID().uuidString)")

        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// Writes `text` to a file called `name` and returns its path.
        func write(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
    }

    @Test func attachingStoresTheFileAndListsItOnItsVendorNewestFirst() async throws {
        let harness = Harness(), files = try Files()
        let store = await harness.loaded(DocumentsStore.init)
        let florist = RecordSubject.record(.vendor, Sample.roseFlorist)

        let quote = try await store.attach(fileAt: try files.write("quote.txt", "Peonies: 40 stems"), title: nil, to: florist).get()
        try await Task.sleep(for: .milliseconds(3))
        let contract = try await store.attach(fileAt: try files.write("contract.pdf", "%PDF-1.7 signed"), title: "Florist contract",
                                              to: florist).get()
        _ = try await store.attach(fileAt: try files.write("menu.md", "# Menu"), title: " ", to: .wedding).get()

        #expect(quote.title == "quote.txt" && quote.contentType == "text/plain" && quote.byteCount == 17)
        #expect(quote.addedBy == InMemoryWeddingHost.author)
        #expect(contract.contentType == "application/pdf")
        #expect(store.documents(of: florist).map(\.title) == ["Florist contract", "quote.txt"])
        #expect(store.documents(of: .wedding).map(\.title) == ["menu.md"])
        #expect(store.documents(of: .record(.vendor, Sample.grandHall)).isEmpty)
        #expect(store.documents.count == 3)
        let stored = store.storedPath(of: contract)
        #expect(try Data(contentsOf: URL(fileURLWithPath: stored)) == Data("%PDF-1.7 signed".utf8))
        #expect(try await harness.stored { $0.documents.records.count } == 3)
    }

    @Test("a missing file, a folder or an unknown vendor is refused and nothing changes", arguments: ["missing", "folder", "vendor"])
    func badInputChangesNothing(_ problem: String) async throws {
        let harness = Harness(), files = try Files()
        let store = await harness.loaded(DocumentsStore.init)
        var path = try files.write("quote.txt", "a quote"), subject = RecordSubject.record(.vendor, Sample.roseFlorist)
        var expected = ""
        switch problem {
        case "missing":
            path = files.folder.appendingPathComponent("nowhere.pdf").path
            expected = "'\(path)' does not exist"
        case "folder":
            path = files.folder.path
            expected = "is a folder"
        default:
            subject = .record(.vendor, UUID())
            expected = "no vendor with id"
        }

        let result = await store.attach(fileAt: path, title: nil, to: subject)

        guard case .failure(let error) = result else { Issue.record("attached: \(result)"); return }
        #expect(String(describing: error).contains(expected), "\(error)")
        #expect(store.documents.isEmpty && !store.canUndo)
        #expect(try await harness.stored { $0.documents.records.isEmpty })
    }

    @Test func trashingIsUndoneByRestoringAndRestoreTakesOneBack() async throws {
        let harness = Harness(), files = try Files()
        let store = await harness.loaded(DocumentsStore.init)
        let subject = RecordSubject.record(.expense, Sample.venueDeposit)
        let invoice = try await store.attach(fileAt: try files.write("invoice.txt", "Pay by May"), title: "Invoice", to: subject).get()

        #expect(await store.trash(invoice.id) == .saved)
        #expect(store.documents(of: subject).isEmpty)
        #expect(store.trashed.map(\.title) == ["Invoice"])
        #expect(try await harness.stored { $0.documents[invoice.id]?.isTrashed } == true)
        #expect(store.undoTitle == "delete document")

        #expect(await store.undo() == .saved)
        #expect(store.documents(of: subject).map(\.title) == ["Invoice"])
        #expect(store.trashed.isEmpty)
        #expect(try await harness.stored { $0.documents[invoice.id]?.isTrashed } == false)

        #expect(await store.trash(invoice.id) == .saved)
        #expect(await store.restore(invoice.id) == .saved)
        #expect(store.documents(of: subject).map(\.id) == [invoice.id])
        #expect(try await harness.stored { $0.documents[invoice.id]?.isTrashed } == false)
        #expect(FileManager.default.fileExists(atPath: store.storedPath(of: invoice)))
    }

    @Test func undoingAnAttachMovesTheDocumentToTheTrash() async throws {
        let harness = Harness(), files = try Files()
        let store = await harness.loaded(DocumentsStore.init)
        let menu = try await store.attach(fileAt: try files.write("menu.txt", "Fish or beef"), title: nil, to: .wedding).get()

        #expect(store.undoTitle == "attach document")
        #expect(await store.undo() == .saved)
        #expect(store.documents.isEmpty)
        #expect(store.trashed.map(\.id) == [menu.id])
        #expect(try await harness.stored { $0.documents[menu.id]?.isTrashed } == true)
    }

    @Test func anotherSessionsDocumentIsPatchedInWithoutReloading() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        let reads = await harness.probe.readCounts()
        let document = Document(title: "Seating plan", fileName: "plan.pdf", contentType: "application/pdf", byteCount: 10,
                                sha256: String(repeating: "a", count: 64), subject: .record(.vendor, Sample.grandHall),
                                addedBy: "Mei", createdAt: Sample.start)

        await harness.externalWrite([.save(document)])

        await messages.handOverChange(to: session)
        #expect(session.documents.document(document.id) != nil)
        #expect(session.documents.documents(of: .record(.vendor, Sample.grandHall)).map(\.addedBy) == ["Mei"])
        #expect(await harness.probe.readCounts() == reads, "the documents were patched, not loaded again")
        session.close()
    }
}
