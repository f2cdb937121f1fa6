import Foundation

/// Where the sessions that have a wedding open say so: who they are and what they are editing.
///
/// Presence is a courtesy, never a lock and never cached: a board that fails makes the others
/// unknown for a while, nothing more (callers log its errors and carry on).
public protocol PresenceBoard: Sendable {
    /// Puts `presence` up for `wedding` (or replaces this session's entry): an arrival, a heartbeat,
    /// or a new "now editing".
    func announce(_ presence: Presence, in wedding: WeddingID) async throws

    /// Takes `session`'s entry down at once (a clean exit); nothing happens when there is none.
    func withdraw(_ session: UUID, from wedding: WeddingID) async throws

    /// The other sessions present in `wedding`: every live entry but `session`'s, without stale
    /// ones (`Presence.isStale`) or ones whose process is known to have died.
    func others(in wedding: WeddingID, excluding session: UUID) async throws -> [Presence]

    /// A stream that yields whenever an entry of `wedding` may have changed (arrived, left,
    /// renewed); it ends when the caller stops iterating.
    func changes(in wedding: WeddingID) -> AsyncStream<Void>
}
