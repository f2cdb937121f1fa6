import BlueprintConfiguration
import BlueprintDomain
import BlueprintStorage
import Foundation
import Logging

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
/// - Reconnecting (retried with backoff and jitter while offline, or `reconnect()`): the queued commits are
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
///
/// Its parts: the link to the database is one state (`TierLink`: held, connecting, online,
/// offline, refused, closed), changed only by the `ConnectionSupervisor` actor, which makes the
/// first attempt, retries with backoff while offline and reconnects; `QueuedCommitReplay` sends
/// the queued commits and keeps and settles the conflicts; `CopyRevalidation` brings a copy up to
/// date with the database; `SyncedTimes` and `KeptAccess` remember, beside each copy, when it was
/// last synchronised and what the database last allowed; `WeddingsFollowed` notes what was asked
/// for and said, by wedding. What the host runs behind its callers (following a wedding's
/// commits and relaying its connection, a planner's copy brought up to date behind its first
/// read, access confirmed behind the answer) is a task of its `BackgroundWork`, named by purpose
/// and wedding: `close()` cancels each and waits for it to end (a cancelled one writes nothing
/// more to the copy), so once it returns nothing of the host writes to the copy or announces
/// anything.
public final class TieredWeddingHost: WeddingDataHost, OfflineConflictSource {
    /// The database, as given.
    public let url: DatabaseURL
    /// Who edits made offline are by, in the copy; the database writes its own role
    /// (`PostgresWeddingHost.author`) as the author of what it commits.
    public let author: String
    /// The local copy of the database's weddings.
    public let copy: FileStore
    private let start: Start
    private let clock: @Sendable () -> Timestamp
    private let logger = Logger(label: "blueprint.tier")
    private let notices: (@Sendable (DatabaseNotice) -> Void)?
    /// The link to the database: reached, retried, reconnected.
    private let supervisor: ConnectionSupervisor<PostgresWeddingHost>
    /// The commits made offline: sent, kept as conflicts, settled.
    private let replay: QueuedCommitReplay
    /// The copy brought up to date with the database.
    private let revalidation: CopyRevalidation
    private let synced: SyncedTimes
    private let access: KeptAccess
    /// Who is told of each wedding's connection.
    private let connectionWatchers = WeddingWatchers<FeedConnection>()
    /// What was asked for and said, by wedding.
    private let followed = WeddingsFollowed()
    /// What runs behind the callers: ended by `close()`.
    private let work = BackgroundWork<TierWork>()
    private let gate = SyncGate()

    /// How `open` treats the database.
    public enum Start: Sendable {
        /// Connects before returning (a command: what it reads and writes is the database's).
        case connectingFirst
        /// Returns at once and connects behind, from `connect()` on (the planner: its first frame
        /// is the copy's).
        case fromTheCopy
    }

    /// What the host runs behind its callers, by wedding.
    private enum TierWork: Hashable, Sendable {
        /// Noting that the wedding's changes were asked for, and following them if the database answers.
        case watching(WeddingID)
        /// Mirroring the database's commits to the wedding into the copy.
        case following(WeddingID)
        /// Relaying the database host's own connection to the wedding.
        case relaying(WeddingID)
        /// Bringing the wedding's copy up to date behind a planner's read.
        case revalidating(WeddingID)
        /// Confirming what the database lets this process do with the wedding.
        case confirmingAccess(WeddingID)
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
        let reaching = ConnectionSupervisor<PostgresWeddingHost>.Reaching(
            open: { try await PostgresWeddingHost.open(url, localRoot: localRoot, clock: clock, notices: notices) },
            probe: { try await $0.unreachable() },
            close: { await $0.close() })
        let host = TieredWeddingHost(url: url, author: author, copy: copy, start: start, notices: notices, clock: clock,
                                     supervisor: ConnectionSupervisor(held: start == .fromTheCopy, reaching: reaching))
        await host.supervisor.start(telling: host.listener)
        guard start == .connectingFirst, let refusal = await host.supervisor.attemptFirst() else { return host }
        await host.close()
        throw refusal
    }

    private init(url: DatabaseURL, author: String, copy: FileStore, start: Start,
                 notices: (@Sendable (DatabaseNotice) -> Void)?, clock: @escaping @Sendable () -> Timestamp,
                 supervisor: ConnectionSupervisor<PostgresWeddingHost>) {
        self.start = start
        self.url = url
        self.author = author
        self.copy = copy
        self.notices = notices
        self.clock = clock
        self.supervisor = supervisor
        let synced = SyncedTimes(copy: copy, clock: clock)
        self.synced = synced
        replay = QueuedCommitReplay(copy: copy)
        revalidation = CopyRevalidation(copy: copy, clock: clock, synced: { synced.mark($0) })
        access = KeptAccess(copy: copy)
    }

    /// What the host does as the link changes.
    private var listener: ConnectionSupervisor<PostgresWeddingHost>.Listener {
        .init(answered: { [weak self] database, again in await self?.databaseAnswers(database, again: again) },
              lost: { [weak self] unreachable in self?.wentOffline(because: unreachable) },
              refused: { [weak self] error in self?.wasRefused(error) })
    }

    /// Lets the first attempt to reach the database begin (opened `.fromTheCopy`; anything that
    /// needs the database begins it too). Returns at once.
    public func connect() {
        supervisor.connect()
    }

    /// Whether the database is being worked around (its copy used alone) at the moment.
    public var isOffline: Bool { supervisor.link.isOffline }

    /// Why the database cannot be reached, while it cannot (nil online, and when it refused).
    public var unreachable: DatabaseUnreachable? { supervisor.link.unreachable }

    // MARK: Weddings

    /// The database's weddings; while it is first being reached, the copied ones if any are
    /// (`listAllWeddings()` waits for it).
    public func listWeddings() async throws -> [Wedding] {
        if supervisor.link.isConnecting {
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
        if let refusal = supervisor.link.refusal { throw RepositoryError.storage("\(refusal)") }
        throw RepositoryError.storage("\(whyOffline), and this machine has no copy of its weddings yet")
    }

    public func createWedding(_ wedding: Wedding) async throws -> Wedding {
        let database = try await required("create a wedding")
        let created = try await database.createWedding(wedding)
        _ = try await copy.createWedding(copying: WeddingDataset(wedding: created))
        synced.mark(created.weddingID)
        return created
    }

    public func deleteWedding(_ id: WeddingID) async throws {
        let database = try await required("delete a wedding")
        try await database.deleteWedding(id)
        await followed.setCopied(id, false)
        synced.forget(id)
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
            synced.mark(wedding)
            revalidation.copied(wedding)
        } else if start == .connectingFirst {
            try await revalidation.freshen(wedding, answering: supervisor.link.database != nil) { [weak self] in
                try await self?.catchUp(on: wedding)
            }
        } else if revalidatesBehind(wedding) {
            await work.start(.revalidating(wedding)) { [weak self] in await self?.revalidate(wedding) }
        }
        await tellIfOffline(about: wedding)
        return try await copy.read(wedding, body)
    }

    /// Whether a planner's read of `wedding` is the first to find the database answering, or
    /// being reached (its copy is then brought up to date behind, once).
    private func revalidatesBehind(_ wedding: WeddingID) -> Bool {
        let link = supervisor.link
        return (link.isConnecting || link.database != nil) && revalidation.firstTime(wedding)
    }

    /// Says, once per wedding while offline, that `wedding` is read from the copy and how old it is.
    private func tellIfOffline(about wedding: WeddingID) async {
        guard let notices, let unreachable = supervisor.link.unreachable,
              await followed.firstReadOffline(of: wedding) else { return }
        notices(.workingOffline(unreachable, wedding: wedding, lastSynced: synced.last(wedding)))
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
        if let refusal = supervisor.link.refusal { throw RepositoryError.storage("\(refusal)") }
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
        if let database = supervisor.link.database { work.request(.following(wedding), following(wedding, in: database)) }
        work.request(.watching(wedding)) { [weak self] in await self?.watch(wedding) }
        return copy.changes(in: wedding)
    }

    public func connection(_ wedding: WeddingID) -> FeedConnection {
        switch supervisor.link {
        case .held, .connecting: .connecting
        case let .refused(refusal, _): .refused("\(refusal)")
        case let .online(database): database.connection(wedding)
        case .offline, .closed: .offline(lastSynced: synced.last(wedding))
        }
    }

    /// Says when the host goes offline and when it is back, and, while online, what the
    /// database host says of its own connection (relayed once per wedding: from now when there
    /// is a database to ask, else once it answers).
    public func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection> {
        let stream = connectionWatchers.watch(wedding)
        if let database = supervisor.link.database { work.request(.relaying(wedding), relaying(wedding, from: database)) }
        return stream
    }

    /// Notes that `wedding`'s changes were asked for, and follows them if the database answers
    /// (else `databaseAnswers` does, once it does: the note comes before the look at the link).
    private func watch(_ wedding: WeddingID) async {
        await followed.watch(wedding)
        guard let database = supervisor.link.database else { return }
        await work.start(.following(wedding), following(wedding, in: database))
    }

    /// Mirrors what other processes commit to `wedding` in `database` into the copy (their
    /// stream asked for now, so none is missed meanwhile).
    private func following(_ wedding: WeddingID, in database: PostgresWeddingHost) -> @Sendable () async -> Void {
        let changes = database.changes(in: wedding)
        return { [weak self] in
            for await change in changes where change.origin == .external { await self?.mirror(change, in: wedding) }
        }
    }

    /// Relays what `database`'s host says of its own connection to `wedding`'s watchers (their
    /// stream asked for now, so no change is missed meanwhile).
    private func relaying(_ wedding: WeddingID, from database: PostgresWeddingHost) -> @Sendable () async -> Void {
        let connections = database.connectionChanges(in: wedding)
        return { [weak self] in
            for await connection in connections { await self?.relay(connection, of: wedding, from: database) }
        }
    }

    /// Mirrors a commit another process made to the database (as its host learns of it) into
    /// the copy: the commit's own records when the copy is where the commit started (the cost of
    /// the change, not of the wedding), else the whole copy brought up to date.
    private func mirror(_ change: RepositoryChange, in wedding: WeddingID) async {
        guard let database = await online() else { return }
        try? await gate.run {
            guard let records = change.records else { return try await revalidation.pull(wedding, from: database) }
            try await revalidation.store(records, in: wedding, at: change.activity?.at ?? clock(), operation: change.operation,
                                         author: change.author, activity: change.activity?.summary, origin: .external,
                                         from: database)
        }
    }

    /// Relays, while online, what the database host says of its own connection to `wedding`.
    /// Its change listener's link breaking is the first sign of a server gone: if the database
    /// does not answer either, the host goes offline at once rather than at the next failed statement.
    private func relay(_ connection: FeedConnection, of wedding: WeddingID, from database: PostgresWeddingHost) async {
        guard !isOffline else { return }
        announce(connection, to: wedding)
        if connection == .reconnecting { await probeWhileReconnecting(database, for: wedding) }
    }

    /// While the change listener remakes its link, asks the database every second whether it
    /// answers (the server's other sessions may outlive the listener's by a moment); once it
    /// does not, the host goes offline.
    private func probeWhileReconnecting(_ database: PostgresWeddingHost, for wedding: WeddingID) async {
        while !Task.isCancelled, !isOffline, database.connection(wedding) == .reconnecting {
            do {
                if let unreachable = try await database.unreachable() { return await supervisor.lose(because: unreachable) }
            } catch {
                return await supervisor.refuse(error)
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// The database answers, first or again (then every copied wedding is synchronised first):
    /// follows and relays what was asked for meanwhile.
    private func databaseAnswers(_ database: PostgresWeddingHost, again: Bool) async {
        if again {
            await followed.databaseAnswersAgain()
            logger.info("the database answers again", metadata: ["url": "\(url)"])
            for wedding in (try? await copy.listWeddings().map(\.weddingID)) ?? [] {
                do {
                    try await synchronize(wedding, with: database)
                } catch {
                    logger.warning("could not bring a copy up to date", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
                }
            }
        }
        for wedding in await followed.watched.union(connectionWatchers.weddings) {
            await work.start(.following(wedding), following(wedding, in: database))
            await work.start(.relaying(wedding), relaying(wedding, from: database))
            announce(database.connection(wedding), to: wedding)
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
        await revalidation.revalidate(wedding, answering: { [weak self] in self?.isOffline == false }) {
            try await catchUp(on: wedding)
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
        replay.merged(in: wedding)
    }

    /// Settles a conflict: keeping mine merges my edit with theirs, my values wherever both
    /// changed a field, theirs wherever only they did (in one database transaction); taking
    /// theirs drops mine. Needs the database.
    public func resolve(_ conflict: QueuedCommit, in wedding: WeddingID, keepingMine: Bool) async throws {
        let database = try await required("settle an edit made offline")
        try await gate.run {
            if let kept = try await replay.settle(conflict, in: wedding, keepingMine: keepingMine, with: database) {
                // Yours, written over theirs, is this process's change (not another session's).
                try await revalidation.store(kept.changes, in: wedding, at: clock(), operation: conflict.operation,
                                             author: database.author, activity: kept.activity, origin: .local, from: database)
            } else {
                try await revalidation.pull(wedding, from: database)
            }
        }
        replay.announceConflicts(in: wedding)
    }

    public func offlineConflicts(in wedding: WeddingID) async throws -> [OfflineConflict] {
        try await hasCopy(of: wedding) ? replay.offlineConflicts(in: wedding) : []
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
        replay.conflictChanges(in: wedding)
    }

    /// Tries the database now: if it answers, pushes every copied wedding's queued commits and
    /// brings the copies up to date. Returns whether the database answered; throws its refusal
    /// if it answered with one (the host then uses it no more).
    @discardableResult
    public func reconnect() async throws -> Bool {
        try await supervisor.reconnect()
    }

    /// Stops reconnecting, ends the work begun behind the callers (cancelled, and waited for:
    /// what it had not written to the copy when closing began it no longer writes), ends every
    /// change stream and closes the copy and the connection. Nothing of the host runs after it.
    public func close() async {
        let database = await supervisor.close()
        await work.close()
        connectionWatchers.finish()
        replay.finish()
        await database?.close()
        synced.persist()
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
            let conflicts = try await replay.push(wedding, to: database)
            // Told whether or not the copy is then brought up to date: the conflicts are kept either way.
            defer { if !conflicts.isEmpty { replay.announceConflicts(in: wedding) } }
            try await revalidation.pull(wedding, from: database)
        }
    }

    /// Stores a database commit's records in the copy, by `author` (the role the database wrote
    /// it as); if the copy is not where the commit started (others' commits not seen yet), brings
    /// the whole copy up to date instead.
    private func keep(_ changes: [RecordChange], in wedding: WeddingID, operation: String, author: String,
                      activity: ActivitySummary) async {
        do {
            try await copy.record(changes, in: wedding, at: clock(), operation: operation, author: author, activity: activity,
                                  origin: .local)
            synced.mark(wedding)
        } catch {
            guard let database = await online() else { return }
            do {
                try await gate.run { try await revalidation.pull(wedding, from: database) }
            } catch {
                logger.warning("could not bring the copy up to date", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
            }
        }
    }

    /// What the database says this process may do with `wedding`; offline, or while it is
    /// first being reached, what it last said (kept beside the copy), else a planner's rights
    /// (the database refuses an edit it forbids). Opened `.fromTheCopy`, what it last said is
    /// answered at once and confirmed behind (the connection may be busy bringing the copy up
    /// to date); a changed answer is announced as the wedding's connection, which the session
    /// takes as its cue to ask again.
    public func accessRights(to wedding: WeddingID) async throws -> WeddingAccess {
        if start == .fromTheCopy, let known = access.access(to: wedding) {
            await work.start(.confirmingAccess(wedding)) { [weak self] in await self?.confirmAccess(to: wedding, known: known) }
            return known
        }
        if !supervisor.link.isConnecting, let database = await online() {
            do {
                let rights = try await database.accessRights(to: wedding)
                access.keep(rights, for: wedding)
                return rights
            } catch {
                try await fallBack(from: error, database)
            }
        }
        return access.access(to: wedding) ?? WeddingAccess(role: .planner)
    }

    /// Asks the database what it lets this process do with `wedding` now; keeps and announces
    /// a changed answer, unless the host is closing meanwhile.
    private func confirmAccess(to wedding: WeddingID, known: WeddingAccess) async {
        guard let database = await reached(), let rights = try? await database.accessRights(to: wedding),
              !Task.isCancelled else { return }
        access.keep(rights, for: wedding)
        if rights != known { announce(database.connection(wedding), to: wedding) }
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
        await supervisor.firstAttemptEnded()
        return supervisor.link.database
    }

    private func required(_ action: String) async throws -> PostgresWeddingHost {
        guard let database = await online() else {
            if let refusal = supervisor.link.refusal { throw RepositoryError.storage("\(refusal)") }
            throw RepositoryError.storage("cannot \(action): \(whyOffline); "
                                          + "the edits made meanwhile are kept and sent when it answers again")
        }
        return database
    }

    /// Why the database cannot be reached, for messages.
    private var whyOffline: DatabaseUnreachable {
        supervisor.link.unreachable ?? DatabaseUnreachable(url: url.description, reason: "it does not answer")
    }

    /// Rethrows `error` unless the database has stopped answering; then the host goes offline
    /// and the caller goes on with the copy. If it answers with a refusal (a password changed
    /// meanwhile), the host uses it no more, and throws that.
    func fallBack(from error: any Error, _ database: PostgresWeddingHost) async throws {
        if let unreachable = error as? DatabaseUnreachable { return await supervisor.lose(because: unreachable) }
        if error is DatabaseRefusal {
            await supervisor.refuse(error)
            throw error
        }
        guard case RepositoryError.storage = error else { throw error }
        let unreachable: DatabaseUnreachable?
        do {
            unreachable = try await database.unreachable()
        } catch let refusal {
            await supervisor.refuse(refusal)
            throw refusal
        }
        guard let unreachable else { throw error }
        await supervisor.lose(because: unreachable)
    }

    /// The link went offline: the copy is used alone from now on (the supervisor keeps trying
    /// the database); every watcher is told.
    private func wentOffline(because unreachable: DatabaseUnreachable) {
        logger.notice("the database cannot be reached; working from the local copy", metadata: ["error": "\(unreachable)"])
        synced.persist()
        for wedding in connectionWatchers.weddings { announce(.offline(lastSynced: synced.last(wedding)), to: wedding) }
    }

    /// The database refused this process (a `DatabaseRefusal`, or a `DatabaseSchemaError`): the
    /// copy still reads, every write is refused with it, and every watcher is told
    /// (`FeedConnection.refused`).
    private func wasRefused(_ error: any Error) {
        logger.error("the database refused this process; working from the local copy, read only", metadata: ["error": "\(error)"])
        for wedding in connectionWatchers.weddings { announce(connection(wedding), to: wedding) }
    }

    private func announce(_ connection: FeedConnection, to wedding: WeddingID) {
        connectionWatchers.tell(connection, to: wedding)
    }

    private func hasCopy(of wedding: WeddingID) async throws -> Bool {
        if await followed.isCopied(wedding) { return true }
        let copied = try await copy.listWeddings().contains { $0.weddingID == wedding }
        if copied { await followed.setCopied(wedding, true) }
        return copied
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
