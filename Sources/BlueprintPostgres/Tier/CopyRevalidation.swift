import BlueprintDomain
import BlueprintStorage
import Logging
import Synchronization

/// Keeps a wedding's local copy holding what the database holds: compares the two record by
/// record (by version) and stores what differs in the copy verbatim, versions as the database
/// has them, published as the database's (`.external`); stores a database commit's own records
/// when the copy is where the commit started; brings each copy up to date once a session,
/// behind the planner (tried again after a pause while the database answers) or before a
/// command's first read. The database is any `WeddingDataHost` (a fake in tests); the pauses go
/// through `retry.sleep`. A cancelled task (the host closing) stores nothing more in the copy:
/// it throws `CancellationError` instead.
final class CopyRevalidation: Sendable {
    let copy: FileStore
    /// The time stamped on what the copy stores.
    let clock: @Sendable () -> Timestamp
    /// Paces `revalidate`'s tries.
    let retry: RetryPolicy
    /// Told each time the copy holds what the database holds.
    let synced: @Sendable (WeddingID) -> Void
    private let logger = Logger(label: "blueprint.tier")
    private let session = Mutex(Session())

    /// The weddings brought up to date this session.
    private struct Session {
        /// Brought up to date, or being.
        var revalidated: Set<WeddingID> = []
        /// A command's synchronisation before its first read of a wedding, while it runs (`freshen`).
        var freshening: [WeddingID: Task<Void, any Error>] = [:]
    }

    init(copy: FileStore, clock: @escaping @Sendable () -> Timestamp, retry: RetryPolicy = .revalidation,
         synced: @escaping @Sendable (WeddingID) -> Void) {
        self.copy = copy
        self.clock = clock
        self.retry = retry
        self.synced = synced
    }

    /// Stores in the copy, verbatim, whatever differs between it and `database`'s wedding.
    func pull(_ wedding: WeddingID, from database: some WeddingDataHost) async throws {
        let theirs = try await database.read(wedding) { $0 }
        let mine = try await copy.read(wedding) { $0 }
        try Task.checkCancellation()
        try await copy.record(theirs.changes(since: mine), in: wedding, at: clock(), operation: "synchronised", author: nil,
                              activity: nil, origin: .external)
        synced(wedding)
    }

    /// Stores a database commit's records in the copy verbatim, published as from `origin`; if
    /// the copy is not where the commit started (others' commits not seen yet), brings the whole
    /// copy up to date instead.
    func store(_ changes: [RecordChange], in wedding: WeddingID, at time: Timestamp, operation: String,
               author: String?, activity: ActivitySummary?, origin: RepositoryChange.Origin,
               from database: some WeddingDataHost) async throws {
        try Task.checkCancellation()
        do {
            try await copy.record(changes, in: wedding, at: time, operation: operation, author: author, activity: activity,
                                  origin: origin)
            synced(wedding)
        } catch let error as RepositoryError where error.isRefusal {
            try await pull(wedding, from: database)
        }
    }

    /// `wedding`'s copy was just made from the database: nothing to bring up to date this session.
    func copied(_ wedding: WeddingID) {
        session.withLock { _ = $0.revalidated.insert(wedding) }
    }

    /// Whether `wedding` is to be brought up to date now: the first time this session only.
    func firstTime(_ wedding: WeddingID) -> Bool {
        session.withLock { $0.revalidated.insert(wedding).inserted }
    }

    /// Before a command's first read of `wedding`, runs `catchUp` once this session while the
    /// database answers, and waits for it; reads that come meanwhile wait for the same run. If
    /// it fails, the failure is thrown and the next read tries again.
    func freshen(_ wedding: WeddingID, answering: Bool, _ catchUp: @escaping @Sendable () async throws -> Void) async throws {
        let running = session.withLock { session -> Task<Void, any Error>? in
            if let running = session.freshening[wedding] { return running }
            guard answering, session.revalidated.insert(wedding).inserted else { return nil }
            let task = Task { try await catchUp() }
            session.freshening[wedding] = task
            return task
        }
        guard let running else { return }
        do {
            try await running.value
            session.withLock { _ = $0.freshening.removeValue(forKey: wedding) }
        } catch {
            session.withLock { session in
                session.freshening[wedding] = nil
                session.revalidated.remove(wedding)
            }
            throw error
        }
    }

    /// Runs `catchUp` (the copy brought up to date, its queued edits sent first), again after a
    /// pause if it fails while `answering` says the database still answers (offline, the
    /// reconnection does it), until `retry`'s tries run out or the task is cancelled; a failure
    /// left is logged.
    func revalidate(_ wedding: WeddingID, answering: @escaping @Sendable () -> Bool,
                    _ catchUp: () async throws -> Void) async {
        do {
            try await retry.run(transient: { _ in answering() && !Task.isCancelled }) { try await catchUp() }
        } catch is CancellationError {
            // Closing: the next session brings the copy up to date.
        } catch {
            logger.warning("could not bring the copy up to date", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        }
    }
}
