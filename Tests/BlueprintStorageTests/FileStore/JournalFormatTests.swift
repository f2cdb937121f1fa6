import BlueprintDomain
@testable import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

/// How a journal line spells a mutation: the journal's names (`op`, `kind`, `record`, `id`),
/// which the domain knows nothing of.
@Suite("Journal lines")
struct JournalFormatTests {
    static func line(_ entry: JournalEntry) throws -> String {
        String(decoding: try StoreJSONEncoderTests.streamed { try entry.write(to: JSONObjectStream(style: .compact, into: $0)) },
               as: UTF8.self)
    }

    @Test("every kind of mutation reads back equal from a journal line")
    func everyMutationRoundTrips() throws {
        let (wedding, guest, category, expense, vendor, task) = StoreJSONDecoderTests.samples()
        let (milestone, item) = StoreJSONDecoderTests.timelineSamples()
        let all: [Mutation] = [.saveWedding(wedding), .save(guest), .delete(Guest.self, id: guest.id), .save(category),
                               .delete(BudgetCategory.self, id: category.id), .save(expense), .delete(Expense.self, id: expense.id),
                               .save(vendor), .delete(Vendor.self, id: vendor.id), .save(task), .delete(WeddingTask.self, id: task.id),
                               .save(milestone), .delete(Milestone.self, id: milestone.id), .save(item),
                               .delete(RunSheetItem.self, id: item.id)]
        let entry = JournalEntry(at: Fixtures.now, operation: "everything", mutations: all, author: "ana@server")
        let read = try StoreJSONDecoder().decode(JournalEntry.self, from: Data(try Self.line(entry).utf8))
        #expect(read.mutations == all && read.operation == "everything" && read.at == Fixtures.now)
        #expect(read.author == "ana@server")

        // A line written before authors were recorded has none.
        let older = try StoreJSONDecoder().decode(JournalEntry.self, from: Data(try Self.line(
            JournalEntry(at: Fixtures.now, operation: "everything", mutations: all)).utf8))
        #expect(older.author == nil && older.mutations == all)
    }

    @Test("a deletion is spelled with the journal's names")
    func spelling() throws {
        let id = Fixtures.uuid(8)
        let text = try Self.line(JournalEntry(at: Fixtures.now, operation: "delete task", mutations: [.delete(WeddingTask.self, id: id)]))
        #expect(text.contains(#""mutations":[{"id":"00000000-0000-4000-8000-000000000008","kind":"task","op":"delete"}]"#))
    }

    @Test("a journal line that deletes the wedding is refused")
    func weddingDeletionIsNotAMutation() {
        let text = #"{"id":"00000000-0000-0000-0000-000000000008","kind":"wedding","op":"delete"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(JournalMutation.self, from: Data(text.utf8)) }
    }

    @Test("regression: an edited task keeps its due date through the journal and back")
    func editedTaskKeepsDueDate() throws {
        var task = WeddingTask(title: "Visit the hall", dueDate: CalendarDate(year: 2026, month: 4, day: 15), createdAt: Fixtures.now)
        task.title = "Visit the hall again"
        let text = try Self.line(JournalEntry(at: Fixtures.now, operation: "update task", mutations: [.save(task)]))
        #expect(text.contains(#""dueDate":"2026-04-15""#))
        let read = try StoreJSONDecoder().decode(JournalEntry.self, from: Data(text.utf8))
        #expect(read.mutations == [.save(task)])
    }
}
