/// What a write did to records of one kind: the four writes every record kind has.
public enum RecordWrite: String, Hashable, Sendable, CaseIterable {
    case created, updated, deleted
    /// A batch of inserts and updates, all or nothing (a CSV import).
    case imported
}
