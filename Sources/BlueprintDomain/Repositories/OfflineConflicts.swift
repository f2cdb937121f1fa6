/// An edit made while the database could not be reached that it refused once it answered,
/// because someone changed the same records first. It is kept, never dropped, until you choose:
/// keep yours (your changed fields over theirs) or take theirs (yours dropped).
public struct OfflineConflict: Sendable, Equatable {
    /// Where the conflict stands in its host's list (oldest first), to settle it by.
    public let position: Int
    /// Your edit: when and as whom you made it, and what keeping it would change in what the
    /// wedding holds now ("changed Ana Ruiz's phone and table"), in the activity feed's words.
    public let edit: ActivityEntry

    public init(position: Int, edit: ActivityEntry) {
        self.position = position
        self.edit = edit
    }
}

/// Where edits made offline that conflict are kept: a database's weddings with their local
/// copy. A data directory has none (it is never offline).
public protocol OfflineConflictSource: Sendable {
    /// The conflicts of `wedding`, oldest first.
    func offlineConflicts(in wedding: WeddingID) async throws -> [OfflineConflict]
    /// Settles `conflict`: keeping yours writes your records over theirs; taking theirs drops
    /// yours. The stores hear of the result through the change feed. Needs the database.
    func settle(_ conflict: OfflineConflict, in wedding: WeddingID, keepingYours: Bool) async throws
    /// Yields whenever `wedding`'s conflicts may have changed (edits sent after a reconnection,
    /// a conflict settled); it ends when the caller stops iterating.
    func offlineConflictChanges(in wedding: WeddingID) -> AsyncStream<Void>
}
