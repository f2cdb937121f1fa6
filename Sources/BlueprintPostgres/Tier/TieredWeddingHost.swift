import BlueprintConfiguration
import BlueprintDomain
import BlueprintStorage
import Foundation
import Logging
import Synchronization

/// A database's weddings with the file store as their disk tier: each wedding opened is kept as
/// a local copy (a `FileStore` at `<data-dir>/databases/<hash of the URL without password>/`,
/// apart from the data directory's own weddings), so it opens at once and keeps working while
/// the database cannot be reached.
///
/// - Reads come from the copy. A wedding not copied yet is read from the database and copied
///   on first open; a copied one is revalidated behind the first read (`catchUp(on:)`): the
///   database's wedding is compared with the copy record by record (by version) and what
///   differs is stored in the copy verbatim, versions as the database has them.
/// - Online writes go to the database first (authoritative, version-checked there), then the
///   same records are stored in the copy verbatim; they are published once, from the copy.
/// - Offline (a database call failed and the server does not answer, or it could not be
///   reached at open): reads and writes use the copy, `connection` is `.offline(lastSynced:)`,
///   and each write is queued durably in the copy's outbox in the same locked section as its
///   journal line (`FileStore.writeQueued`, `QueuedCommitsFile`), so nothing typed offline is
///   dropped, not even by a crash between the two files (the outbox is written first).
/// - Reconnecting (retried with backoff while offline, or `reconnect()`): the queued commits are
///   pushed in order, each version-checked against the version the copy had; one the database
///   refuses as a conflict is kept (`conflicts(in:)`, mine; theirs is what the copy holds after
///   the sync) and the rest go on; then the copy takes what others committed meanwhile.
///   `resolve(_:in:keepingMine:)` settles a conflict.
/// - Changes are published by the copy: this process's writes as `.local`, the database's
///   (revalidation, other processes) as `.external`.
public final class TieredWeddingHost: WeddingDataHost {
    /// The database, as given.
    public let url: DatabaseURL
    public let author: String
    /// The local copy of the database's weddings.
    public let copy: FileStore
    private let localRoot: String
    private let clock: @Sendable () -> Timestamp
    private let logger = Logger(label: "blueprint.tier")
    private let state: Mutex<TierState>
    private let gate = SyncGate()

    private struct TierState: Sendable {
        var database: PostgresWeddingHost?
        var offline: Bool
        var reconnecting: Task<Void, Never>?
        var revalidated: Set<WeddingID> = []
        /// Weddings known to have a local copy.
        var copied: Set<WeddingID> = []
        var followed: [WeddingID: Task<Void, Never>] = [:]
        /// When each wedding's copy last held what the database holds, this session (kept on
        /// disk, see `persistSynced`).
        var synced: [WeddingID: Timestamp] = [:]
        /// What the database last said this process may do with each wedding (kept for offline).
        var access: [WeddingID: WeddingAccess] = [:]
        var watchers: [WeddingID: [UUID: AsyncStream<FeedConnection>.Continuation]] = [:]
        var closed = false
    }

    /// Where the local copies of the database at `url` are kept under the data directory `root`.
    public static func copyRoot(of url: DatabaseURL, in root: String) -> String {
        let place = "\(url.user)@\(url.endpoint)/\(url.database)"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in place.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return root + "/databases/" + String(hash, radix: 16)
    }

    /// Opens the local copy and the database. A database that cannot be reached is not an
    /// error: the host starts offline and keeps trying; one that answers with a schema of
    /// another version is refused, as `PostgresWeddingHost.open` refuses it.
    public static func open(_ url: DatabaseURL, author: String, localRoot: String,
                            previewing: (any WeddingPreviewing)? = nil,
                            clock: @escaping @Sendable () -> Timestamp = { Timestamp(Date()) }) async throws -> TieredWeddingHost {
        let copy = try FileStore(root: copyRoot(of: url, in: localRoot), clock: clock, previewing: previewing, author: author)
        var database: PostgresWeddingHost?
        do {
            database = try await PostgresWeddingHost.open(url, author: author, localRoot: localRoot, clock: clock)
        } catch let error as DatabaseSchemaError {
            await copy.close()
            throw error
        } catch {
            Logger(label: "blueprint.tier").notice("the database cannot be reached; working from the local copy",
                                                  metadata: ["error": "\(error)"])
        }
        let host = TieredWeddingHost(url: url, author: author, localRoot: localRoot, copy: copy, database: database,
                                     clock: clock)
        if database == nil { host.startReconnecting() }
        return host
    }

    private init(url: DatabaseURL, author: String, localRoot: String, copy: FileStore, database: PostgresWeddingHost?,
                 clock: @escaping @Sendable () -> Timestamp) {
        self.url = url
        self.author = author
        self.localRoot = localRoot
        self.copy = copy
        self.clock = clock
        state = Mutex(TierState(database: database, offline: database == nil))
    }

    /// Whether the database is being worked around (its copy used alone) at the moment.
    public var isOffline: Bool { state.withLock { $0.offline } }

    // MARK: Weddings

    public func listWeddings() async throws -> [Wedding] {
        if let database = online() {
            do { return try await database.listWeddings() } catch { try await fallBack(from: error, database) }
        }
        return try await copy.listWeddings()
    }

    public func createWedding(_ wedding: Wedding) async throws -> Wedding {
        let database = try required("create a wedding")
        let created = try await database.createWedding(wedding)
        _ = try await copy.createWedding(copying: WeddingDataset(wedding: created))
        return created
    }

    public func deleteWedding(_ id: WeddingID) async throws {
        let database = try required("delete a wedding")
        try await database.deleteWedding(id)
        state.withLock { state in
            state.copied.remove(id)
            state.synced[id] = nil
        }
        do {
            try await copy.deleteWedding(id)
        } catch RepositoryError.weddingNotFound {
            // Never copied here.
        }
    }

    public func read<T: Sendable>(_ wedding: WeddingID, _ body: @Sendable (WeddingDataset) throws -> T) async throws -> T {
        if try await !hasCopy(of: wedding) {
            let database = try required("open a wedding not copied to this machine yet")
            let dataset: WeddingDataset
            do {
                dataset = try await database.read(wedding) { $0 }
            } catch {
                try await fallBack(from: error, database)
                throw RepositoryError.storage("the wedding \(wedding) is not copied to this machine yet, "
                                              + "and the \(url) cannot be reached")
            }
            do {
                _ = try await copy.createWedding(copying: dataset)
            } catch RepositoryError.conflict(.wedding, id: _, expected: 0, actual: _) {
                // Copied by another process meanwhile.
            }
            markSynced(wedding)
            state.withLock { _ = $0.revalidated.insert(wedding) }
        } else if online() != nil, state.withLock({ $0.revalidated.insert(wedding).inserted }) {
            Task { [weak self] in try? await self?.catchUp(on: wedding) }
        }
        return try await copy.read(wedding, body)
    }

    public func write<T: Sendable>(_ wedding: WeddingID, operation: String,
                                   _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        _ = try await read(wedding) { _ in true }
        if let database = online() {
            do {
                let (result, changes, activity) = try await database.write(wedding, operation: operation) { transaction in
                    (try body(transaction), transaction.changes, transaction.activity)
                }
                if !changes.isEmpty { await keep(changes, in: wedding, operation: operation, activity: activity) }
                return result
            } catch {
                try await fallBack(from: error, database)
            }
        }
        return try await copy.writeQueued(wedding, operation: operation, body)
    }

    /// The document files stay in the data directory's folder of the wedding, as with the database alone.
    public func documentsFolder(of wedding: WeddingID) -> String { FileStore.documentsFolder(root: localRoot, of: wedding) }

    public func preview(of wedding: WeddingID) async -> WeddingPreview? { await copy.preview(of: wedding) }

    /// The database's record of the changes; offline, the copy's.
    public func activity(in wedding: WeddingID) async throws -> ActivityLog {
        if let database = online() {
            do { return try await database.activity(in: wedding) } catch { try await fallBack(from: error, database) }
        }
        return try await copy.activity(in: wedding)
    }

    // MARK: Change feed

    public func changes(in wedding: WeddingID) -> AsyncStream<RepositoryChange> {
        follow(wedding)
        return copy.changes(in: wedding)
    }

    public func connection(_ wedding: WeddingID) -> FeedConnection {
        let (offline, database) = state.withLock { ($0.offline, $0.database) }
        guard !offline, let database else { return .offline(lastSynced: lastSynced(wedding)) }
        return database.connection(wedding)
    }

    /// Says when the host goes offline and when it is back, and, while online, what the
    /// database host says of its own connection.
    public func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection> {
        let (stream, continuation) = AsyncStream<FeedConnection>.makeStream()
        let key = UUID()
        let forwarding = state.withLock { state -> Task<Void, Never>? in
            state.watchers[wedding, default: [:]][key] = continuation
            guard let upstream = state.database?.connectionChanges(in: wedding) else { return nil }
            return Task { [weak self] in
                for await connection in upstream where self?.isOffline == false { continuation.yield(connection) }
            }
        }
        continuation.onTermination = { [weak self] _ in
            forwarding?.cancel()
            self?.state.withLock { _ = $0.watchers[wedding]?.removeValue(forKey: key) }
        }
        return stream
    }

    /// Online: pushes what was queued offline, then brings the copy up to date with the
    /// database. Offline: catches up with other processes' writes to the copy.
    public func catchUp(on wedding: WeddingID) async throws {
        if let database = online() {
            do {
                try await synchronize(wedding, with: database)
            } catch {
                try await fallBack(from: error, database)
            }
        }
        try await copy.catchUp(on: wedding)
    }

    // MARK: Offline edits

    /// The commits made offline and not pushed yet, oldest first (none for a wedding not copied here).
    public func queued(in wedding: WeddingID) async throws -> [QueuedCommit] {
        try await hasCopy(of: wedding) ? copy.queuedCommits(of: wedding).queued : []
    }

    /// Commits made offline that the database refused because someone changed the same
    /// records first: mine is the commit; theirs is what the copy holds now.
    public func conflicts(in wedding: WeddingID) async throws -> [QueuedCommit] {
        try await hasCopy(of: wedding) ? copy.queuedCommits(of: wedding).conflicts : []
    }

    /// Settles a conflict: keeping mine writes my records over theirs (at their versions, in
    /// one database transaction); taking theirs drops mine. Needs the database.
    public func resolve(_ conflict: QueuedCommit, in wedding: WeddingID, keepingMine: Bool) async throws {
        let database = try required("settle an edit made offline")
        try await gate.run {
            if keepingMine {
                _ = try await database.write(wedding, operation: conflict.operation) { transaction in
                    try QueuedCommitReplay.applyOver(conflict.changes, to: transaction)
                }
            }
            try await copy.settleQueue(of: wedding, pushed: 0, resolved: [conflict])
            try await pull(wedding, from: database)
        }
    }

    /// Tries the database now: if it answers, pushes every copied wedding's queued commits and
    /// brings the copies up to date. Returns whether the database answered.
    @discardableResult
    public func reconnect() async -> Bool {
        var database = state.withLock { $0.database }
        if database == nil {
            database = try? await PostgresWeddingHost.open(url, author: author, localRoot: localRoot, clock: clock)
        }
        guard let database, await database.isReachable() else { return false }
        let weddings = state.withLock { state in
            state.database = database
            state.offline = false
            state.reconnecting = nil
            return Array(state.watchers.keys) + Array(state.revalidated)
        }
        logger.info("the database answers again", metadata: ["url": "\(url)"])
        for wedding in (try? await copy.listWeddings().map(\.weddingID)) ?? [] {
            do {
                try await synchronize(wedding, with: database)
            } catch {
                logger.warning("could not bring a copy up to date", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
            }
        }
        for wedding in Set(weddings) { announce(database.connection(wedding), to: wedding) }
        return true
    }

    /// Stops reconnecting, ends every change stream and closes the copy and the connection.
    public func close() async {
        let (database, tasks, watchers) = state.withLock { state in
            state.closed = true
            defer { state.reconnecting = nil; state.followed = [:]; state.watchers = [:] }
            return (state.database, [state.reconnecting].compactMap { $0 } + Array(state.followed.values),
                    state.watchers.values.flatMap(\.values))
        }
        for task in tasks { task.cancel() }
        for watcher in watchers { watcher.finish() }
        await database?.close()
        persistSynced()
        await copy.close()
    }

    // MARK: Synchronising

    /// Pushes the queued commits in order (a conflict is kept and the rest go on), then, with
    /// none left, makes the copy hold what the database holds.
    private func synchronize(_ wedding: WeddingID, with database: PostgresWeddingHost) async throws {
        guard try await hasCopy(of: wedding) else { return }
        try await gate.run {
            let queued = try await copy.queuedCommits(of: wedding).queued
            var pushed = 0
            var conflicts: [QueuedCommit] = []
            do {
                for commit in queued {
                    do {
                        _ = try await database.write(wedding, operation: commit.operation) { transaction in
                            try QueuedCommitReplay.apply(commit.changes, to: transaction)
                        }
                    } catch let error as RepositoryError where error.isRefusal {
                        logger.notice("an edit made offline conflicts with a change made since; kept",
                                      metadata: ["wedding": "\(wedding)", "operation": "\(commit.operation)", "error": "\(error)"])
                        conflicts.append(commit)
                    }
                    pushed += 1
                }
            } catch {
                // The ones pushed leave the queue; the rest wait for the next try.
                try? await copy.settleQueue(of: wedding, pushed: pushed, conflicts: conflicts)
                throw error
            }
            try await copy.settleQueue(of: wedding, pushed: pushed, conflicts: conflicts)
            try await pull(wedding, from: database)
        }
    }

    /// Stores in the copy, verbatim, whatever differs between it and the database.
    private func pull(_ wedding: WeddingID, from database: PostgresWeddingHost) async throws {
        let theirs = try await database.read(wedding) { $0 }
        let mine = try await copy.read(wedding) { $0 }
        let changes = theirs.changes(since: mine)
        try await copy.record(changes, in: wedding, at: clock(), operation: "synchronised", author: nil, activity: nil,
                              origin: .external)
        markSynced(wedding)
    }

    /// Stores a database commit's records in the copy; if the copy is not where the commit
    /// started (others' commits not seen yet), brings the whole copy up to date instead.
    private func keep(_ changes: [RecordChange], in wedding: WeddingID, operation: String, activity: ActivitySummary) async {
        do {
            try await copy.record(changes, in: wedding, at: clock(), operation: operation, author: author, activity: activity,
                                  origin: .local)
            markSynced(wedding)
        } catch {
            guard let database = online() else { return }
            do {
                try await gate.run { try await pull(wedding, from: database) }
            } catch {
                logger.warning("could not bring the copy up to date", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
            }
        }
    }

    /// Mirrors what other processes commit to the database (as its host learns of them) into the
    /// copy: the commit's own records when the copy is where the commit started (the cost of the
    /// change, not of the wedding), else the whole copy brought up to date.
    private func follow(_ wedding: WeddingID) {
        state.withLock { state in
            guard !state.closed, state.followed[wedding] == nil, let database = state.database else { return }
            let stream = database.changes(in: wedding)
            state.followed[wedding] = Task { [weak self] in
                for await change in stream where change.origin == .external {
                    guard let self, let database = self.online() else { continue }
                    try? await self.gate.run { try await self.mirror(change, in: wedding, from: database) }
                }
            }
        }
    }

    private func mirror(_ change: RepositoryChange, in wedding: WeddingID, from database: PostgresWeddingHost) async throws {
        if let records = change.records {
            do {
                try await copy.record(records, in: wedding, at: change.activity?.at ?? clock(), operation: change.operation,
                                      author: change.author, activity: change.activity?.summary, origin: .external)
                markSynced(wedding)
                return
            } catch let error as RepositoryError where error.isRefusal {
                // The copy is not where the commit started: compare it whole below.
            }
        }
        try await pull(wedding, from: database)
    }

    /// What the database says this process may do with `wedding`; offline, what it last said
    /// (a planner's rights when it never said: the database refuses a queued edit it forbids).
    public func accessRights(to wedding: WeddingID) async throws -> WeddingAccess {
        if let database = online() {
            do {
                let access = try await database.accessRights(to: wedding)
                state.withLock { $0.access[wedding] = access }
                return access
            } catch {
                try await fallBack(from: error, database)
            }
        }
        return state.withLock { $0.access[wedding] } ?? WeddingAccess(role: .planner)
    }

    /// The database host while the database answers: for what only it can do (sharing).
    public var database: PostgresWeddingHost? { online() }

    // MARK: Online and offline

    private func online() -> PostgresWeddingHost? {
        state.withLock { $0.offline ? nil : $0.database }
    }

    private func required(_ action: String) throws -> PostgresWeddingHost {
        guard let database = online() else {
            throw RepositoryError.storage("cannot \(action) while the \(url) cannot be reached; "
                                          + "the edits made meanwhile are kept and sent when it answers again")
        }
        return database
    }

    /// Rethrows `error` unless the database has stopped answering; then the host goes offline
    /// and the caller goes on with the copy.
    private func fallBack(from error: any Error, _ database: PostgresWeddingHost) async throws {
        guard case RepositoryError.storage = error, await !database.isReachable() else { throw error }
        logger.notice("the database stopped answering; working from the local copy", metadata: ["error": "\(error)"])
        let watched = state.withLock { state in
            state.offline = true
            return Array(state.watchers.keys)
        }
        persistSynced()
        startReconnecting()
        for wedding in watched { announce(.offline(lastSynced: lastSynced(wedding)), to: wedding) }
    }

    /// Retries the database with exponential backoff and jitter until it answers.
    private func startReconnecting() {
        state.withLock { state in
            guard !state.closed, state.reconnecting == nil else { return }
            state.reconnecting = Task { [weak self] in
                var delay = 0.5
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(delay * Double.random(in: 0.8...1.2)))
                    guard let self, !Task.isCancelled else { return }
                    if await self.reconnect() { return }
                    delay = min(delay * 2, 30)
                }
            }
        }
    }

    private func announce(_ connection: FeedConnection, to wedding: WeddingID) {
        for watcher in state.withLock({ Array(($0.watchers[wedding] ?? [:]).values) }) { watcher.yield(connection) }
    }

    private func hasCopy(of wedding: WeddingID) async throws -> Bool {
        if state.withLock({ $0.copied.contains(wedding) }) { return true }
        let copied = try await copy.listWeddings().contains { $0.weddingID == wedding }
        if copied { state.withLock { _ = $0.copied.insert(wedding) } }
        return copied
    }

    // MARK: Last synchronised

    private func syncedFile(_ wedding: WeddingID) -> String { copy.folderPath(of: wedding) + "/synced.json" }

    /// Remembers that the copy holds what the database holds now. In memory: a write or a
    /// mirrored commit must not pay for a file written and synced; `persistSynced` keeps it on
    /// disk when it comes to matter (going offline, closing). After a crash the file says an
    /// earlier time, never a later one.
    private func markSynced(_ wedding: WeddingID) {
        let now = clock()
        state.withLock { $0.synced[wedding] = now }
    }

    /// Writes each wedding's last sync beside its copy, for a host opened later without the server.
    private func persistSynced() {
        for (wedding, time) in state.withLock({ $0.synced }) {
            do {
                try AtomicFile.write(try JSONEncoder().encode(time), to: syncedFile(wedding))
            } catch {
                logger.warning("could not note the time of the sync", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
            }
        }
    }

    /// This session's last sync of the wedding, else the one kept beside its copy (read once).
    private func lastSynced(_ wedding: WeddingID) -> Timestamp? {
        if let time = state.withLock({ $0.synced[wedding] }) { return time }
        let kept = (try? Data(contentsOf: URL(fileURLWithPath: syncedFile(wedding))))
            .flatMap { try? JSONDecoder().decode(Timestamp.self, from: $0) }
        if let kept { state.withLock { $0.synced[wedding] = $0.synced[wedding] ?? kept } }
        return kept
    }
}

extension RepositoryError {
    /// The database refused a queued commit for what it holds now (someone changed, deleted or
    /// still uses a record it touches), not for want of the server.
    var isRefusal: Bool {
        switch self {
        case .conflict, .notFound, .invalid, .stillReferenced: return true
        default: return false
        }
    }
}

/// Lets one synchronisation at a time run (they read the copy and the database and write both).
private actor SyncGate {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        if busy { await withCheckedContinuation { waiters.append($0) } }
        busy = true
        defer {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
        return try await body()
    }
}
