import Foundation

/// One record as a commit left it: stored at a new version, or deleted.
public struct RecordChange: Sendable, Equatable {
    /// The record as stored, or its deletion.
    public let mutation: Mutation
    /// The version the record had before the commit; `nil` when the commit created it.
    public let previousVersion: Int?

    public init(_ mutation: Mutation, previousVersion: Int?) {
        self.mutation = mutation
        self.previousVersion = previousVersion
    }

    public var kind: RecordKind { mutation.kind }
    public var id: UUID { mutation.recordID }
    /// The version the commit stored; `nil` for a deletion.
    public var newVersion: Int? { mutation.storedVersion }
}

/// A commit to one wedding's data, from this process or another, as its one source of truth
/// publishes it: every record it stored or deleted, in order, numbered in the wedding's sequence.
public struct RepositoryChange: Sendable, Equatable {
    public enum Origin: Hashable, Sendable {
        /// Written by this process.
        case local
        /// Written by another process on the same data directory (another ssh session).
        case external
    }

    public let wedding: WeddingID
    /// The commit's place in the wedding's sequence of commits as its source publishes them:
    /// each change is one more than the one before, so a receiver that sees a jump knows it
    /// missed something and must reload.
    public let sequence: UInt64
    /// What the commit stored and deleted; `nil` when the source cannot say (the wedding was
    /// created, deleted, or reread whole after another process replaced its files): everything
    /// about the wedding may have changed, and a receiver reloads.
    public let records: [RecordChange]?
    public let origin: Origin
    /// What the change was, as its writer named it ("guestUpdated"), for the activity of a wedding.
    public let operation: String
    /// Who made it (`user@host` of the process that wrote it); `nil` when the source does not
    /// know (a journal line written before authors were recorded, a wedding reread whole).
    public let author: String?
    /// The kinds of record that changed (every kind when the change does not say), gathered
    /// once: every receiver asks, and an import's change holds thousands of records.
    public let kinds: Set<RecordKind>
    /// The commit as the activity feed lists it; `nil` when the source cannot say (a wedding
    /// reread whole, created or deleted).
    public let activity: ActivityEntry?

    public init(wedding: WeddingID, sequence: UInt64, records: [RecordChange]?, origin: Origin, operation: String,
                author: String? = nil, activity: ActivityEntry? = nil) {
        self.wedding = wedding
        self.sequence = sequence
        self.records = records
        self.origin = origin
        self.operation = operation
        self.author = author
        self.activity = activity
        kinds = records.map { Set($0.lazy.map(\.kind)) } ?? Set(RecordKind.allCases)
    }
}

/// Publishes every change to the data it serves, so open views stay in sync.
public protocol ChangeFeed: Sendable {
    /// A new stream of changes to `wedding`; it ends when the caller stops iterating.
    func changes(in wedding: WeddingID) -> AsyncStream<RepositoryChange>

    /// How changes to `wedding` written by other processes reach its streams: as they happen
    /// (`.live`), or not (nothing listens yet, a folder inotify cannot watch, a database link
    /// being made again, a database out of reach). This process's own changes are delivered
    /// either way, and other processes' still show on the next read.
    func connection(_ wedding: WeddingID) -> FeedConnection

    /// A stream of `wedding`'s `connection` each time it changes (so a screen can redraw its
    /// marker without a key being pressed); it ends when the caller stops iterating. A feed
    /// whose connection never changes on its own may return a stream that ends at once. No
    /// default: a feed wrapping another must pass its stream on.
    func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection>

    /// Brings `wedding`'s streams up to date: whatever other processes committed that has not
    /// been published yet is published now. A cheap check when nothing changed (the file store
    /// compares its journal's length), so a store revalidates with it instead of reloading.
    func catchUp(on wedding: WeddingID) async throws
}

/// How other processes' changes reach this one: what the header's marker says.
public enum FeedConnection: Equatable, Sendable {
    /// They arrive as they happen.
    case live
    /// They are not watched for (nothing listens yet, or a folder inotify cannot watch); they
    /// show on the next read.
    case notWatched
    /// The link that brings them is being made for the first time (the wedding shows its local
    /// copy meanwhile).
    case connecting
    /// The link that brings them broke and is being made again.
    case reconnecting
    /// The database cannot be reached: the wedding is its local copy, last brought up to date
    /// with the database at `lastSynced` (`nil`: not known).
    case offline(lastSynced: Timestamp?)
    /// The database answered and refused this process (a password or role it does not accept,
    /// no such database, TLS that failed, a schema of another version), for the reason given:
    /// the wedding is its local copy, read only, until that is put right.
    case refused(String)
}

extension ChangeFeed {
    /// Whether other processes' changes to `wedding` reach its streams as they happen.
    public func isLive(_ wedding: WeddingID) -> Bool { connection(wedding) == .live }
}
