import Foundation

/// A wedding's activity: every commit its source of truth still holds, oldest first.
public struct ActivityLog: Sendable, Equatable {
    public var entries: [ActivityEntry]
    /// Lines of the kept history that could not be read (and are left out).
    public var unreadableLines: Int
    /// The wedding's change sequence (`RepositoryChange.sequence`) the log reaches: every change
    /// published with a sequence up to it is in the log, none after. A reader following the
    /// change events skips those, which may reach it after the log does.
    public var sequence: UInt64

    public init(entries: [ActivityEntry], unreadableLines: Int = 0, sequence: UInt64) {
        self.entries = entries
        self.unreadableLines = unreadableLines
        self.sequence = sequence
    }

    /// The entries at or after `start`, newest first: what the feed lists.
    public func newestFirst(since start: Timestamp? = nil) -> [ActivityEntry] {
        entries.reversed().filter { entry in start.map { entry.at >= $0 } ?? true }
    }
}
