import BlueprintDomain
@testable import BlueprintStorage
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
        try StoreJSONEncoderTests.expectSameAsFoundation([Mutation.saveGuest(guest), .deleteTask(task.id), .saveWedding(wedding)]
            .map(JournalMutation.init))
    }

    @Test func writesWholeSnapshotFilesExactlyAsFoundationDoes() throws {
        let (wedding, guest, category, expense, vendor, task) = StoreJSONDecoderTests.samples()
        let full = WeddingDataset(wedding: wedding, guests: [guest, Fixtures.guest(2)], categories: [category],
                                  expenses: [expense], vendors: [vendor], tasks: [task])
        for dataset in [full, WeddingDataset(wedding: wedding)] {
            for file in SnapshotFile.allCases {
                let ours = try SnapshotEncoding.data(file, of: dataset, generation: 7, with: StoreJSON.fileEncoder())
                var theirs = try StoreJSONEncoderTests.foundation(.pretty).encode(
                    SnapshotEncoding.content(file, of: dataset, generation: 7))
                theirs.append(UInt8(ascii: "\n"))
                #expect(String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self), "\(file)")
            }
        }
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
