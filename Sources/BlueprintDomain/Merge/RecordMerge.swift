/// The side a person chose for a field both edits changed.
public enum MergeSide: Sendable, Hashable {
    case mine, theirs
}

/// A value both edits changed, differently: what it was, yours and theirs (nil for none, or a
/// list element deleted on that side).
public struct FieldConflict: Sendable, Hashable {
    public let path: FieldPath
    public let base: JSONTree?
    public let mine: JSONTree?
    public let theirs: JSONTree?
}

/// Your edit of a record merged with theirs, made meanwhile from the same version.
public struct RecordMergeResult<R: Record>: Sendable {
    /// Their record with your changes on it: their id, version and times, your value wherever
    /// only you changed it (or chose yours), theirs everywhere else.
    public let merged: R
    /// Values both changed differently and no choice was given for: `merged` has theirs.
    public let conflicts: [FieldConflict]
    /// Where your changes were applied.
    public let yourChanges: [FieldPath]
    /// Where their changes were kept: values you did not change.
    public let theirChanges: [FieldPath]

    /// Whether everything merged on its own.
    public var isClean: Bool { conflicts.isEmpty }
}

/// Three-way merge of records by field: an edit knows the record it started from (`base`), and
/// when the stored record moved on meanwhile (`theirs`), fields changed on one side only merge
/// on their own, lists inside the record merge by element, and only fields both sides changed
/// differently are conflicts, which `choose` settles (or they are returned). Nothing you did not
/// change is ever overwritten. One merge for both backends, edits replayed after working
/// offline, and undo.
public enum RecordMerge {
    /// The fields every record has that are the store's, not anyone's edit: they come from theirs.
    static let storeFields: Set<String> = ["id", "createdAt", "updatedAt", "version"]

    /// Merges `mine` and `theirs`, both edits of `base`. Without a base (the version an edit
    /// started from is no longer known), every value the two hold differently is a conflict.
    public static func merge<R: Record>(base: R?, mine: R, theirs: R,
                                        choosing choose: @escaping (FieldPath) -> MergeSide? = { _ in nil }) throws -> RecordMergeResult<R> {
        guard let baseFields = try base.map({ try JSONTree(encoding: $0).members }) ?? [:],
              let mineFields = try JSONTree(encoding: mine).members,
              let theirFields = try JSONTree(encoding: theirs).members else {
            throw RepositoryError.invalid(R.kind, [ValidationIssue(field: "record", message: "cannot be merged by field")])
        }
        var merge = TreeMerge(choose: choose)
        var merged = theirFields
        for key in Set(baseFields.keys).union(mineFields.keys).union(theirFields.keys).subtracting(storeFields).sorted() {
            merged[key] = merge.merge(base: baseFields[key], mine: mineFields[key], theirs: theirFields[key], at: .field(key))
        }
        return RecordMergeResult(merged: try JSONTree.object(merged).decoded(as: R.self), conflicts: merge.conflicts,
                                 yourChanges: merge.yours, theirChanges: merge.theirs)
    }
}
