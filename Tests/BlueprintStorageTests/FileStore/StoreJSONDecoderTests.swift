import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("The store's JSON decoder")
struct StoreJSONDecoderTests {
    static let tricky = "Zoë 🎉 \"quoted\" back\\slash /slash\ttab\nnewline \u{0} nul \u{2028} separator"

    static func roundTrip<T: Codable & Equatable>(_ value: T, _ encoder: StoreJSONEncoder = StoreJSON.fileEncoder()) throws -> T {
        try StoreJSONDecoder().decode(T.self, from: try encoder.encode(value))
    }

    /// One record of every type with every field set, tricky text included.
    static func samples() -> (wedding: Wedding, guest: Guest, category: BudgetCategory, expense: Expense, vendor: Vendor,
                              task: WeddingTask) {
        let category = BudgetCategory(name: StoreJSONDecoderTests.tricky, allocated: Money(minorUnits: 1_234_56),
                                      parentID: UUID(), notes: "n", createdAt: Fixtures.now, version: 3)
        var guest = Fixtures.guest(1, lastName: StoreJSONDecoderTests.tricky)
        guest.email = "zoe@example.com"
        guest.table = 12
        guest.seat = 3
        guest.plusOneAllowed = true
        guest.address = Address(line1: "1 Rue d'Été", city: "Zürich", country: "CH")
        let expense = Expense(name: "Venue", categoryID: category.id, vendorID: UUID(), amount: Money(minorUnits: -5),
                              dueDate: CalendarDate(year: 2027, month: 2, day: 28), paymentStatus: .partial,
                              installments: [Installment(amount: Money(minorUnits: 100), dueDate: CalendarDate(year: 2026, month: 1, day: 1)!,
                                                         paidDate: CalendarDate(year: 2026, month: 1, day: 2))],
                              createdAt: Fixtures.now)
        let vendor = Vendor(name: "Band", category: .hairAndMakeup, status: .booked, quotedAmount: Money(minorUnits: Int64.max),
                            bookedDate: CalendarDate(year: 9999, month: 12, day: 31), createdAt: Fixtures.now)
        let task = WeddingTask(title: "Cake", status: .onHold, priority: .urgent, dueDate: CalendarDate(year: 2026, month: 6, day: 1),
                               assignees: ["Ana", "Ben"], subtasks: [Subtask(title: "Taste", isDone: true)], checklistKey: "cake",
                               createdAt: Fixtures.now)
        var wedding = Fixtures.wedding(StoreJSONDecoderTests.tricky)
        wedding.weddingDate = CalendarDate(year: 2026, month: 9, day: 12)
        wedding.currency = Currency(code: "jpy")!
        return (wedding, guest, category, expense, vendor, task)
    }

    /// A milestone and a run-sheet item with every field set, in hostile text.
    static func timelineSamples() -> (milestone: Milestone, item: RunSheetItem) {
        let milestone = Milestone(title: StoreJSONDecoderTests.tricky, date: CalendarDate(year: 2027, month: 3, day: 1)!,
                                  isDone: true, notes: "line\nbreak", createdAt: Fixtures.now, version: 4)
        let item = RunSheetItem(day: CalendarDate(year: 2027, month: 6, day: 12)!, start: TimeOfDay(hour: 14, minute: 30)!,
                                end: TimeOfDay(hour: 24, minute: 0)!, title: "Ceremony", place: StoreJSONDecoderTests.tricky,
                                people: ["Ana", "best man"], vendorID: UUID(), notes: "rings", createdAt: Fixtures.now)
        return (milestone, item)
    }

    @Test func everyRecordTypeRoundTripsWithEveryFieldSet() throws {
        let (wedding, guest, category, expense, vendor, task) = StoreJSONDecoderTests.samples()
        #expect(try StoreJSONDecoderTests.roundTrip(category) == category)
        #expect(try StoreJSONDecoderTests.roundTrip(guest) == guest)
        #expect(try StoreJSONDecoderTests.roundTrip(expense) == expense)
        #expect(try StoreJSONDecoderTests.roundTrip(vendor) == vendor)
        let (milestone, item) = StoreJSONDecoderTests.timelineSamples()
        #expect(try StoreJSONDecoderTests.roundTrip(milestone) == milestone)
        #expect(try StoreJSONDecoderTests.roundTrip(item) == item)
        #expect(try StoreJSONDecoderTests.roundTrip(task) == task)
        #expect(try StoreJSONDecoderTests.roundTrip(wedding) == wedding)
        let mutations: [Mutation] = [.saveWedding(wedding), .save(guest), .delete(Guest.self, id: guest.id), .save(category),
                                     .delete(BudgetCategory.self, id: category.id), .save(expense), .delete(Expense.self, id: expense.id),
                                     .save(vendor), .delete(Vendor.self, id: vendor.id), .save(task), .delete(WeddingTask.self, id: task.id)]
        #expect(try StoreJSONDecoderTests.roundTrip(mutations.map(JournalMutation.init), StoreJSON.lineEncoder())
            .map(\.mutation) == mutations)
    }

    @Test func aTaskWrittenBeforeChecklistsDecodesWithoutAKeyAndWritesNone() throws {
        var task = StoreJSONDecoderTests.samples().task
        let written = String(decoding: try StoreJSON.fileEncoder().encode(task), as: UTF8.self)
        #expect(written.contains("  \"checklistKey\" : \"cake\",\n"))
        let old = written.replacingOccurrences(of: "  \"checklistKey\" : \"cake\",\n", with: "")
        task.checklistKey = nil
        #expect(try StoreJSONDecoder().decode(WeddingTask.self, from: Data(old.utf8)) == task)
        #expect(String(decoding: try StoreJSON.fileEncoder().encode(task), as: UTF8.self) == old)
    }

    @Test func absentAndNullOptionalsDecodeAsNil() throws {
        let start = #"{"id": "00000000-0000-4000-8000-000000000001", "amount": 5, "dueDate": "2026-01-01""#
        for text in [start + "}", start + #", "paidDate": null}"#] {
            let installment = try StoreJSONDecoder().decode(Installment.self, from: Data(text.utf8))
            #expect(installment.paidDate == nil)
            #expect(installment.dueDate == CalendarDate(year: 2026, month: 1, day: 1))
        }
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let text = #"["caf\u00e9", "\ud83c\udf89", "a\/b", "\b\f\r"]"#
        #expect(try StoreJSONDecoder().decode([String].self, from: Data(text.utf8)) == ["café", "🎉", "a/b", "\u{8}\u{C}\r"])
    }

    @Test func aLargeArrayDecodesInOrder() throws {
        let guests = (1...Int(concurrentDecodingThreshold) * 3).map { Fixtures.guest($0) }
        #expect(try StoreJSONDecoderTests.roundTrip(guests) == guests)
    }

    @Test(arguments: [
        ("{\n  \"a\" : [1, 2,\n}", 3, 1, "unexpected character '}'"),
        ("[1, 2] x", 1, 8, "unexpected text after the end"),
        ("[\"abc", 1, 6, "ends inside a string"),
        ("[\"a\u{1}b\"]", 1, 4, "control character"),
        ("[01]", 1, 3, "expected ',' or ']'"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("[tru]", 1, 2, "unexpected text"),
        ("[\"\\ud83c\"]", 1, 3, "surrogate"),
        ("[\"\\q\"]", 1, 3, "unknown escape"),
    ])
    func malformedTextIsLocated(text: String, line: Int, column: Int, message: String) throws {
        let error = #expect(throws: JSONReadError.self) { try StoreJSONDecoder().decode([String].self, from: Data(text.utf8)) }
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test func invalidUTF8IsRefused() throws {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        let error = #expect(throws: JSONReadError.self) { try StoreJSONDecoder().decode([String].self, from: Data(bytes)) }
        #expect(error?.message.contains("UTF-8") == true)
    }

    @Test func wrongShapesNameTheFieldAndTheLine() throws {
        let missing = "{\n  \"lastName\" : \"Okafor\"\n}"
        let missingError = #expect(throws: JSONReadError.self) { try StoreJSONDecoder().decode(Guest.self, from: Data(missing.utf8)) }
        #expect(missingError?.line == 1)
        #expect(missingError?.message.contains("missing field") == true)

        var guest = try StoreJSON.fileEncoder().encode([Fixtures.guest(1)])
        guest = Data(String(decoding: guest, as: UTF8.self).replacingOccurrences(of: "\"rsvp\" : \"invited\"", with: "\"rsvp\" : 7").utf8)
        let typeError = #expect(throws: JSONReadError.self) { try StoreJSONDecoder().decode([Guest].self, from: guest) }
        #expect(typeError?.message == "expected a string, found a number")
        let rsvpLine = String(decoding: guest, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("\"rsvp\"") }.map { $0 + 1 }
        #expect(typeError?.line == rsvpLine)
    }

    @Test func aBadElementOfALargeArrayIsReportedAtItsLine() throws {
        var guests = (1...Int(concurrentDecodingThreshold) * 2).map { Fixtures.guest($0) }
        guests[1500].lastName = "MARKER"
        let text = String(decoding: try StoreJSON.fileEncoder().encode(guests), as: UTF8.self)
            .replacingOccurrences(of: "\"MARKER\"", with: "false")
        let error = #expect(throws: JSONReadError.self) { try StoreJSONDecoder().decode([Guest].self, from: Data(text.utf8)) }
        let markerLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(": false,") && $0.contains("lastName") }
        #expect(error?.line == markerLine.map { $0 + 1 })
    }

    @Test("a large table is decoded straight into its chunks, in order, each record found by its id")
    func aLargeTableDecodesInOrder() throws {
        let guests = (1...Int(concurrentDecodingThreshold) * 3 + 5).map { Fixtures.guest($0) }
        let table = try StoreJSONDecoder().decode(RecordTable<Guest>.self, from: try StoreJSON.fileEncoder().encode(guests))
        #expect(Array(table) == guests)
        #expect(guests.indices.allSatisfy { table[guests[$0].id] == guests[$0] && table.index(of: guests[$0].id) == $0 })
    }

    @Test("a record written twice in a large table is kept once, the later one in the earlier one's place")
    func aRepeatedRecordOfALargeTableIsKeptOnce() throws {
        var guests = (1...Int(concurrentDecodingThreshold) * 2).map { Fixtures.guest($0) }
        var later = guests[3]
        later.firstName = "Later"
        guests.append(later)
        let table = try StoreJSONDecoder().decode(RecordTable<Guest>.self, from: try StoreJSON.fileEncoder().encode(guests))
        #expect(table.count == guests.count - 1 && table[3] == later && table.index(of: later.id) == 3)
    }

    @Test func aBadRecordOfALargeTableIsReportedAtItsLine() throws {
        var guests = (1...Int(concurrentDecodingThreshold) * 2).map { Fixtures.guest($0) }
        guests[1500].lastName = "MARKER"
        let text = String(decoding: try StoreJSON.fileEncoder().encode(guests), as: UTF8.self)
            .replacingOccurrences(of: "\"MARKER\"", with: "false")
        let error = #expect(throws: JSONReadError.self) { try StoreJSONDecoder().decode(RecordTable<Guest>.self, from: Data(text.utf8)) }
        let markerLine = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(": false,") && $0.contains("lastName") }
        #expect(error?.line == markerLine.map { $0 + 1 })
    }

    @Test func integersAreCheckedForRange() throws {
        #expect(try StoreJSONDecoder().decode([Int64].self, from: Data("[-9223372036854775808, 9223372036854775807]".utf8))
                == [Int64.min, Int64.max])
        #expect(throws: JSONReadError.self) { try StoreJSONDecoder().decode([Int64].self, from: Data("[9223372036854775808]".utf8)) }
        #expect(throws: JSONReadError.self) { try StoreJSONDecoder().decode([Int].self, from: Data("[1.5]".utf8)) }
        #expect(try StoreJSONDecoder().decode([Double].self, from: Data("[1.5e3, -0.25]".utf8)) == [1500, -0.25])
    }
}
