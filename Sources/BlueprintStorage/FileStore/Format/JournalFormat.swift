import Foundation
import BlueprintDomain

/// The first line of a journal file.
struct JournalHeader: Codable, Equatable {
    static let formatName = "blueprint-journal"

    var format = JournalHeader.formatName
    /// Counts compactions: each one starts a journal with the next generation.
    var generation: Int
}

/// One committed transaction: one line of the journal.
struct JournalEntry: Decodable, Sendable {
    var at: Timestamp
    /// What the change was, as the caller named it ("update guest").
    var operation: String
    var mutations: [Mutation]
    /// Who wrote it (the configured name, else the login name; `user@host` in older lines);
    /// absent from lines written before authors were recorded.
    var author: String?
    /// What the transaction did, for the activity feed; absent from lines written before schema 4.
    var activity: ActivitySummary?

    init(at: Timestamp, operation: String, mutations: [Mutation], author: String? = nil, activity: ActivitySummary? = nil) {
        self.at = at
        self.operation = operation
        self.mutations = mutations
        self.author = author
        self.activity = activity
    }

    private enum CodingKeys: String, CodingKey { case at, operation, mutations, author, activity }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        at = try container.decode(Timestamp.self, forKey: .at)
        operation = try container.decode(String.self, forKey: .operation)
        author = try container.decodeIfPresent(String.self, forKey: .author)
        activity = try container.decodeIfPresent(ActivitySummary.self, forKey: .activity)
        mutations = try container.decode([JournalMutation].self, forKey: .mutations).map(\.mutation)
    }

    /// Writes the entry as one journal line (its newline included), mutation by mutation.
    func write(to stream: JSONObjectStream) throws -> Int {
        if let activity { try stream.member(CodingKeys.activity.stringValue, activity) }
        try stream.member(CodingKeys.at.stringValue, at)
        if let author { try stream.member(CodingKeys.author.stringValue, author) }
        try stream.member(CodingKeys.mutations.stringValue, elements: mutations.lazy.map(JournalMutation.init))
        try stream.member(CodingKeys.operation.stringValue, operation)
        return try stream.finish()
    }
}

/// A mutation as a journal line spells it: `{"kind":"guest","op":"save","record":{…}}` or
/// `{"id":"…","kind":"guest","op":"delete"}`. These names are the journal's, not the domain's.
struct JournalMutation: Codable, Equatable {
    let mutation: Mutation

    init(_ mutation: Mutation) { self.mutation = mutation }

    private enum CodingKeys: String, CodingKey { case op, kind, record, id }
    private enum Operation: String, Codable { case save, delete }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(RecordKind.self, forKey: .kind)
        switch try container.decode(Operation.self, forKey: .op) {
        case .save:
            switch kind {
            case .wedding: mutation = .saveWedding(try container.decode(Wedding.self, forKey: .record))
            case .guest: mutation = .saveGuest(try container.decode(Guest.self, forKey: .record))
            case .category: mutation = .saveCategory(try container.decode(BudgetCategory.self, forKey: .record))
            case .expense: mutation = .saveExpense(try container.decode(Expense.self, forKey: .record))
            case .vendor: mutation = .saveVendor(try container.decode(Vendor.self, forKey: .record))
            case .task: mutation = .saveTask(try container.decode(WeddingTask.self, forKey: .record))
            case .milestone: mutation = .saveMilestone(try container.decode(Milestone.self, forKey: .record))
            case .runSheetItem: mutation = .saveRunSheetItem(try container.decode(RunSheetItem.self, forKey: .record))
            case .gift: mutation = .saveGift(try container.decode(Gift.self, forKey: .record))
            case .moneyOwed: mutation = .saveMoneyOwed(try container.decode(MoneyOwed.self, forKey: .record))
            case .scenario: mutation = .saveScenario(try container.decode(BudgetScenario.self, forKey: .record))
            case .seatingTable: mutation = .saveSeatingTable(try container.decode(SeatingTable.self, forKey: .record))
            case .seatingRule: mutation = .saveSeatingRule(try container.decode(SeatingRule.self, forKey: .record))
            case .note: mutation = .saveNote(try container.decode(Note.self, forKey: .record))
            case .document: mutation = .saveDocument(try container.decode(Document.self, forKey: .record))
            }
        case .delete:
            let id = try container.decode(UUID.self, forKey: .id)
            switch kind {
            case .wedding:
                throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                       debugDescription: "a wedding is not deleted through its journal")
            case .guest: mutation = .deleteGuest(id)
            case .category: mutation = .deleteCategory(id)
            case .expense: mutation = .deleteExpense(id)
            case .vendor: mutation = .deleteVendor(id)
            case .task: mutation = .deleteTask(id)
            case .milestone: mutation = .deleteMilestone(id)
            case .runSheetItem: mutation = .deleteRunSheetItem(id)
            case .gift: mutation = .deleteGift(id)
            case .moneyOwed: mutation = .deleteMoneyOwed(id)
            case .scenario: mutation = .deleteScenario(id)
            case .seatingTable: mutation = .deleteSeatingTable(id)
            case .seatingRule: mutation = .deleteSeatingRule(id)
            case .note: mutation = .deleteNote(id)
            case .document: mutation = .deleteDocument(id)
            }
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mutation.kind, forKey: .kind)
        switch mutation {
        case .saveWedding(let record): try encodeSave(record, in: &container)
        case .saveGuest(let record): try encodeSave(record, in: &container)
        case .saveCategory(let record): try encodeSave(record, in: &container)
        case .saveExpense(let record): try encodeSave(record, in: &container)
        case .saveVendor(let record): try encodeSave(record, in: &container)
        case .saveTask(let record): try encodeSave(record, in: &container)
        case .saveMilestone(let record): try encodeSave(record, in: &container)
        case .saveRunSheetItem(let record): try encodeSave(record, in: &container)
        case .saveGift(let record): try encodeSave(record, in: &container)
        case .saveMoneyOwed(let record): try encodeSave(record, in: &container)
        case .saveScenario(let record): try encodeSave(record, in: &container)
        case .saveSeatingTable(let record): try encodeSave(record, in: &container)
        case .saveSeatingRule(let record): try encodeSave(record, in: &container)
        case .saveNote(let record): try encodeSave(record, in: &container)
        case .saveDocument(let record): try encodeSave(record, in: &container)
        case .deleteGuest(let id), .deleteCategory(let id), .deleteExpense(let id), .deleteVendor(let id), .deleteTask(let id),
             .deleteMilestone(let id), .deleteRunSheetItem(let id), .deleteGift(let id), .deleteMoneyOwed(let id),
             .deleteScenario(let id), .deleteSeatingTable(let id), .deleteSeatingRule(let id), .deleteNote(let id),
             .deleteDocument(let id):
            try container.encode(Operation.delete, forKey: .op)
            try container.encode(id, forKey: .id)
        }
    }

    private func encodeSave(_ record: some Encodable, in container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode(Operation.save, forKey: .op)
        try container.encode(record, forKey: .record)
    }
}
