/// What became of an intent that changes records.
public enum EditOutcome: Equatable, Sendable {
    /// Written. The change, shown at once, stays.
    case saved
    /// Written, merged field by field with someone else's change of the same record made
    /// meanwhile; the note says whose and what: "merged with Sam's change to phone".
    case merged(String)
    /// Someone else changed the same fields differently, or deleted the record. Nothing was
    /// written; the store's conflict holds the values until the caller chooses.
    case conflict
    /// Nothing was written, and the change shown at once was rolled back.
    case failed(StoreError)

    /// Whether the change was written (on its own or merged).
    public var isSaved: Bool {
        switch self {
        case .saved, .merged: true
        case .conflict, .failed: false
        }
    }
}
