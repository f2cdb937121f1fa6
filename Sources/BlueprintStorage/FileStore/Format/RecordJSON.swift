import BlueprintDomain
import Foundation

/// Records and mutations as the file store spells them in JSON (compact, keys sorted), for
/// other backends that keep them the same way: the PostgreSQL backend stores each record's
/// text and each commit's mutations in this form, so the two backends share one description
/// of every record and a wedding moves between them unchanged.
///
/// The text is JSON with every control character escaped (a NUL in a field is `\u0000`), so
/// it holds any text a user typed and never contains a NUL byte itself.
public enum RecordJSON {
    /// The JSON of the record `mutation` stores, exactly as a journal line holds it; `nil` for
    /// a deletion.
    public static func encodeRecord(of mutation: Mutation) throws -> Data? {
        guard let type = WeddingDataset.tableRecordType(of: mutation.kind) else {
            return try mutation.savedRecord(as: Wedding.self).map { try StoreJSON.lineEncoder().encode($0, expectedSize: 512) }
        }
        return try encodeRecord(type, of: mutation)
    }

    private static func encodeRecord<R: TableRecord>(_ type: R.Type, of mutation: Mutation) throws -> Data? {
        try mutation.savedRecord(as: R.self).map { try StoreJSON.lineEncoder().encode($0, expectedSize: 512) }
    }

    /// The record of `kind` spelled by `data`, as the mutation that stores it.
    public static func decodeSave(of kind: RecordKind, from data: Data) throws -> Mutation {
        guard let type = WeddingDataset.tableRecordType(of: kind) else {
            return .saveWedding(try StoreJSONDecoder().decode(Wedding.self, from: data))
        }
        return try decodeSave(type, from: data)
    }

    private static func decodeSave<R: TableRecord>(_ type: R.Type, from data: Data) throws -> Mutation {
        Mutation.save(try StoreJSONDecoder().decode(R.self, from: data))
    }

    /// A commit's mutations, as a journal line's `mutations` array spells them.
    public static func encode(_ mutations: [Mutation]) throws -> Data {
        try StoreJSON.lineEncoder().encode(mutations.map(JournalMutation.init), expectedSize: 1024)
    }

    /// What a commit did, for the activity feed, as a journal line's `activity` spells it.
    public static func encode(_ activity: ActivitySummary) throws -> Data {
        try StoreJSON.lineEncoder().encode(activity, expectedSize: 512)
    }

    /// The summary written by `encode(_:)`.
    public static func decodeActivity(from data: Data) throws -> ActivitySummary {
        try StoreJSONDecoder().decode(ActivitySummary.self, from: data)
    }

    /// The mutations written by `encode(_:)`.
    public static func decodeMutations(from data: Data) throws -> [Mutation] {
        try StoreJSONDecoder().decode([JournalMutation].self, from: data).map(\.mutation)
    }
}
