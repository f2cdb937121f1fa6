import BlueprintConfiguration
import BlueprintDomain
import BlueprintStorage
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// Weddings kept in a PostgreSQL database, shared by every process (and machine) that opens
/// it: the same transactions, validation, versions and change events as the file store, so
/// `Repositories` built on it give every command and store the database unchanged.
///
/// - One actor per wedding holds its data in memory, read whole from the rows on first use and
///   kept current by the wedding's `changes` rows (see `PostgresWedding`).
/// - A write is one database transaction: the rows it changes, each version-checked, and its
///   `changes` row. A stale update is `RepositoryError.conflict`, as on files.
/// - Every commit `NOTIFY`s the database's listeners (`ChangeNotice`), and a `ChangeListener`
///   brings other processes' commits to this one's change streams (`.external`) as they
///   happen, from the moment a wedding's first stream is opened; they are also caught up with
///   on the next read or write, or `catchUp(on:)`.
/// - A statement that fails for a passing reason is retried with backoff (`DatabaseLink`).
/// - Statements are parameterised (PostgresNIO binds every interpolated value); none is built
///   from text.
///
/// The schema is `DatabaseSchema`'s; `open` refuses a database whose schema is missing or of
/// another version, saying to run `blueprint db migrate` (or to upgrade).
public final class PostgresWeddingHost: WeddingDataHost {
    /// The database, as given.
    public let url: DatabaseURL
    /// Who this process is on the database (`current_user`): the author of its changes, which
    /// the database itself writes in each `changes` row (see `DatabaseSchema.hardening`).
    public let author: String
    /// The data directory under which this machine keeps document files (see `documentsFolder(of:)`).
    private let localRoot: String
    let link: DatabaseLink
    let broadcaster = ChangeBroadcaster()
    private let listener: ChangeListener
    let settings: PostgresWeddingSettings
    private let weddings = Mutex<[WeddingID: PostgresWedding]>([:])

    /// Connects to the database at `url`, checks its schema and asks who this process is there.
    /// Throws `DatabaseUnreachable` if nothing answers there, `DatabaseRefusal` if it refuses this
    /// process (see `DatabaseFailure`).
    ///
    /// - Parameters:
    ///   - localRoot: the data directory under which this machine keeps document files.
    ///   - clock: the time stamped on records and changes.
    ///   - notices: who is told, as it happens, that a write waits for another session's change.
    public static func open(_ url: DatabaseURL, localRoot: String,
                            clock: @escaping @Sendable () -> Timestamp = { Timestamp(Date()) },
                            notices: (@Sendable (DatabaseNotice) -> Void)? = nil) async throws -> PostgresWeddingHost {
        try await open(url, localRoot: localRoot, clock: clock, listenerPolicy: .listener, notices: notices)
    }

    /// `open`, with the change listener's reconnections paced by `listenerPolicy` and a write's
    /// wait for another's change bounded by `lockWait` (for tests).
    static func open(_ url: DatabaseURL, localRoot: String, clock: @escaping @Sendable () -> Timestamp,
                     listenerPolicy: RetryPolicy, lockWait: WeddingRowLock.Wait = .standard,
                     notices: (@Sendable (DatabaseNotice) -> Void)? = nil) async throws -> PostgresWeddingHost {
        let logger = Logger(label: "blueprint.postgres")
        let link = DatabaseLink(url: url, logger: logger)
        let author: String
        do {
            try await DatabaseSchema.check(link, logger: logger)
            author = try await currentRole(on: link, logger: logger)
        } catch {
            await link.close()
            throw error
        }
        let settings = PostgresWeddingSettings(author: author, clock: clock, logger: logger, lockWait: lockWait, notices: notices)
        return PostgresWeddingHost(url: url, link: link, localRoot: localRoot, settings: settings,
                                   listenerPolicy: listenerPolicy)
    }

    private init(url: DatabaseURL, link: DatabaseLink, localRoot: String, settings: PostgresWeddingSettings,
                 listenerPolicy: RetryPolicy) {
        self.url = url
        author = settings.author
        self.localRoot = localRoot
        self.link = link
        self.settings = settings
        let logger = settings.logger
        listener = ChangeListener(url: url, logger: logger, policy: listenerPolicy)
        // A wedding not loaded here has nothing to catch up: its first read loads it as it is.
        listener.serve(.init(
            catchUp: { [weak self] id, sequence in try await self?.weddings.withLock { $0[id] }?.noticed(sequence) },
            deleted: { [weak self] id in
                guard let self else { return }
                weddings.withLock { _ = $0.removeValue(forKey: id) }
                broadcaster.publish(RepositoryChange(wedding: id, sequence: 0, records: nil, origin: .external,
                                                     operation: "weddingDeleted"))
            }))
    }

    /// A host dropped without `close()` stops listening (its connections close with their links).
    deinit { listener.cancel() }

    /// A wedding whose row this role sees but whose stored settings blueprint cannot read
    /// (written by another program): why, in words.
    public struct UnreadableWedding: Sendable, Equatable {
        public let id: WeddingID
        public let reason: String
    }

    /// The weddings this role may open. A wedding whose stored settings do not decode is left
    /// out and logged, never stopping the others (`unreadableWeddings()` names it).
    public func listWeddings() async throws -> [Wedding] {
        try await readWeddings().readable
    }

    /// The weddings this role sees whose stored settings do not decode.
    public func unreadableWeddings() async throws -> [UnreadableWedding] {
        try await readWeddings().unreadable
    }

    private func readWeddings() async throws -> (readable: [Wedding], unreadable: [UnreadableWedding]) {
        let rows = try await link.withConnection { connection in
            var rows: [(UUID, String)] = []
            for try await row in try await connection.statement("SELECT id, record FROM weddings", logger: settings.logger)
                .decode((UUID, String).self) {
                rows.append(row)
            }
            return rows
        }
        var readable: [Wedding] = [], unreadable: [UnreadableWedding] = []
        for (id, record) in rows {
            do {
                readable.append(try PostgresWedding.decodeWedding(record, id: WeddingID(id)))
            } catch {
                settings.logger.warning("a wedding in the database cannot be read; left out", metadata: [
                    "wedding": "\(id)", "error": "\(error)",
                ])
                unreadable.append(UnreadableWedding(id: WeddingID(id), reason: "\(error)"))
            }
        }
        return (readable.sorted { ($0.name.lowercased(), $0.weddingID) < ($1.name.lowercased(), $1.weddingID) }, unreadable)
    }

    /// The database is the authority: the same as `listWeddings()`.
    public func listAllWeddings() async throws -> [Wedding] { try await listWeddings() }

    public func createWedding(_ wedding: Wedding) async throws -> Wedding {
        var stored = wedding
        let now = settings.clock()
        stored.createdAt = now
        stored.updatedAt = now
        stored.version = 1
        let issues = stored.validationIssues(in: WeddingDataset(wedding: stored))
        guard issues.isEmpty else { throw RepositoryError.invalid(.wedding, issues) }
        let text = try CommitRows.text(of: .saveWedding(stored))
        let id = stored.weddingID.rawValue
        let created = try await link.transaction { connection in
            var inserted = false
            for try await _ in try await connection.statement("""
                INSERT INTO weddings (id, name, record, version, created_at, updated_at)
                VALUES (\(id), \(CommitRows.columnName(of: stored)), \(text), \(stored.version), \(now.date), \(now.date))
                ON CONFLICT (id) DO NOTHING
                RETURNING id
                """, logger: settings.logger) { inserted = true }
            if inserted { return true }
            var actual = 1
            for try await version in try await connection.statement("SELECT version FROM weddings WHERE id = \(id)",
                                                                logger: settings.logger).decode(Int.self) {
                actual = version
            }
            throw RepositoryError.conflict(.wedding, id: id, expected: 0, actual: actual)
        }
        if created {
            broadcaster.publish(RepositoryChange(wedding: stored.weddingID, sequence: 0, records: nil, origin: .local,
                                                 operation: "weddingCreated"))
        }
        return stored
    }

    /// Deletes the wedding and, with it, its records and changes.
    public func deleteWedding(_ id: WeddingID) async throws {
        let deleted = try await link.transaction { connection in
            var channel: String?
            for try await name in try await connection.statement(
                "DELETE FROM weddings WHERE id = \(id.rawValue) RETURNING channel", logger: settings.logger).decode(String.self) {
                channel = name
            }
            guard let channel else { return false }
            try await ChangeNotice(wedding: id, event: .deleted).send(to: channel, on: connection, logger: settings.logger)
            return true
        }
        guard deleted else { throw try await refusalToDelete(id) }
        if let wedding = weddings.withLock({ $0.removeValue(forKey: id) }) { await wedding.forget() }
        broadcaster.publish(RepositoryChange(wedding: id, sequence: 0, records: nil, origin: .local, operation: "weddingDeleted"))
    }

    public func read<T: Sendable>(_ wedding: WeddingID, _ body: @Sendable (WeddingDataset) throws -> T) async throws -> T {
        try await self.wedding(wedding).read(body)
    }

    public func write<T: Sendable>(_ wedding: WeddingID, operation: String,
                                   _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        try await self.wedding(wedding).write(operation: operation, body)
    }

    /// Where this machine keeps the wedding's document files: beside its local copy
    /// (`TieredWeddingHost.copyRoot`), never in the data directory's own weddings. The database
    /// keeps them too (`DocumentContentSource`), and a file missing here is fetched from it.
    public func documentsFolder(of wedding: WeddingID) -> String {
        FileStore.documentsFolder(root: TieredWeddingHost.copyRoot(of: url, in: localRoot), of: wedding)
    }

    /// Every commit to the wedding, from its `changes` rows.
    public func activity(in wedding: WeddingID) async throws -> ActivityLog {
        try await self.wedding(wedding).activity()
    }

    /// No preview is kept in the database yet: the first frame waits for the wedding.
    public func preview(of wedding: WeddingID) async -> WeddingPreview? { nil }

    /// A stream of the wedding's changes; the first one starts listening for other processes'
    /// (and the wedding is watched from then until `close()`).
    public func changes(in wedding: WeddingID) -> AsyncStream<RepositoryChange> {
        let stream = broadcaster.stream(for: wedding)
        listener.watch(wedding)
        return stream
    }

    /// `.notWatched` until a stream of the wedding is opened and the listener listens; `.live`
    /// while it does; `.reconnecting` from the moment its connection breaks until it listens
    /// again (having caught up).
    public func connection(_ wedding: WeddingID) -> FeedConnection { listener.connection(wedding) }

    public func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection> {
        listener.connectionChanges(in: wedding)
    }

    /// Applies and publishes what other processes committed to `wedding` since this process
    /// last looked (one small query when nothing changed); loads the wedding if it is not loaded.
    public func catchUp(on wedding: WeddingID) async throws {
        try await self.wedding(wedding).catchUp()
    }

    /// Ends every change stream and closes the connection. Call it before the process exits.
    public func close() async {
        await listener.stop()
        broadcaster.close()
        await link.close()
    }

    private func wedding(_ id: WeddingID) -> PostgresWedding {
        weddings.withLock { weddings in
            if let existing = weddings[id] { return existing }
            let wedding = PostgresWedding(id: id, link: link, broadcaster: broadcaster, settings: settings)
            weddings[id] = wedding
            return wedding
        }
    }
}
