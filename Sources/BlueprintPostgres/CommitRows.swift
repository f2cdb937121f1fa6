import BlueprintDomain
import BlueprintStorage
import Foundation

/// What one commit does to the `records` table and the `weddings` row: each record's net
/// change (a commit may create a record and then update it), with the version the row must
/// still have for an update or a deletion to apply.
struct CommitRows {
    struct Insert { let kind: String, id: UUID, version: Int, data: String }
    struct Update { let kind: String, id: UUID, expected: Int, version: Int, data: String }
    struct Delete { let kind: String, id: UUID, expected: Int }

    var inserts: [Insert] = []
    var updates: [Update] = []
    var deletes: [Delete] = []
    /// The wedding's settings as saved, with the version they replaced.
    var wedding: (record: Wedding, expected: Int)?

    init(_ changes: [RecordChange]) throws {
        struct Key: Hashable { let kind: RecordKind, id: UUID }
        var order: [Key] = []
        var net: [Key: (before: Int?, after: Mutation)] = [:]
        for change in changes {
            if case let .saveWedding(record) = change.mutation {
                wedding = (record, wedding?.expected ?? change.previousVersion ?? record.version - 1)
                continue
            }
            let key = Key(kind: change.kind, id: change.id)
            if let existing = net[key] {
                net[key] = (existing.before, change.mutation)
            } else {
                order.append(key)
                net[key] = (change.previousVersion, change.mutation)
            }
        }
        for key in order {
            let (before, after) = net[key]!
            let kind = key.kind.rawValue
            switch (before, after.storedVersion) {
            case (nil, nil): continue
            case (nil, let version?):
                inserts.append(Insert(kind: kind, id: key.id, version: version, data: try Self.text(of: after)))
            case (let expected?, let version?):
                updates.append(Update(kind: kind, id: key.id, expected: expected, version: version,
                                      data: try Self.text(of: after)))
            case (let expected?, nil):
                deletes.append(Delete(kind: kind, id: key.id, expected: expected))
            }
        }
    }

    /// The wedding's name for the `weddings.name` column, which is for people and tools reading
    /// the table (the record's JSON is what blueprint reads): PostgreSQL text cannot hold NUL,
    /// so a NUL there becomes U+FFFD.
    static func columnName(of wedding: Wedding) -> String {
        wedding.name.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
    }

    /// The stored record's JSON text.
    static func text(of mutation: Mutation) throws -> String {
        String(decoding: try RecordJSON.encodeRecord(of: mutation) ?? Data(), as: UTF8.self)
    }
}
