import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("The store's JSON encoder")
struct StoreJSONEncoderTests {
    /// Foundation's encoder with the store's options: the reference output.
    static func foundation(_ style: StoreJSONEncoder.Style) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = style == .pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                                                    : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func expectSameAsFoundation<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for style in [StoreJSONEncoder.Style.pretty, .compact] {
            let ours = String(decoding: try StoreJSONEncoder(style: style).encode(value), as: UTF8.self)
            let theirs = String(decoding: try foundation(style).encode(value), as: UTF8.self)
            #expect(ours == theirs, "\(style)", sourceLocation: sourceLocation)
        }
    }

    @Test func writesEveryRecordTypeExactlyAsFoundationDoes() throws {
        let (wedding, guest, category, expense, vendor, task) = StoreJSONDecoderTests.samples()
        try StoreJSONEncoderTests.expectSameAsFoundation(wedding)
        try StoreJSONEncoderTests.expectSameAsFoundation(guest)
        try StoreJSONEncoderTests.expectSameAsFoundation(Fixtures.guest(1))
        try StoreJSONEncoderTests.expectSameAsFoundation(category)
        try StoreJSONEncoderTests.expectSameAsFoundation(expense)
        try StoreJSONEncoderTests.expectSameAsFoundation(vendor)
        try StoreJSONEncoderTests.expectSameAsFoundation(task)
        let (milestone, item) = StoreJSONDecoderTests.timelineSamples()
        try StoreJSONEncoderTests.expectSameAsFoundation(milestone)
        try StoreJSONEncoderTests.expectSameAsFoundation(item)
        try StoreJSONEncoderTests.expectSameAsFoundation([Mutation.save(guest), .delete(WeddingTask.self, id: task.id), .saveWedding(wedding)]
            .map(JournalMutation.init))
    }

    /// The snapshot files as plain `Codable` values: what Foundation writes for them is the reference.
    private struct WeddingFile: Encodable { var journalGeneration: Int; var wedding: Wedding }
    private struct GuestsFile: Encodable { var journalGeneration: Int; var guests: [Guest] }
    private struct BudgetFile: Encodable { var journalGeneration: Int; var categories: [BudgetCategory]; var expenses: [Expense] }
    private struct VendorsFile: Encodable { var journalGeneration: Int; var vendors: [Vendor] }
    private struct TasksFile: Encodable { var journalGeneration: Int; var tasks: [WeddingTask] }
    private struct TimelineFile: Encodable { var journalGeneration: Int; var milestones: [Milestone]; var runSheet: [RunSheetItem] }
    private struct GiftsFile: Encodable { var journalGeneration: Int; var gifts: [Gift]; var moneyOwed: [MoneyOwed] }
    private struct ScenariosFile: Encodable { var journalGeneration: Int; var scenarios: [BudgetScenario] }
    private struct SeatingFile: Encodable { var journalGeneration: Int; var tables: [SeatingTable]; var rules: [SeatingRule] }
    private struct NotesFile: Encodable { var journalGeneration: Int; var notes: [Note] }
    private struct DocumentsFile: Encodable { var journalGeneration: Int; var documents: [Document] }
    private struct InvitationsFile: Encodable { var journalGeneration: Int; var invitations: [Invitation] }

    /// Each snapshot file's reference content, by file name: written out here, not derived from
    /// the declarations, so a change to what a file holds or is called shows.
    private static func references(of dataset: WeddingDataset, generation: Int) -> [String: any Encodable] {
        [
            "wedding.json": WeddingFile(journalGeneration: generation, wedding: dataset.wedding),
            "guests.json": GuestsFile(journalGeneration: generation, guests: dataset.guests.records),
            "budget.json": BudgetFile(journalGeneration: generation, categories: dataset.categories.records,
                                      expenses: dataset.expenses.records),
            "vendors.json": VendorsFile(journalGeneration: generation, vendors: dataset.vendors.records),
            "tasks.json": TasksFile(journalGeneration: generation, tasks: dataset.tasks.records),
            "timeline.json": TimelineFile(journalGeneration: generation, milestones: dataset.milestones.records,
                                          runSheet: dataset.runSheet.records),
            "gifts.json": GiftsFile(journalGeneration: generation, gifts: dataset.gifts.records, moneyOwed: dataset.moneyOwed.records),
            "scenarios.json": ScenariosFile(journalGeneration: generation, scenarios: dataset.scenarios.records),
            "seating.json": SeatingFile(journalGeneration: generation, tables: dataset.seatingTables.records,
                                        rules: dataset.seatingRules.records),
            "notes.json": NotesFile(journalGeneration: generation, notes: dataset.notes.records),
            "documents.json": DocumentsFile(journalGeneration: generation, documents: dataset.documents.records),
            "invitations.json": InvitationsFile(journalGeneration: generation, invitations: dataset.invitations.records),
        ]
    }

    /// Collects what a stream hands its sink, in chunks of `chunkSize` or more.
    static func streamed(_ write: (@escaping JSONObjectStream.Sink) throws -> Int) rethrows -> Data {
        var data = Data()
        let size = try write { data.append(contentsOf: $0) }
        #expect(size == data.count)
        return data
    }

    @Test("snapshot files are streamed exactly as Foundation writes them whole, empty tables included")
    func writesWholeSnapshotFilesExactlyAsFoundationDoes() throws {
        let (wedding, guest, category, expense, vendor, task) = StoreJSONDecoderTests.samples()
        let (milestone, item) = StoreJSONDecoderTests.timelineSamples()
        let full = WeddingDataset(wedding: wedding, guests: [guest, Fixtures.guest(2)], categories: [category],
                                  expenses: [expense], vendors: [vendor], tasks: [task], milestones: [milestone], runSheet: [item],
                                  notes: [Note(subject: .record(guest), text: "Allergic to \"nuts\"\nSecond line", author: "Mei")],
                                  documents: [Document(title: "Contract", fileName: "c.pdf", contentType: "application/pdf",
                                                       byteCount: 12, sha256: String(repeating: "ab", count: 32),
                                                       subject: .record(vendor), addedBy: "Mei")],
                                  invitations: [Invitation(household: "guest:x", tokenHash: String(repeating: "0f", count: 32),
                                                           issuedAt: Fixtures.now, answeredAt: Fixtures.now)])
        for dataset in [full, WeddingDataset(wedding: wedding)] {
            let references = Self.references(of: dataset, generation: 7)
            #expect(SnapshotFile.allCases.map(\.fileName) == ["wedding.json", "guests.json", "budget.json", "vendors.json", "tasks.json",
                                                              "timeline.json", "gifts.json", "scenarios.json", "seating.json",
                                                              "notes.json", "documents.json", "invitations.json"])
            for file in SnapshotFile.allCases {
                let ours = try Self.streamed { try SnapshotEncoding.write(file, of: dataset, generation: 7, to: $0) }
                let reference = try #require(references[file.fileName], "\(file)")
                var theirs = try StoreJSONEncoderTests.foundation(.pretty).encode(reference)
                theirs.append(UInt8(ascii: "\n"))
                #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self), "\(file)")
            }
        }
    }

    @Test("a document larger than a chunk reaches the sink in pieces that join to the whole text")
    func largeDocumentsArriveInChunks() throws {
        let guests = (0..<300).map { Fixtures.guest($0) }
        var chunks: [Int] = []
        var joined = Data()
        let stream = JSONObjectStream(style: .compact, chunkSize: 4096) { bytes in
            chunks.append(bytes.count)
            joined.append(contentsOf: bytes)
        }
        try stream.member("guests", elements: guests)
        try stream.member("version", 3)
        #expect(try stream.finish() == joined.count)
        var whole = try StoreJSONEncoderTests.foundation(.compact).encode(["guests": AnyEncodable(guests), "version": AnyEncodable(3)])
        whole.append(UInt8(ascii: "\n"))
        #expect(String(decoding: joined, as: UTF8.self) == String(decoding: whole, as: UTF8.self))
        #expect(chunks.count > 10)
        #expect(chunks.dropLast().allSatisfy { $0 >= 4096 && $0 < 4096 + 2048 })
    }

    @Test func writesEscapesEmptyContainersAndNumbersAsFoundationDoes() throws {
        struct Sample: Codable {
            var text = "x/y\u{7f}\u{2028}é\u{1}\u{1f}\"\\\n\t\r\u{8}\u{c}"
            var empty: [Int] = []
            var emptyObject: [String: Int] = [:]
            var numbers = [3.0, 0.1, -2.5, 1e20]
            var integers: [Int64] = [.min, .max, 0]
            var flags = [true, false]
            var missing: Int?
        }
        try StoreJSONEncoderTests.expectSameAsFoundation(Sample())
    }

    @Test func aTypeWithNestedContainersIsLeftToFoundation() throws {
        struct Nested: Encodable {
            func encode(to encoder: any Encoder) throws {
                var outer = encoder.container(keyedBy: AnyKey.self)
                var inner = outer.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("b"))
                try inner.encode(1, forKey: AnyKey("z"))
                try outer.encode(2, forKey: AnyKey("a"))
            }
        }
        try StoreJSONEncoderTests.expectSameAsFoundation(Nested())
    }

    @Test func nonFiniteNumbersAreRefused() {
        #expect(throws: EncodingError.self) { try StoreJSONEncoder(style: .compact).encode([Double.nan]) }
    }
}

/// Lets a test encode a dictionary of mixed values with Foundation.
private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
