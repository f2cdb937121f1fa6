import Foundation

/// A change to one wedding's data, from this process or another.
public struct RepositoryChange: Hashable, Sendable {
    public enum Origin: Hashable, Sendable {
        /// Written by this process.
        case local
        /// Written by another process on the same data directory (another ssh session).
        case external
    }

    public let wedding: WeddingID
    /// The kinds of record that changed; stores reload only these.
    public let kinds: Set<RecordKind>
    public let origin: Origin

    public init(wedding: WeddingID, kinds: Set<RecordKind>, origin: Origin) {
        self.wedding = wedding
        self.kinds = kinds
        self.origin = origin
    }
}

/// Publishes every change to the data it serves, so open views stay in sync.
public protocol ChangeFeed: Sendable {
    /// A new stream of changes to `wedding`; it ends when the caller stops iterating.
    func changes(in wedding: WeddingID) -> AsyncStream<RepositoryChange>

    /// Whether changes to `wedding` written by other processes reach its streams as they happen.
    /// False while nothing listens, or where they cannot be watched for (a folder inotify cannot
    /// watch); this process's own changes are delivered either way, and other processes' still
    /// show on the next read.
    func isLive(_ wedding: WeddingID) -> Bool
}
