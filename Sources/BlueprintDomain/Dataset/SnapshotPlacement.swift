/// Where the file store keeps a kind's records: the member `member` of the snapshot file
/// `file`.json, holding them as a list. Several kinds may share a file (categories and expenses
/// are both in `budget.json`). Both names are the on-disk format (see the file store's FORMAT.md):
/// they never change for a kind that exists.
public struct SnapshotPlacement: Sendable, Hashable {
    /// The snapshot file's name without `.json`.
    public let file: String
    /// The member of that file's object that holds the list.
    public let member: String

    public init(file: String, member: String) {
        self.file = file
        self.member = member
    }
}
