import BlueprintDemo
import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

/// The tape decoder reads the values every record has (UUIDs, timestamps, dates, string enums)
/// straight from the text, and guesses where each field sits. Whatever it decodes must be what
/// the generic `Decodable` path decodes (Foundation's `JSONDecoder` is the reference), and what
/// it refuses must be refused in the same words, at the same line.
@Suite("The tape decoder's fast paths")
struct TapeFastPathTests {
    static func ours<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T { try StoreJSONDecoder().decode(type, from: data) }
    static func foundation<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T { try JSONDecoder().decode(type, from: data) }

    /// `[{"value": …}]` for each of `texts` (raw JSON values), as a file would hold them.
    static func wrapped(_ texts: [String]) -> Data {
        Data(("[\n" + texts.map { "  {\n    \"value\" : \($0)\n  }" }.joined(separator: ",\n") + "\n]").utf8)
    }

    struct Wrapper<Value: Codable & Equatable>: Codable, Equatable { var value: Value }

    @Test func everyRecordOfADemoWeddingDecodesAsFoundationDecodesIt() throws {
        // Over the concurrent threshold, so the guests decode on several threads.
        let dataset = try DemoWeddingGenerator.make(DemoWeddingOptions(today: CalendarDate(year: 2026, month: 11, day: 21)!,
                                                                       guests: 2_500, vendors: 40, tasks: 120, expenses: 150))
        let encoder = StoreJSON.fileEncoder()
        func expectSame<T: Codable & Equatable>(_ records: [T]) throws {
            let data = try encoder.encode(records)
            let decoded = try Self.ours([T].self, data)
            #expect(decoded == records)
            #expect(decoded == (try Self.foundation([T].self, data)))
        }
        try expectSame(dataset.guests.records)
        try expectSame(dataset.categories.records)
        try expectSame(dataset.expenses.records)
        try expectSame(dataset.vendors.records)
        try expectSame(dataset.tasks.records)
        try expectSame([dataset.wedding])
    }

    @Test func oddButValidLeafValuesDecodeAsFoundationDecodesThem() throws {
        let uuids = ["\"c146ff41-6ef8-4518-9aaf-4c8f99b0584d\"", "\"C146FF41-6EF8-4518-9AAF-4C8F99B0584D\"",
                     "\"00000000-0000-0000-0000-000000000000\"", "\"FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF\""]
        let timestamps = ["\"2026-11-21T09:00:45.890Z\"", "\"2026-11-21T09:00:45Z\"", "\"2026-11-21 09:00:45.8Z\"",
                          "\"2026-11-21T09:00:45.123456Z\"", "\"2026-11-21T23:30:00+02:00\"", "\"1969-12-31T23:59:59.999-05:30\"",
                          "\"2024-02-29T00:00:60Z\"", "\"0001-01-01T00:00:00Z\"", "\"9999-12-31T23:59:59.999Z\""]
        let dates = ["\"2024-02-29\"", "\"0001-01-01\"", "\"9999-12-31\"", "\"1970-01-01\""]
        for (type, texts) in [(UUID.self as any (Codable & Equatable).Type, uuids), (Timestamp.self, timestamps),
                              (CalendarDate.self, dates)] {
            try expectSameAsFoundation(type, texts)
        }
        try expectSameAsFoundation(RSVPStatus.self, RSVPStatus.allCases.map { "\"\($0.rawValue)\"" })
        try expectSameAsFoundation(InvitedBy.self, InvitedBy.allCases.map { "\"\($0.rawValue)\"" })
        try expectSameAsFoundation(PaymentStatus.self, PaymentStatus.allCases.map { "\"\($0.rawValue)\"" })
        try expectSameAsFoundation(VendorCategory.self, VendorCategory.allCases.map { "\"\($0.rawValue)\"" })
        try expectSameAsFoundation(VendorStatus.self, VendorStatus.allCases.map { "\"\($0.rawValue)\"" })
        try expectSameAsFoundation(TaskStatus.self, TaskStatus.allCases.map { "\"\($0.rawValue)\"" })
        try expectSameAsFoundation(TaskPriority.self, TaskPriority.allCases.map { "\"\($0.rawValue)\"" })
        try expectSameAsFoundation(RecordKind.self, RecordKind.allCases.map { "\"\($0.rawValue)\"" })
        // Escaped text decodes too.
        try expectSameAsFoundation(RSVPStatus.self, [#""\u0061ttending""#])
        try expectSameAsFoundation(Timestamp.self, [#""2026-11-21T09:00:45\u002e890Z""#])
    }

    private func expectSameAsFoundation<T: Codable & Equatable>(_ type: T.Type, _ texts: [String],
                                                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = Self.wrapped(texts)
        let ours = try Self.ours([Wrapper<T>].self, data)
        let theirs = try Self.foundation([Wrapper<T>].self, data)
        #expect(ours == theirs, "\(T.self)", sourceLocation: sourceLocation)
        #expect(ours.count == texts.count, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        // The types' own messages, as the generic path gave them.
        ("RSVPStatus", "\"yes\"", "Cannot initialize RSVPStatus from invalid String value yes"),
        ("RSVPStatus", "\"Attending\"", "Cannot initialize RSVPStatus from invalid String value Attending"),
        ("RSVPStatus", "7", "expected a string, found a number"),
        ("RSVPStatus", "null", "expected a string, found null"),
        ("Timestamp", "\"2026-11-21T09:00:45\"", "not an ISO-8601 timestamp with a time zone: 2026-11-21T09:00:45"),
        ("Timestamp", "\"2026-13-01T09:00:45Z\"", "not an ISO-8601 timestamp with a time zone: 2026-13-01T09:00:45Z"),
        ("Timestamp", "1795251678", "expected a string, found a number"),
        ("CalendarDate", "\"2026-02-30\"", "not a yyyy-MM-dd date: 2026-02-30"),
        ("CalendarDate", "\"2026-2-3\"", "not a yyyy-MM-dd date: 2026-2-3"),
        ("CalendarDate", "true", "expected a string, found true or false"),
        ("UUID", "\"c146ff41-6ef8-4518-9aaf-4c8f99b0584\"", "Attempted to decode UUID from invalid UUID string."),
        ("UUID", "\"c146ff41x6ef8-4518-9aaf-4c8f99b0584d\"", "Attempted to decode UUID from invalid UUID string."),
        ("UUID", "{}", "expected a string, found an object"),
    ])
    func refusedValuesAreReportedInTheSameWordsAtTheirLine(type: String, text: String, message: String) throws {
        let data = Self.wrapped([Self.valid(type), text])
        let error: JSONReadError?
        switch type {
        case "RSVPStatus": error = #expect(throws: JSONReadError.self) { try Self.ours([Wrapper<RSVPStatus>].self, data) }
        case "Timestamp": error = #expect(throws: JSONReadError.self) { try Self.ours([Wrapper<Timestamp>].self, data) }
        case "CalendarDate": error = #expect(throws: JSONReadError.self) { try Self.ours([Wrapper<CalendarDate>].self, data) }
        default: error = #expect(throws: JSONReadError.self) { try Self.ours([Wrapper<UUID>].self, data) }
        }
        #expect(error?.message == message)
        #expect(error?.line == 6, "the second element's value")
        // Foundation's decoder refuses it too.
        #expect(throws: (any Error).self) {
            switch type {
            case "RSVPStatus": _ = try Self.foundation([Wrapper<RSVPStatus>].self, data)
            case "Timestamp": _ = try Self.foundation([Wrapper<Timestamp>].self, data)
            case "CalendarDate": _ = try Self.foundation([Wrapper<CalendarDate>].self, data)
            default: _ = try Self.foundation([Wrapper<UUID>].self, data)
            }
        }
    }

    static func valid(_ type: String) -> String {
        switch type {
        case "RSVPStatus": return "\"attending\""
        case "Timestamp": return "\"2026-11-21T09:00:45.890Z\""
        case "CalendarDate": return "\"2026-11-21\""
        default: return "\"C146FF41-6EF8-4518-9AAF-4C8F99B0584D\""
        }
    }

    @Test func fieldsInAnyOrderAndMissingOptionalsDecodeWhateverTheObjectBeforeThemHeld() throws {
        // Each object puts its fields elsewhere, so where the previous one held a field is a
        // wrong guess for the next.
        let id = "\"id\": \"00000000-0000-4000-8000-000000000001\"", amount = "\"amount\": 5", due = "\"dueDate\": \"2026-01-01\""
        let paid = "\"paidDate\": \"2026-01-02\""
        let objects = [[id, amount, due, paid], [paid, due, amount, id], [due, id, amount], [amount, "\"x\": [1, {\"dueDate\": 3}]", due, id],
                       [id, due, "\"paidDate\": null", amount], [paid, "\"amountX\": 1", amount, due, id]]
        let text = "[" + objects.map { "{" + $0.joined(separator: ", ") + "}" }.joined(separator: ",\n") + "]"
        let data = Data(text.utf8)
        let installments = try Self.ours([Installment].self, data)
        #expect(installments == (try Self.foundation([Installment].self, data)))
        #expect(installments.map(\.paidDate) == [CalendarDate(year: 2026, month: 1, day: 2), CalendarDate(year: 2026, month: 1, day: 2),
                                                 nil, nil, nil, CalendarDate(year: 2026, month: 1, day: 2)])
        #expect(installments.allSatisfy { $0.amount == Money(minorUnits: 5) && $0.dueDate == CalendarDate(year: 2026, month: 1, day: 1) })
    }

    @Test func manyKindsOfObjectWithManyFieldsShareTheGuessesWithoutMixingThemUp() throws {
        // More distinct field names than the guess table holds near any one slot.
        struct Wide: Codable, Equatable {
            var fields: [String: Int]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                fields = [:]
                for name in Wide.names { fields[name] = try container.decode(Int.self, forKey: AnyKey(name)) }
            }
            init(fields: [String: Int]) { self.fields = fields }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                for (name, value) in fields { try container.encode(value, forKey: AnyKey(name)) }
            }
            static let names = (0..<300).map { "field\($0)" } + (0..<100).map { "a much longer field name number \($0)" }
        }
        let rows = (0..<20).map { row in Wide(fields: Dictionary(uniqueKeysWithValues: Wide.names.enumerated().map { ($1, $0 * row) })) }
        #expect(try Self.ours([Wide].self, try StoreJSON.fileEncoder().encode(rows)) == rows)
    }
}

/// Large arrays near the top of a file are parsed element by element while decoding (see
/// `JSONTape`). Whatever the text, that must decode the same values, or fail with the same
/// error at the same place, as parsing the whole text first.
@Suite("Deferred arrays against parsing everything first")
struct DeferredArrayTests {
    struct File: Codable, Equatable {
        var journalGeneration: Int
        var guests: [Guest]
    }

    /// What decoding gives: the value, or the error's line, column and message.
    enum Outcome<T: Equatable>: Equatable {
        case value(T)
        case error(line: Int, column: Int, message: String)
    }

    static func deferred<T: Decodable & Equatable>(_ type: T.Type, _ data: Data) -> Outcome<T> {
        outcome { try StoreJSONDecoder().decode(type, from: data) }
    }

    static func parsedFirst<T: Decodable & Equatable>(_ type: T.Type, _ data: Data) -> Outcome<T> {
        outcome {
            try data.withUnsafeBytes { bytes in
                try TapeReader(bytes: bytes, tape: try JSONTape(parsing: bytes, deferringLargeArrays: false)).decode(type, at: 0)
            }
        }
    }

    static func outcome<T>(_ body: () throws -> T) -> Outcome<T> {
        do {
            return .value(try body())
        } catch let error as JSONReadError {
            return .error(line: error.line, column: error.column, message: error.message)
        } catch {
            return .error(line: 0, column: 0, message: "\(error)")
        }
    }

    static let file: Data = {
        let guests = (1...Int(concurrentDecodingThreshold) + 300).map { number in
            var guest = Fixtures.guest(number)
            guest.notes = number % 7 == 0 ? "a note, with [brackets] {braces} \"quotes\" and \\ backslashes" : ""
            guest.table = number % 3 == 0 ? number : nil
            return guest
        }
        return try! StoreJSON.fileEncoder().encode(File(journalGeneration: 4, guests: guests))
    }()

    @Test func aFileWithALargeArrayDecodesTheSameEitherWay() throws {
        let deferred = Self.deferred(File.self, Self.file)
        guard case .value(let file) = deferred else { Issue.record("\(deferred)"); return }
        #expect(file.guests.count == Int(concurrentDecodingThreshold) + 300)
        #expect(deferred == Self.parsedFirst(File.self, Self.file))
        let tape = try Self.file.withUnsafeBytes { try JSONTape(parsing: $0) }
        #expect(tape.deferredArrays.count == 1, "the guests are deferred")
    }

    @Test("a table of fewer records than a concurrent share is read once too, and decodes the same")
    func aShortTableIsDeferred() throws {
        struct Table: Decodable, Equatable { var journalGeneration: Int; var guests: RecordTable<Guest> }
        let guests = (1...300).map { Fixtures.guest($0) }
        let data = try StoreJSON.fileEncoder().encode(File(journalGeneration: 2, guests: guests))
        let tape = try data.withUnsafeBytes { try JSONTape(parsing: $0) }
        #expect(tape.deferredArrays.count == 1, "the guests are parsed only element by element")
        let table = Self.deferred(Table.self, data)
        #expect(table == Self.parsedFirst(Table.self, data))
        guard case .value(let decoded) = table else { Issue.record("\(table)"); return }
        #expect(Array(decoded.guests) == guests)
    }

    @Test func oddLayoutsDecodeTheSameEitherWay() throws {
        let count = Int(concurrentDecodingThreshold) + 10
        let element = #"{"id": "00000000-0000-4000-8000-000000000001", "amount": 5, "dueDate": "2026-01-01"}"#
        // A nested object's brace where an element's would be; tabs; everything on one line;
        // an element's closing brace and the next opening one on one line.
        let nested = "  {\n    \"id\" : \"00000000-0000-4000-8000-000000000001\",\n    \"amount\" :\n  5,\n    \"dueDate\" : \"2026-01-01\"\n  }"
        func array(_ element: String, open: String, separator: String, close: String) -> String {
            open + Array(repeating: element, count: count).joined(separator: separator) + close
        }
        let layouts: [String] = [
            array(nested, open: "[\n", separator: ",\n", close: "\n]"),
            array(element, open: "[\n\t", separator: ",\n\t", close: "\n]"),
            array(element, open: "[", separator: ",", close: "]"),
            array(element, open: "[\n  ", separator: ", ", close: "\n]"),
            array(element, open: "[\n  ", separator: ",\n  ", close: "\n  ]"),
        ]
        for layout in layouts {
            let data = Data(layout.utf8)
            let deferred = Self.deferred([Installment].self, data)
            #expect(deferred == Self.parsedFirst([Installment].self, data))
            if case .value(let installments) = deferred { #expect(installments.count == count) } else { Issue.record("\(deferred)") }
        }
        // A nested object opening alone on a line at the elements' indentation looks like an
        // element's start; parsing the elements finds out.
        struct Inner: Codable, Equatable { var b: Int }
        struct Outer: Codable, Equatable { var a: Inner }
        let misleading = Data(array("  {\n    \"a\" :\n  {\n    \"b\" : 1\n  }\n  }", open: "[\n", separator: ",\n", close: "\n]").utf8)
        let outers = Self.deferred([Outer].self, misleading)
        #expect(outers == Self.parsedFirst([Outer].self, misleading))
        #expect(outers == .value(Array(repeating: Outer(a: Inner(b: 1)), count: count)))
    }

    @Test func aLargeArrayNoDecoderReadsIsStillChecked() {
        struct JustTheGeneration: Decodable, Equatable { var journalGeneration: Int }
        let broken = String(decoding: Self.file, as: UTF8.self).replacingOccurrences(of: "\"Number 1200\"", with: "Number 1200\"")
        let outcome = Self.deferred(JustTheGeneration.self, Data(broken.utf8))
        #expect(outcome == Self.parsedFirst(JustTheGeneration.self, Data(broken.utf8)))
        guard case .error = outcome else { Issue.record("decoded a broken file"); return }
        #expect(Self.deferred(JustTheGeneration.self, Self.file) == .value(JustTheGeneration(journalGeneration: 4)))
    }

    @Test("damaged files fail the same way either way", arguments: 0..<60)
    func damagedFilesFailTheSameWayEitherWay(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var bytes = [UInt8](Self.file)
        // One to three changes: a byte replaced by one that matters to JSON, or removed.
        for _ in 0...random.int(in: 0...2) {
            let position = random.int(in: 0...bytes.count - 1)
            let replacement = random.pick(Array("{}[],:\"\\ x1-\n\u{1}".utf8))
            if random.int(in: 0...3) == 0 { bytes.remove(at: position) } else { bytes[position] = replacement }
        }
        let data = Data(bytes)
        #expect(Self.deferred(File.self, data) == Self.parsedFirst(File.self, data))
        #expect(Self.deferred([Guest].self, data) == Self.parsedFirst([Guest].self, data))
    }

    /// A guest whose name is a number, and a guest whose name's string is left open, in either order.
    @Test(arguments: [(20, 1200), (1200, 20)])
    func theFirstProblemInTheTextIsReportedWhateverKindItIs(typeError: Int, syntaxError: Int) {
        var text = String(decoding: Self.file, as: UTF8.self)
        let marker = { (number: Int) in "\"Number \(number)\"" }
        text = text.replacingOccurrences(of: marker(typeError), with: "17")
        text = text.replacingOccurrences(of: marker(syntaxError), with: "\"Number \(syntaxError)\"  \"")
        let data = Data(text.utf8)
        let outcome = Self.deferred(File.self, data)
        #expect(outcome == Self.parsedFirst(File.self, data))
        // Broken text anywhere is reported before any value of the wrong type, as parsing first does.
        if case .error(_, _, let message) = outcome {
            #expect(!message.contains("expected a string"))
        } else {
            Issue.record("decoded a broken file")
        }
    }

    @Test func aLargeArrayDecodedAsAnotherCollectionOrNestedDecodesTheSame() throws {
        let numbers = (0..<2000).map { $0 * 3 }
        let text = Data(("{\"a\" : [" + numbers.map(String.init).joined(separator: ", ") + "], \"b\" : [[1, 2], []]}").utf8)
        struct Sets: Codable, Equatable { var a: Set<Int>; var b: [[Int]] }
        struct Counted: Codable, Equatable {
            var a: Int
            init(from decoder: any Decoder) throws {
                var elements = try decoder.container(keyedBy: AnyKey.self).nestedUnkeyedContainer(forKey: AnyKey("a"))
                a = 0
                while !elements.isAtEnd { a += try elements.decode(Int.self) }
            }
            func encode(to encoder: any Encoder) throws {}
        }
        let sets = Self.deferred(Sets.self, text)
        #expect(sets == .value(Sets(a: Set(numbers), b: [[1, 2], []])))
        #expect(sets == Self.parsedFirst(Sets.self, text))
        let counted = Self.deferred(Counted.self, text)
        #expect(counted == Self.parsedFirst(Counted.self, text))
        #expect((try? StoreJSONDecoder().decode(Counted.self, from: text).a) == numbers.reduce(0, +))
    }
}
