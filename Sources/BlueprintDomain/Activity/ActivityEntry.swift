import Foundation

/// One committed change to a wedding, as the activity feed lists it: who, when, and what it did.
public struct ActivityEntry: Sendable, Equatable {
    public var at: Timestamp
    /// Who made it; `nil` for a change journaled before authors were recorded.
    public var author: String?
    /// What the writer called it ("guestUpdated", "move household").
    public var operation: String
    public var summary: ActivitySummary

    public init(at: Timestamp, author: String?, operation: String, summary: ActivitySummary) {
        self.at = at
        self.author = author
        self.operation = operation
        self.summary = summary
    }
}

extension ActivitySummary {
    /// A summary that only counts `changes`: for a commit journaled before summaries were (an
    /// older build's line), where each record as it was is no longer known.
    public init(counting changes: [RecordChange]) {
        self.init()
        for change in changes {
            let write: ActivityWrite = change.newVersion == nil ? .deleted : change.previousVersion == nil ? .added : .changed
            count(change.kind, write)
        }
    }

    /// A summary that only counts `mutations`, known without the versions they replaced: a
    /// record stored at version 1 was added.
    public init(countingMutations mutations: [Mutation]) {
        self.init()
        for mutation in mutations { count(mutation.kind, ActivityWrite(storedVersion: mutation.storedVersion)) }
    }
}
