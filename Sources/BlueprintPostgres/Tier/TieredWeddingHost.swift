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
/// - Opened `.connectingFirst` (a command), the first read of each wedding waits for the copy to
///   be brought up to date (its queued edits sent first), so a command answers with what the
///   database holds whenever it answers.
/// - Offline (the database cannot be reached, `DatabaseUnreachable`: at open, or a database
///   call failed and the server does not answer): reads and writes use the copy, `connection` is
///   `.offline(lastSynced:)`, and each write is queued durably in the copy's outbox in the same
///   locked section as its journal line (`FileStore.writeQueued`, `QueuedCommitsFile`), so
///   nothing typed offline is dropped, not even by a crash between the two files (the outbox is
///   written first). `notices` is told, once per wedding read from the copy, and for each write
///   queued.
/// - Refused (the database answered and refused this process, `DatabaseRefusal`, or its schema
///   is another version): an error from `open`; found behind (opened `.fromTheCopy`) or on
///   reconnecting, the copy still reads, every write is refused with it, `connection` is
///   `.refused`, and the host tries the database no more.
/// - Reconnecting (retried with backoff while offline, or `reconnect()`): the queued commits are
///   pushed in order (`QueuedCommitReplay`), each record version-checked against the version the
///   copy had and, where someone changed it meanwhile, merged by field with theirs from the
///   record the edit started from (`mergedOffline(in:)` counts them); one with a field both
///   changed differently, or a record deleted on one side and changed on the other, is kept as a
///   conflict (`conflicts(in:)`, mine; theirs is what the copy holds after the sync) and the rest
///   go on; then the copy takes what others committed meanwhile. `resolve(_:in:keepingMine:)`
///   settles a conflict.
/// - Opened `.fromTheCopy` (the planner), it connects behind, once told to (`connect()`, when the
///   planner's first frame is on the screen, so the two do not share the processor) or once
///   something needs the database: until it answers, the weddings listed are the copied ones,
///   access is what the database last said, reads come from the copy (revalidated once
///   connected) and writes wait for the attempt.
/// - Changes are published by the copy: this process's writes as `.local`, the database's
///   (revalidation, other processes) as `.external`.
public final class TieredWeddingHost: WeddingDataHost, OfflineConflictSource {
    /// The database, as given.
    public let url: DatabaseURL
    /// Who edits made offline are by, in the copy; the database writes its own role
    /// (`PostgresWeddingHost.author`) as the author of what it commits.
    public let author: String
    /// The local copy of the database's weddings.
    public let copy: FileStore
    private let localRoot: String
    private let start: Start
    private let clock: @Sendable () -> Timestamp
    private let logger = Logger(label: "blueprint.tier")
    private let notices: (@Sendable (DatabaseNotice) -> Void)?
    private let state: Mutex<TierState>
    private let gate = SyncGate()

    /// How `open` treats the database.
    public enum Start: Sendable {
        /// Connects before returning (a command: what it reads and writes is the database's).
        case connectingFirst
        /// Returns at once and connects behind, from `connect()` on (the planner: its first frame
        /// is the copy's).
        case fromTheCopy
    }

    private struct TierState: Sendable {
        var database: PostgresWeddingHost?
        var offline = false
        /// Why the database cannot be reached, once it could not.
        var unreachable: DatabaseUnreachable?
        /// The first attempt to reach the database, while it runs (`Start.fromTheCopy`).
        var connecting: Task<Void, Never>?
        /// Lets the first attempt begin (finished by `connect()`).
        var release: AsyncStream<Void>.Continuation?
        /// Why the database must not be used: it refused this process (`DatabaseRefusal`), or its
        /// schema is another version (`DatabaseSchemaError`), found behind or on reconnecting.
        var refusal: (any Error)?
        /// Weddings whose changes were asked for: followed in the database once it answers.
        var watched: Set<WeddingID> = []
        /// What relays the database host's own connection state, by wedding.
        var relays: [WeddingID: Task<Void, Never>] = [:]
        var reconnecting: Task<Void, Never>?
        var revalidated: Set<WeddingID> = []
        /// A command's synchronisation before its first read of a wedding, while it runs (`freshen`).
        var freshening: [WeddingID: Task<Void, any Error>] = [:]
        /// Weddings read from the copy while offline, and said so (`DatabaseNotice.workingOffline`).
        var toldOffline: Set<WeddingID> = []
        /// Weddings known to have a local copy.
        var copied: Set<WeddingID> = []
        var followed: [WeddingID: Task<Void, Never>] = [:]
        /// When each wedding's copy last held what the database holds, this session (kept on
        /// disk, see `persistSynced`).
        var synced: [WeddingID: Timestamp] = [:]
        /// What the database last said this process may do with each wedding (kept for offline).
        var access: [WeddingID: WeddingAccess] = [:]
        var watchers: [WeddingID: [UUID: AsyncStream<FeedConnection>.Continuation]] = [:]
        /// How many commits made offline were merged by field with changes made since, by wedding.
        var mergedOffline: [WeddingID: Int] = [:]
        /// Who is told when a wedding's offline conflicts may have changed.
        var conflictWatchers: [WeddingID: [UUID: AsyncStream<Void>.Continuation]] = [:]
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
    /// error: the host starts offline and keeps trying. One that refuses this process
    /// (`DatabaseRefusal`) or answers with a schema of another version is refused, as
    /// `PostgresWeddingHost.open` refuses it (opened `.fromTheCopy`, found behind: then the copy
    /// reads and every write is refused with it). `notices` is told what a person waiting on a
    /// command should know (see `DatabaseNotice`).
    public static func open(_ url: DatabaseURL, author: String, localRoot: String,
                            previewing: (any WeddingPreviewing)? = nil, start: Start = .connectingFirst,
                            notices: (@Sendable (DatabaseNotice) -> Void)? = nil,
                            clock: @escaping @Sendable () -> Timestamp = { Timestamp(Date()) }) async throws -> TieredWeddingHost {
        let copy = try FileStore(root: copyRoot(of: url, in: localRoot), clock: clock, previewing: previewing, author: author)
        let host = TieredWeddingHost(url: url, author: author, localRoot: localRoot, copy: copy, start: start,
                                     notices: notices, clock: clock)
        if start == .fromTheCopy {
            host.connectBehind()
            return host
        }
        do {
            host.connected(.success(try await host.openDatabase()))
        } catch let unreachable as DatabaseUnreachable {
            host.connected(.failure(unreachable))
        } catch {
            await host.close()
            throw error
        }
        return host
    }

    private init(url: DatabaseURL, author: String, localRoot: String, copy: FileStore, start: Start,
                 notices: (@Sendable (DatabaseNotice) -> Void)?, clock: @escaping @Sendable () -> Timestamp) {
        self.start = start
        self.url = url
        self.author = author
        self.localRoot = localRoot
        self.copy = copy
        self.notices = notices
        self.clock = clock
        state = Mutex(TierState())
    }

    /// The database host, its schema checked (throws as `PostgresWeddingHost.open` does).
    private func openDatabase() async throws -> PostgresWeddingHost {
        try await PostgresWeddingHost.open(url, localRoot: localRoot, clock: clock, notices: notices)
    }

    /// Makes the first attempt to reach the database, held until `connect()`; the host is not
    /// offline meanwhile.
    private func connectBehind() {
        let (released, release) = AsyncStream<Void>.makeStream()
        state.withLock { state in
            state.release = release
            state.connecting = Task { [weak self] in
                for await _ in released {}
                guard let self, !self.state.withLock({ $0.closed }) else { return }
                do {
                    self.connected(.success(try await self.openDatabase()))
                } catch {
                    self.connected(.failure(error))
                }
            }
        }
    }

    /// Lets the first attempt to reach the database begin (opened `.fromTheCopy`; anything that
    /// needs the database begins it too). Returns at once.
    public func connect() {
        state.withLock { $0.release }?.finish()
    }

    /// Ends the first attempt: online with the database; else offline (and retrying) or
    /// refused, as its failure says.
    private func connected(_ outcome: Result<PostgresWeddingHost, any Error>) {
        let closed = state.withLock { state in
            state.connecting = nil
            state.release = nil
            if case let .success(database) = outcome { state.database = database }
            return state.closed
        }
        guard !closed else { return }
        switch outcome {
        case .success: databaseAnswers()
        case let .failure(unreachable as DatabaseUnreachable): goOffline(because: unreachable)
        case let .failure(error): refuse(error)
        }
    }

    /// Whether the database is being worked around (its copy used alone) at the moment.
    public var isOffline: Bool { state.withLock { $0.offline } }

    /// Why the database cannot be reached, while it cannot (nil online, and when it refused).
    public var unreachable: DatabaseUnreachable? {
        state.withLock { $0.offline && $0.refusal == nil ? $0.unreachable : nil }
    }

    // MARK: Weddings

    /// The database's weddings; while it is first being reached, the copied ones if any are
    /// (`listAllWeddings()` waits for it).
    public func listWeddings() async throws -> [Wedding] {
        if state.withLock({ $0.connecting != nil }) {
            let copied = try await copy.listWeddings()
            if !copied.isEmpty { return copied }
        }
        return try await listAllWeddings()
    }

    /// The database's weddings; without it, the copied ones (none copied: an error saying why
    /// the database cannot be used, never an empty list).
    public func listAllWeddings() async throws -> [Wedding] {
        if let database = await online() {
            do { return try await database.listWeddings() } catch { try await fallBack(from: error, database) }
        }
        let copied = try await copy.listWeddings()
        guard copied.isEmpty else { return copied }
        if let refusal = state.withLock({ $0.refusal }) { throw RepositoryError.storage("\(refusal)") }
        throw RepositoryError.storage("\(whyOffline), and this machine has no copy of its weddings yet")
    }

    public func createWedding(_ wedding: Wedding) async throws -> Wedding {
        let database = try await required("create a wedding")
        let created = try await database.createWedding(wedding)
        _ = try await copy.createWedding(copying: WeddingDataset(wedding: created))
        markSynced(created.weddingID)
        return created
    }

    public func deleteWedding(_ id: WeddingID) async throws {
        let database = try await required("delete a wedding")
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
            let database = try await required("open a wedding not copied to this machine yet")
            let dataset: WeddingDataset
            do {
                dataset = try await database.read(wedding) { $0 }
            } catch {
                try await fallBack(from: error, database)
                throw RepositoryError.storage("the wedding \(wedding) is not copied to this machine yet, and \(whyOffline)")
            }
            do {
                _ = try await copy.createWedding(copying: dataset)
            } catch RepositoryError.conflict(.wedding, id: _, expected: 0, actual: _) {
                // Copied by another process meanwhile.
            }
            markSynced(wedding)
            state.withLock { _ = $0.revalidated.insert(wedding) }
        } else if start == .connectingFirst {
            try await freshen(wedding)
        } else if state.withLock({ ($0.connecting != nil || (!$0.offline && $0.database != nil))
                                     && $0.revalidated.insert(wedding).inserted }) {
            Task { [weak self] in await self?.revalidate(wedding) }
        }
        tellIfOffline(about: wedding)
        return try await copy.read(wedding, body)
    }

    /// Brings the copy of `wedding` up to date (its queued edits sent first) before a command's
    /// first read of it, and waits, so the command answers with what the database holds; reads
    /// that come meanwhile wait for the same synchronisation. Offline, the copy is read as it is.
    private func freshen(_ wedding: WeddingID) async throws {
        let running = state.withLock { state -> Task<Void, any Error>? in
            if let running = state.freshening[wedding] { return running }
            guard !state.offline, state.database != nil, state.revalidated.insert(wedding).inserted else { return nil }
            let task = Task { try await self.catchUp(on: wedding) }
            state.freshening[wedding] = task
            return task
        }
        guard let running else { return }
        do {
            try await running.value
            state.withLock { _ = $0.freshening.removeValue(forKey: wedding) }
        } catch {
            state.withLock { state in
                state.freshening[wedding] = nil
                state.revalidated.remove(wedding)
            }
            throw error
        }
    }

    /// Says, once per wedding while offline, that `wedding` is read from the copy and how old it is.
    private func tellIfOffline(about wedding: WeddingID) {
        guard let notices, let unreachable = state.withLock({ state in
            state.offline && state.refusal == nil && state.toldOffline.insert(wedding).inserted ? state.unreachable : nil
        }) else { return }
        notices(.workingOffline(unreachable, wedding: wedding, lastSynced: lastSynced(wedding)))
    }

    public func write<T: Sendable>(_ wedding: WeddingID, operation: String,
                                   _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        _ = try await read(wedding) { _ in true }
        if let database = await online() {
            do {
                let (result, changes, activity) = try await database.write(wedding, operation: operation) { transaction in
                    (try body(transaction), transaction.changes, transaction.activity)
                }
                if !changes.isEmpty {
                    await keep(changes, in: wedding, operation: operation, author: database.author, activity: activity)
                }
                return result
            } catch {
                try await fallBack(from: error, database)
            }
        }
        if let refusal = state.withLock({ $0.refusal }) { throw RepositoryError.storage("\(refusal)") }
        let result = try await copy.writeQueued(wedding, operation: operation, body)
        notices?(.queued(whyOffline, wedding: wedding))
        return result
    }

    /// The document files are kept in the wedding's local copy (as `PostgresWeddingHost` says),
    /// so the data directory's own weddings are untouched; the database keeps them too.
    public func documentsFolder(of wedding: WeddingID) -> String { copy.documentsFolder(of: wedding) }

    public func preview(of wedding: WeddingID) async -> WeddingPreview? { await copy.preview(of: wedding) }

    /// The database's record of the changes; offline, the copy's.
    public func activity(in wedding: WeddingID) async throws -> ActivityLog {
        if let database = await online() {
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
        let (connecting, offline, database, refusal) = state.withLock { ($0.connecting != nil, $0.offline, $0.database, $0.refusal) }
        if connecting { return .connecting }
        if let refusal { return .refused("\(refusal)") }
        guard !offline, let database else { return .offline(lastSynced: lastSynced(wedding)) }
        return database.connection(wedding)
    }

    /// Says when the host goes offline and when it is back, and, while online, what the
    /// database host says of its own connection.
    public func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection> {
        let (stream, continuation) = AsyncStream<FeedConnection>.makeStream()
        let key = UUID()
        state.withLock { $0.watchers[wedding, default: [:]][key] = continuation }
        relayConnection(of: wedding)
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.watchers[wedding]?.removeValue(forKey: key) }
        }
        return stream
    }

    /// Relays, while online, what the database host says of its own connection to `wedding`'s
    /// watchers (once per wedding; started when there is a database to ask). Its change
    /// listener's link breaking is the first sign of a server gone: if the database does not
    /// answer either, the host goes offline at once rather than at the next failed statement.
    private func relayConnection(of wedding: WeddingID) {
        state.withLock { state in
            guard !state.closed, state.relays[wedding] == nil, let database = state.database else { return }
            let upstream = database.connectionChanges(in: wedding)
            state.relays[wedding] = Task { [weak self] in
                for await connection in upstream {
                    guard self?.isOffline == false else { continue }
                    self?.announce(connection, to: wedding)
                    if connection == .reconnecting { await self?.probeWhileReconnecting(database, for: wedding) }
                }
            }
        }
    }

    /// While the change listener remakes its link, asks the database every second whether it
    /// answers (the server's other sessions may outlive the listener's by a moment); once it
    /// does not, the host goes offline.
    private func probeWhileReconnecting(_ database: PostgresWeddingHost, for wedding: WeddingID) async {
        while !Task.isCancelled, !isOffline, database.connection(wedding) == .reconnecting {
            do {
                if let unreachable = try await database.unreachable() { return goOffline(because: unreachable) }
            } catch {
                return refuse(error)
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// The database answers (first, or again): follows and relays what was asked for meanwhile.
    private func databaseAnswers() {
        let (watched, database) = state.withLock { (Array($0.watched.union($0.watchers.keys)), $0.database) }
        for wedding in watched {
            follow(wedding)
            relayConnection(of: wedding)
            if let database { announce(database.connection(wedding), to: wedding) }
        }
    }

    /// Online: pushes what was queued offline, then brings the copy up to date with the
    /// database. Offline: catches up with other processes' writes to the copy.
    public func catchUp(on wedding: WeddingID) async throws {
        if let database = await online() {
            do {
                try await synchronize(wedding, with: database)
            } catch {
                try await fallBack(from: error, database)
            }
        }
        try await copy.catchUp(on: wedding)
    }

    /// Brings a copied wedding up to date (its queued edits sent first) once the first attempt
    /// to reach the database has answered, without beginning it: a planner's first frame goes
    /// first. A failure while the database still answers is tried again (offline, the
    /// reconnection does it).
    private func revalidate(_ wedding: WeddingID) async {
        guard await reached() != nil else { return }
        do {
            try await RetryPolicy.revalidation.run(transient: { [weak self] _ in self?.isOffline == false }) {
                try await catchUp(on: wedding)
            }
        } catch {
            logger.warning("could not bring the copy up to date", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        }
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

    /// How many commits made offline to `wedding` this host sent merged by field with changes
    /// made since (each written as one new version, not a conflict).
    public func mergedOffline(in wedding: WeddingID) -> Int {
        state.withLock { $0.mergedOffline[wedding] ?? 0 }
    }

    /// Settles a conflict: keeping mine merges my edit with theirs, my values wherever both
    /// changed a field, theirs wherever only they did (in one database transaction); taking
    /// theirs drops mine. Needs the database.
    public func resolve(_ conflict: QueuedCommit, in wedding: WeddingID, keepingMine: Bool) async throws {
        let database = try await required("settle an edit made offline")
        try await gate.run {
            var kept: (changes: [RecordChange], activity: ActivitySummary)?
            if keepingMine {
                kept = try await database.write(wedding, operation: conflict.operation) { transaction in
                    try QueuedCommitReplay.applyKeepingMine(conflict, to: transaction)
                    return (transaction.changes, transaction.activity)
                }
            }
            try await copy.settleQueue(of: wedding, pushed: 0, resolved: [conflict])
            if let kept {
                // Yours, written over theirs, is this process's change (not another session's).
                try await store(kept.changes, in: wedding, at: clock(), operation: conflict.operation, author: database.author,
                                activity: kept.activity, origin: .local, from: database)
            } else {
                try await pull(wedding, from: database)
            }
        }
        announceConflicts(in: wedding)
    }

    public func offlineConflicts(in wedding: WeddingID) async throws -> [OfflineConflict] {
        let conflicts = try await conflicts(in: wedding)
        guard !conflicts.isEmpty else { return [] }
        let theirs = try await copy.read(wedding) { $0 }
        return conflicts.enumerated().map { position, conflict in
            OfflineConflict(position: position, edit: ActivityEntry(at: conflict.at, author: conflict.author,
                                                                    operation: conflict.operation,
                                                                    summary: Self.keeping(conflict, over: theirs)))
        }
    }

    /// What keeping `conflict` (merged with `theirs`, yours where both changed a field) would
    /// change, in the activity feed's terms; counted from its records when it cannot be applied
    /// as it stands (a record it names is gone).
    private static func keeping(_ conflict: QueuedCommit, over theirs: WeddingDataset) -> ActivitySummary {
        var dataset = theirs
        let applied = try? dataset.commit(now: conflict.at) { transaction in
            try QueuedCommitReplay.applyKeepingMine(conflict, to: transaction)
        }
        return applied?.activity ?? ActivitySummary(counting: conflict.changes)
    }

    public func settle(_ conflict: OfflineConflict, in wedding: WeddingID, keepingYours: Bool) async throws {
        let held = try await conflicts(in: wedding)
        guard held.indices.contains(conflict.position), held[conflict.position].at == conflict.edit.at,
              held[conflict.position].operation == conflict.edit.operation else {
            throw RepositoryError.storage("that edit made offline is settled already")
        }
        try await resolve(held[conflict.position], in: wedding, keepingMine: keepingYours)
    }

    public func offlineConflictChanges(in wedding: WeddingID) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let key = UUID()
        state.withLock { $0.conflictWatchers[wedding, default: [:]][key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.conflictWatchers[wedding]?.removeValue(forKey: key) }
        }
        return stream
    }

    private func announceConflicts(in wedding: WeddingID) {
        for watcher in state.withLock({ Array(($0.conflictWatchers[wedding] ?? [:]).values) }) { watcher.yield() }
    }

    /// Tries the database now: if it answers, pushes every copied wedding's queued commits and
    /// brings the copies up to date. Returns whether the database answered; throws its refusal
    /// if it answered with one (the host then uses it no more).
    @discardableResult
    public func reconnect() async throws -> Bool {
        let database: PostgresWeddingHost
        do {
            if let known = state.withLock({ $0.database }) {
                if let unreachable = try await known.unreachable() { throw unreachable }
                database = known
            } else {
                database = try await openDatabase()
            }
        } catch let unreachable as DatabaseUnreachable {
            state.withLock { $0.unreachable = unreachable }
            return false
        } catch {
            refuse(error)
            throw error
        }
        state.withLock { state in
            state.database = database
            state.offline = false
            state.unreachable = nil
            state.refusal = nil
            state.toldOffline = []
            state.reconnecting = nil
        }
        logger.info("the database answers again", metadata: ["url": "\(url)"])
        for wedding in (try? await copy.listWeddings().map(\.weddingID)) ?? [] {
            do {
                try await synchronize(wedding, with: database)
            } catch {
                logger.warning("could not bring a copy up to date", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
            }
        }
        databaseAnswers()
        return true
    }

    /// Stops reconnecting, ends every change stream and closes the copy and the connection.
    public func close() async {
        let connecting = state.withLock { state in
            state.closed = true
            return state.connecting
        }
        connect()
        await connecting?.value
        let (database, tasks, connectionStreams, conflictStreams) = state.withLock { state in
            defer {
                state.reconnecting = nil
                state.followed = [:]
                state.relays = [:]
                state.watchers = [:]
                state.conflictWatchers = [:]
            }
            let tasks = [state.reconnecting].compactMap { $0 } + Array(state.followed.values) + Array(state.relays.values)
            return (state.database, tasks, state.watchers.values.flatMap(\.values), state.conflictWatchers.values.flatMap(\.values))
        }
        for task in tasks { task.cancel() }
        for stream in connectionStreams { stream.finish() }
        for stream in conflictStreams { stream.finish() }
        await database?.close()
        persistSynced()
        await copy.close()
    }

    // MARK: Synchronising

    /// Sends the documents' bytes the database lacks, then pushes the queued commits in order
    /// (merged by field where records moved on; a conflict is kept and the rest go on), then,
    /// with none left, makes the copy hold what the database holds.
    private func synchronize(_ wedding: WeddingID, with database: PostgresWeddingHost) async throws {
        guard try await hasCopy(of: wedding) else { return }
        try await gate.run {
            try await sendContents(of: wedding, to: database)
            let queued = try await copy.queuedCommits(of: wedding).queued
            var pushed = 0
            var conflicts: [QueuedCommit] = []
            do {
                for commit in queued {
                    do {
                        let merged = try await database.write(wedding, operation: commit.operation) { transaction in
                            try QueuedCommitReplay.apply(commit, to: transaction)
                        }
                        if merged { state.withLock { $0.mergedOffline[wedding, default: 0] += 1 } }
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
            // Told whether or not the copy is then brought up to date: the conflicts are kept either way.
            defer { if !conflicts.isEmpty { announceConflicts(in: wedding) } }
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

    /// Stores a database commit's records in the copy, by `author` (the role the database wrote
    /// it as); if the copy is not where the commit started (others' commits not seen yet), brings
    /// the whole copy up to date instead.
    private func keep(_ changes: [RecordChange], in wedding: WeddingID, operation: String, author: String,
                      activity: ActivitySummary) async {
        do {
            try await copy.record(changes, in: wedding, at: clock(), operation: operation, author: author, activity: activity,
                                  origin: .local)
            markSynced(wedding)
        } catch {
            guard let database = await online() else { return }
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
            state.watched.insert(wedding)
            guard !state.closed, state.followed[wedding] == nil, let database = state.database else { return }
            let stream = database.changes(in: wedding)
            state.followed[wedding] = Task { [weak self] in
                for await change in stream where change.origin == .external {
                    guard let self, let database = await self.online() else { continue }
                    try? await self.gate.run { try await self.mirror(change, in: wedding, from: database) }
                }
            }
        }
    }

    private func mirror(_ change: RepositoryChange, in wedding: WeddingID, from database: PostgresWeddingHost) async throws {
        guard let records = change.records else { return try await pull(wedding, from: database) }
        try await store(records, in: wedding, at: change.activity?.at ?? clock(), operation: change.operation,
                        author: change.author, activity: change.activity?.summary, origin: .external, from: database)
    }

    /// Stores a database commit's records in the copy verbatim, published as from `origin`; if
    /// the copy is not where the commit started, brings the whole copy up to date instead. Runs
    /// inside the gate.
    private func store(_ changes: [RecordChange], in wedding: WeddingID, at time: Timestamp, operation: String,
                       author: String?, activity: ActivitySummary?, origin: RepositoryChange.Origin,
                       from database: PostgresWeddingHost) async throws {
        do {
            try await copy.record(changes, in: wedding, at: time, operation: operation, author: author, activity: activity,
                                  origin: origin)
            markSynced(wedding)
        } catch let error as RepositoryError where error.isRefusal {
            try await pull(wedding, from: database)
        }
    }

    /// What the database says this process may do with `wedding`; offline, or while it is
    /// first being reached, what it last said (kept beside the copy), else a planner's rights
    /// (the database refuses an edit it forbids). Opened `.fromTheCopy`, what it last said is
    /// answered at once and confirmed behind (the connection may be busy bringing the copy up
    /// to date); a changed answer is announced as the wedding's connection, which the session
    /// takes as its cue to ask again.
    public func accessRights(to wedding: WeddingID) async throws -> WeddingAccess {
        if start == .fromTheCopy, let known = knownAccess(to: wedding) {
            Task { [weak self] in await self?.confirmAccess(to: wedding, known: known) }
            return known
        }
        if state.withLock({ $0.connecting == nil }), let database = await online() {
            do {
                let access = try await database.accessRights(to: wedding)
                keep(access, for: wedding)
                return access
            } catch {
                try await fallBack(from: error, database)
            }
        }
        return knownAccess(to: wedding) ?? WeddingAccess(role: .planner)
    }

    private func confirmAccess(to wedding: WeddingID, known: WeddingAccess) async {
        guard let database = await reached(), let access = try? await database.accessRights(to: wedding) else { return }
        keep(access, for: wedding)
        if access != known { announce(database.connection(wedding), to: wedding) }
    }

    /// The database host while the database answers: for what only it can do (sharing).
    public var database: PostgresWeddingHost? {
        get async { await online() }
    }

    // MARK: Online and offline

    /// The database, once the first attempt to reach it (begun now if held) has ended; nil offline.
    func online() async -> PostgresWeddingHost? {
        connect()
        return await reached()
    }

    /// The database, once the first attempt to reach it (if any) has ended, without beginning a
    /// held one; nil offline.
    private func reached() async -> PostgresWeddingHost? {
        if let connecting = state.withLock({ $0.connecting }) { await connecting.value }
        return state.withLock { $0.offline ? nil : $0.database }
    }

    private func required(_ action: String) async throws -> PostgresWeddingHost {
        guard let database = await online() else {
            if let refusal = state.withLock({ $0.refusal }) { throw RepositoryError.storage("\(refusal)") }
            throw RepositoryError.storage("cannot \(action): \(whyOffline); "
                                          + "the edits made meanwhile are kept and sent when it answers again")
        }
        return database
    }

    /// Why the database cannot be reached, for messages.
    private var whyOffline: DatabaseUnreachable {
        state.withLock { $0.unreachable } ?? DatabaseUnreachable(url: url.description, reason: "it does not answer")
    }

    /// Rethrows `error` unless the database has stopped answering; then the host goes offline
    /// and the caller goes on with the copy. If it answers with a refusal (a password changed
    /// meanwhile), the host uses it no more, and throws that.
    func fallBack(from error: any Error, _ database: PostgresWeddingHost) async throws {
        if let unreachable = error as? DatabaseUnreachable { return goOffline(because: unreachable) }
        if error is DatabaseRefusal {
            refuse(error)
            throw error
        }
        guard case RepositoryError.storage = error else { throw error }
        let unreachable: DatabaseUnreachable?
        do {
            unreachable = try await database.unreachable()
        } catch let refusal {
            refuse(refusal)
            throw refusal
        }
        guard let unreachable else { throw error }
        goOffline(because: unreachable)
    }

    /// Works from the copy from now on, and keeps trying the database; says so to every watcher.
    private func goOffline(because unreachable: DatabaseUnreachable) {
        let watched = state.withLock { state -> [WeddingID]? in
            guard !state.offline, !state.closed else { return nil }
            state.offline = true
            state.unreachable = unreachable
            return Array(state.watchers.keys)
        }
        guard let watched else { return }
        logger.notice("the database cannot be reached; working from the local copy", metadata: ["error": "\(unreachable)"])
        persistSynced()
        startReconnecting()
        for wedding in watched { announce(.offline(lastSynced: lastSynced(wedding)), to: wedding) }
    }

    /// Uses the database no more: it refused this process (`error`: a `DatabaseRefusal`, or a
    /// `DatabaseSchemaError`). The copy still reads, every write is refused with it, and every
    /// watcher is told (`FeedConnection.refused`).
    private func refuse(_ error: any Error) {
        let watched = state.withLock { state -> [WeddingID]? in
            guard !state.closed else { return nil }
            state.offline = true
            state.refusal = error
            return Array(state.watchers.keys)
        }
        guard let watched else { return }
        logger.error("the database refused this process; working from the local copy, read only", metadata: ["error": "\(error)"])
        for wedding in watched { announce(connection(wedding), to: wedding) }
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
                    do {
                        if try await self.reconnect() { return }
                    } catch {
                        // Refused: trying again will not help (`connection` says why).
                        return
                    }
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

    // MARK: Access kept

    /// A role as kept beside the copy.
    private struct KeptAccess: Codable {
        let role: WeddingAccess.Role
        let owner: String?
    }

    private func accessFile(_ wedding: WeddingID) -> String { copy.folderPath(of: wedding) + "/access.json" }

    /// Remembers what the database said of `wedding`, beside its copy when it changed (rarely):
    /// a planner opened later shows a viewer's panes as view only from its first frame.
    private func keep(_ access: WeddingAccess, for wedding: WeddingID) {
        guard knownAccess(to: wedding) != access else { return }
        state.withLock { $0.access[wedding] = access }
        guard FileManager.default.fileExists(atPath: copy.folderPath(of: wedding)) else { return }
        do {
            try AtomicFile.write(try JSONEncoder().encode(KeptAccess(role: access.role, owner: access.owner)),
                                 to: accessFile(wedding))
        } catch {
            logger.warning("could not keep the wedding's access", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        }
    }

    /// This session's last word on access to `wedding`, else the one kept beside its copy.
    private func knownAccess(to wedding: WeddingID) -> WeddingAccess? {
        if let access = state.withLock({ $0.access[wedding] }) { return access }
        guard let kept = (try? Data(contentsOf: URL(fileURLWithPath: accessFile(wedding))))
            .flatMap({ try? JSONDecoder().decode(KeptAccess.self, from: $0) }) else { return nil }
        let access = WeddingAccess(role: kept.role, owner: kept.owner)
        state.withLock { $0.access[wedding] = $0.access[wedding] ?? access }
        return access
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
