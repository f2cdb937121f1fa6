import BlueprintDomain
import BlueprintStorage
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Synchronization
import Testing

extension Wedding1 {
    static let contractDocument = uuid(111), quoteDocument = uuid(112), menuDocument = uuid(113), hostileDocument = uuid(114)

    /// The planner's wedding with documents attached before `start` (the planner's now): a
    /// contract (1.2 MB) and a quote on the Grand Hall, a menu on the wedding, and, with
    /// `hostile`, one with control and bidi characters in its title and author on the Rose Florist.
    static func documentedDataset(hostile: Bool = false) -> WeddingDataset {
        var dataset = dataset()
        func before(_ seconds: Int64) -> Timestamp { Timestamp(millisecondsSince1970: start.millisecondsSince1970 - seconds * 1000) }
        func sha(_ digit: Character) -> String { String(repeating: digit, count: 64) }
        func contract() -> String { Document.sha256(of: Data(contractBytes.utf8)) }
        dataset.documents.upsert(Document(id: contractDocument, title: "Venue contract", fileName: "contract-v3.pdf",
                                          contentType: "application/pdf", byteCount: 1_258_291, sha256: contract(),
                                          subject: .record(.vendor, grandHall), addedBy: "Mei", createdAt: before(5 * 60)))
        dataset.documents.upsert(Document(id: quoteDocument, title: "Hall quote", fileName: "quote.txt", contentType: "text/plain",
                                          byteCount: 812, sha256: sha("2"), subject: .record(.vendor, grandHall), addedBy: "Sam",
                                          createdAt: before(3 * 3600)))
        dataset.documents.upsert(Document(id: menuDocument, title: "Dinner menu", fileName: "menu.md", contentType: "text/markdown",
                                          byteCount: 2_048, sha256: sha("3"), subject: .wedding, addedBy: "Mei",
                                          createdAt: before(2 * 86_400)))
        if hostile {
            dataset.documents.upsert(Document(id: hostileDocument, title: "Evil\u{1B}]0;pwned\u{07} \u{202E}quote\r\n山田 😀",
                                              fileName: "x\u{1B}[2J.pdf", contentType: "application/pdf", byteCount: 10,
                                              sha256: sha("4"), subject: .record(.vendor, roseFlorist),
                                              addedBy: "\u{1B}[31mMallory\u{200B}", createdAt: before(60)))
        }
        return dataset
    }

    /// The contract's bytes (its record says 1.2 MB: only restoring it needs them stored).
    static let contractBytes = "%PDF-1.7 the venue contract"
}

@Suite("Documents in the planner: details, :attach, the documents list, opening")
@MainActor
struct DocumentsPlannerTests {
    /// A folder of files to attach, removed when the test ends.
    final class Files {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planner-documents-\(UUID().uuidString)")

        init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func write(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
    }

    @Test("a vendor's details end with its documents: title, type, size, who added it and when; D lists them")
    func vendorDetails() async throws {
        let planner = await PlannerHarness([Wedding1.documentedDataset()], rows: 40, columns: 120)
        await planner.press(.character("3"), .enter)
        let frame = planner.frame()
        #expect(frame.contains("┌─ Grand Hall"))
        #expect(frame.contains("Documents (2) · D lists them"))
        #expect(frame.contains("Venue contract · application/pdf · 1.2 MB · Mei, 5 min ago"))
        #expect(frame.contains("Hall quote · text/plain · 812 B · Sam, 3 h ago"))
        #expect(!frame.contains("Dinner menu"), "the wedding's documents are not the vendor's")

        await planner.press(.character("D"))
        let list = planner.frame()
        #expect(list.contains("Documents of Grand Hall"))
        #expect(list.contains("Venue contract") && list.contains("Hall quote") && !list.contains("Dinner menu"))
        #expect(planner.statusRow.contains("DOCUMENTS"))
    }

    @Test("an expense's details list its documents, and D on an expense row lists them")
    func expenseDocuments() async throws {
        let planner = await PlannerHarness(rows: 40, columns: 120)
        let files = try Files()
        _ = try await planner.session.documents.attach(fileAt: try files.write("invoice.txt", "Pay by May"), title: "Florist invoice",
                                                       to: .record(.expense, Wedding1.bouquet)).get()
        await planner.press(.character("2"), .character("v"), .enter)
        let details = planner.frame()
        #expect(details.contains("┌─ Bridal bouquet") && details.contains("Documents (1)"))
        #expect(details.contains("Florist invoice · text/plain · 10 B"))
        await planner.press(.escape, .character("D"))
        #expect(planner.frame().contains("Documents of Bridal bouquet") && planner.frame().contains("Florist invoice"))
    }

    @Test(":attach with a quoted path attaches the file to the highlighted vendor and says so")
    func attachToHighlightedVendor() async throws {
        let planner = await PlannerHarness(rows: 40, columns: 140)
        let files = try Files()
        let path = try files.write("florist quote.txt", "Peonies: 40 stems")
        await planner.press(.character("3"), .character("j"))
        #expect(planner.frame().contains("Rose Florist"))

        await planner.press(.character(":"))
        await planner.type("attach \"\(path)\" --title \"Florist quote\"")
        await planner.press(.enter)

        #expect(planner.statusRow.contains("Attached Florist quote (17 B) to Rose Florist"))
        let attached = planner.session.documents.documents(of: .record(.vendor, Wedding1.roseFlorist))
        #expect(attached.map(\.title) == ["Florist quote"] && attached.first?.fileName == "florist quote.txt")
        #expect(try await planner.stored { $0.documents.records.map(\.title) } == ["Florist quote"])
        await planner.press(.enter)
        #expect(planner.frame().contains("Documents (1)") && planner.frame().contains("Florist quote · text/plain · 17 B"))
    }

    @Test(":attach in a vendor's details attaches to it; with no vendor or expense in view, to the wedding")
    func attachTargets() async throws {
        let planner = await PlannerHarness(rows: 30, columns: 140)
        let files = try Files()
        await planner.press(.character("3"), .enter, .character(":"))
        await planner.type("attach " + CommandWords.quoted(try files.write("plan.txt", "Tables")))
        await planner.press(.enter)
        #expect(planner.statusRow.contains("Attached plan.txt (6 B) to Grand Hall"))

        await planner.press(.escape, .character("1"), .character(":"))
        await planner.type("attach " + CommandWords.quoted(try files.write("menu.txt", "Fish")))
        await planner.press(.enter)
        #expect(planner.statusRow.contains("Attached menu.txt (4 B) to the wedding"))
        #expect(planner.session.documents.documents(of: .wedding).map(\.title) == ["menu.txt"])
    }

    @Test(":attach of a missing file or a folder says so and attaches nothing")
    func attachRefusals() async throws {
        let planner = await PlannerHarness(rows: 30, columns: 140)
        let files = try Files()
        let missing = files.folder.appendingPathComponent("contract.pdf").path
        await planner.press(.character("3"), .character(":"))
        await planner.type("attach " + missing)
        await planner.press(.enter)
        #expect(planner.statusRow.contains("Not attached: FILE '\(missing)' does not exist"))

        await planner.press(.character(":"))
        await planner.type("attach " + files.folder.path)
        await planner.press(.enter)
        #expect(planner.statusRow.contains("is a folder; attach a file"))
        #expect(planner.session.documents.documents.isEmpty)
        #expect(try await planner.stored { $0.documents.records.isEmpty })
    }

    @Test(":documents lists every document; Enter shows one's details with the full stored path")
    func listAndDetails() async throws {
        let planner = await PlannerHarness([Wedding1.documentedDataset()], rows: 40, columns: 120)
        await planner.press(.character(":"))
        await planner.type("documents")
        await planner.press(.enter)
        let list = planner.frame()
        #expect(list.contains("Vendor: Grand Hall") && list.contains("Wedding") && list.contains("Dinner menu"))

        await planner.press(.enter)
        let details = planner.frame()
        let contract = try #require(planner.session.documents.document(Wedding1.contractDocument))
        let path = planner.session.documents.storedPath(of: contract)
        #expect(details.contains("┌─ Venue contract"))
        #expect(details.contains("File  contract-v3.pdf") && details.contains("Type  application/pdf"))
        #expect(details.contains("Size  1.2 MB (1258291 bytes)") && details.contains("Added  Mei, 5 min ago"))
        #expect(details.contains("Stored at"))
        // The path wraps at the value column's width (84 columns less the label's 12 and the margins).
        var rest = Substring(path)
        while !rest.isEmpty {
            #expect(details.contains(String(rest.prefix(66))), "the stored path is shown whole")
            rest = rest.dropFirst(66)
        }
        #expect(details.contains(String(contract.sha256.prefix(40))), "the SHA-256")
    }

    @Test("o over ssh says where the file is and runs nothing")
    func openOverSSH() async throws {
        var handedOver = 0
        let planner = await PlannerHarness([Wedding1.documentedDataset()], rows: 30, columns: 300,
                                           environment: ["SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22", "PAGER": "true"],
                                           runOutsideTerminal: { _ in handedOver += 1 })
        await planner.press(.character(":"))
        await planner.type("documents")
        await planner.press(.enter, .character("o"))
        let contract = try #require(planner.session.documents.document(Wedding1.contractDocument))
        #expect(planner.statusRow.contains("Over ssh: the file is at \(planner.session.documents.storedPath(of: contract))"))
        #expect(handedOver == 0)
    }

    @Test("o and Enter on a document kept in the database bring its file here first, then show where it is")
    func fetchedFromTheDatabase() async throws {
        let asked = Mutex(0)
        let planner = await PlannerHarness([Wedding1.documentedDataset()], rows: 40, columns: 300,
                                           environment: ["SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22"],
                                           contents: { sha256, title, files in
                                               asked.withLock { $0 += 1 }
                                               try files.store(Data(Wedding1.contractBytes.utf8), expecting: sha256, title: title)
                                           })
        let contract = try #require(planner.session.documents.document(Wedding1.contractDocument))
        let path = planner.session.documents.storedPath(of: contract)
        #expect(!FileManager.default.fileExists(atPath: path))
        await planner.press(.character(":"))
        await planner.type("documents")
        await planner.press(.enter, .character("o"))
        #expect(planner.statusRow.contains("Over ssh: the file is at \(path)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(Wedding1.contractBytes.utf8))
        await planner.press(.enter)
        #expect(planner.frame().contains("Stored at"))
        #expect(asked.withLock { $0 } == 1, "fetched once, then found here")
    }

    @Test("a document whose file is on the database and not here, with the database out of reach, says so on o and Enter")
    func notFetchedYet() async throws {
        let planner = await PlannerHarness([Wedding1.documentedDataset()], rows: 40, columns: 300,
                                           environment: ["SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22"],
                                           contents: { _, title, _ in throw DocumentError.notFetchedYet(title: title) })
        await planner.press(.character(":"))
        await planner.type("documents")
        await planner.press(.enter, .character("o"))
        #expect(planner.statusRow.contains("Cannot open Venue contract: the file of 'Venue contract' is on the database and "
                                           + "not on this machine yet"), "\(planner.statusRow)")
        await planner.press(.enter)
        #expect(planner.statusRow.contains("the file of 'Venue contract' is on the database and not on this machine yet"))
        #expect(planner.frame().contains("┌─ Venue contract"), "the details show all the same")
    }

    @Test("o on a local terminal hands the terminal to $PAGER for text and reports how it ended")
    func openLocally() async throws {
        var handedOver = 0
        let planner = await PlannerHarness([Wedding1.documentedDataset()], rows: 30, columns: 200, environment: ["PAGER": "true"],
                                           runOutsideTerminal: { body in
                                               handedOver += 1
                                               body()
                                           })
        await planner.press(.character("3"), .character("D"), .character("j"), .character("o"))
        #expect(planner.statusRow.contains("Opened Hall quote with true"))
        #expect(handedOver == 1)
    }

    @Test("d moves a document to the trash after asking, u brings it back; t shows the trash, where r restores")
    func trashAndRestore() async throws {
        let planner = await PlannerHarness([Wedding1.documentedDataset()], rows: 30, columns: 120)
        let documents = planner.session.documents
        _ = try await planner.context.documents.storeContent(Data(Wedding1.contractBytes.utf8), in: planner.weddingID)
        await planner.press(.character("3"), .character("D"), .character("d"))
        #expect(planner.frame().contains("Delete the document Venue contract?"))
        await planner.press(.character("y"))
        #expect(planner.statusRow.contains("Deleted Venue contract"))
        #expect(documents.documents(of: .record(.vendor, Wedding1.grandHall)).map(\.title) == ["Hall quote"])
        #expect(try await planner.stored { $0.documents[Wedding1.contractDocument]?.isTrashed } == true)

        await planner.press(.character("u"))
        #expect(planner.statusRow.contains("Undid delete document"))
        #expect(documents.documents(of: .record(.vendor, Wedding1.grandHall)).count == 2)

        await planner.press(.character("d"), .character("y"), .character("t"))
        #expect(planner.frame().contains("Documents of Grand Hall · trash") && planner.frame().contains("Venue contract"))
        await planner.press(.character("r"))
        #expect(planner.statusRow.contains("Restored Venue contract"))
        #expect(documents.trashed.isEmpty)
        #expect(planner.frame().contains("The trash is empty."))
        #expect(try await planner.stored { $0.documents[Wedding1.contractDocument]?.isTrashed } == false)
    }

    @Test("the documents list, with a hostile title and author drawn neutralised", arguments: SnapshotTests.sizes)
    func snapshot(_ size: CanvasSize) async {
        let planner = await PlannerHarness([Wedding1.documentedDataset(hostile: true)], rows: size.rows, columns: size.columns)
        await planner.press(.character(":"))
        await planner.type("documents")
        await planner.press(.enter)
        planner.frame()
        #expect(!planner.canvas.text.contains("\u{1B}") && !planner.canvas.text.contains("\u{202E}"))
        Snapshot.expect(planner.canvas, named: "documents-\(size.columns)x\(size.rows)")
    }
}
