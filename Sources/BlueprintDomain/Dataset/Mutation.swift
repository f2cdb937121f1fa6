import Foundation

/// One resolved change to a wedding's data: a whole record to store, or an id to remove.
///
/// Mutations are what the file store journals and replays (it alone knows how a journal line
/// spells one). Applying one is idempotent, so replaying a journal over a snapshot that already
/// contains some of it is harmless. Every kind kept in a table (`TableRecord`) is stored and
/// removed the same way; only the wedding itself, which is never deleted this way, has a case.
public enum Mutation: Sendable, Equatable {
    indirect case saveWedding(Wedding)
    /// Stores `record` in its kind's table, replacing the record with its id.
    case save(any TableRecord)
    /// Removes the record of `type` with `id`, if there is one.
    case delete(any TableRecord.Type, id: UUID)

    public var kind: RecordKind {
        switch self {
        case .saveWedding: return .wedding
        case .save(let record): return type(of: record).kind
        case .delete(let type, _): return type.kind
        }
    }

    /// The id of the record stored or deleted.
    public var recordID: UUID {
        switch self {
        case .saveWedding(let record): return record.id
        case .save(let record): return record.id
        case .delete(_, let id): return id
        }
    }

    /// The record stored, if it is an `R`; `nil` for a deletion or another kind of record.
    public func savedRecord<R: Record>(as type: R.Type) -> R? {
        switch self {
        case .saveWedding(let record): return record as? R
        case .save(let record): return record as? R
        case .delete: return nil
        }
    }

    /// The version stored; `nil` for a deletion.
    public var storedVersion: Int? {
        switch self {
        case .saveWedding(let record): return record.version
        case .save(let record): return record.version
        case .delete: return nil
        }
    }

    public static func == (lhs: Mutation, rhs: Mutation) -> Bool {
        switch (lhs, rhs) {
        case (.saveWedding(let left), .saveWedding(let right)): return left == right
        case (.save(let left), .save(let right)): return left.isSame(as: right)
        case (.delete(let leftType, let leftID), .delete(let rightType, let rightID)):
            return leftType.kind == rightType.kind && leftID == rightID
        default: return false
        }
    }
}

extension TableRecord {
    /// Whether `other` is this record: the same kind, equal field by field.
    fileprivate func isSame(as other: any TableRecord) -> Bool { (other as? Self) == self }
}
