import Foundation

/// A wedding's activity: every commit its source of truth still holds, oldest first.
public struct ActivityLog: Sendable, Equatable {
    public var entries: [ActivityEntry]
    /// Lines of the kept history that could not be read (and are left out).
    public var unreadableLines: Int

    public init(entries: [ActivityEntry], unreadableLines: Int = 0) {
        self.entries = entries
        self.unreadableLines = unreadableLines
    }

    /// The entries at or after `start`, newest first: what the feed lists.
    public func newestFirst(since start: Timestamp? = nil) -> [ActivityEntry] {
        entries.reversed().filter { entry in start.map { entry.at >= $0 } ?? true }
    }
}
