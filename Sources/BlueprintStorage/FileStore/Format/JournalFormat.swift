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
/// `{"id":"…","kind":"guest","op":"delete"}`, `kind` being the `RecordKind`'s name. These names
/// are the journal's, not the domain's.
struct JournalMutation: Codable, Equatable {
    let mutation: Mutation

    init(_ mutation: Mutation) { self.mutation = mutation }

    private enum CodingKeys: String, CodingKey { case op, kind, record, id }
    private enum Operation: String, Codable { case save, delete }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let tag = try container.decode(String.self, forKey: .kind)
        guard let kind = RecordKind(rawValue: tag) else {
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription:
                "unknown record kind \"\(tag)\" (known: \(RecordKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let type = WeddingDataset.tableRecordType(of: kind)
        switch try container.decode(Operation.self, forKey: .op) {
        case .save:
            guard let type else {
                mutation = .saveWedding(try container.decode(Wedding.self, forKey: .record))
                return
            }
            mutation = .save(try Self.decodeRecord(type, in: container))
        case .delete:
            guard let type else {
                throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                       debugDescription: "a wedding is not deleted through its journal")
            }
            mutation = .delete(type, id: try container.decode(UUID.self, forKey: .id))
        }
    }

    private static func decodeRecord<R: TableRecord>(_ type: R.Type, in container: KeyedDecodingContainer<CodingKeys>) throws -> R {
        try container.decode(R.self, forKey: .record)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mutation.kind, forKey: .kind)
        switch mutation {
        case .saveWedding(let record): try encodeSave(record, in: &container)
        case .save(let record): try encodeSave(record, in: &container)
        case .delete(_, let id):
            try container.encode(Operation.delete, forKey: .op)
            try container.encode(id, forKey: .id)
        }
    }

    private func encodeSave(_ record: some Encodable, in container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode(Operation.save, forKey: .op)
        try container.encode(record, forKey: .record)
    }
}
