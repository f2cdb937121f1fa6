import BlueprintDomain
import BlueprintStorage
import Foundation
import Logging
import PostgresNIO

/// Settings every wedding of one `PostgresWeddingHost` shares.
struct PostgresWeddingSettings: Sendable {
    let author: String
    let clock: @Sendable () -> Timestamp
    let logger: Logger
    /// How long a write waits for another session's change to its wedding (`WeddingRowLock`).
    var lockWait = WeddingRowLock.Wait.standard
    /// Who is told that a write waits (`DatabaseNotice.waiting`).
    var notices: (@Sendable (DatabaseNotice) -> Void)?
}

/// One wedding's data in this process, kept in step with the database and with other
/// processes, as the file store's `WeddingStore` is with its folder.
///
/// Every operation first catches up: it compares the wedding's `last_sequence` with the last
/// change applied here and applies the newer `changes` rows (other processes' commits), which
/// it publishes as `.external`. A write locks the wedding's row (`FOR UPDATE`, so writers take
/// turns as the file store's take its lock), catches up under the lock, runs the commit on a
/// copy of the data, and in the same transaction applies each record's net change
/// version-checked (`… WHERE version = $expected`) and appends its `changes` row. Only after
/// COMMIT does the copy become the data here and the change get published. An update that
/// finds another version is the same `RepositoryError.conflict` the file store throws, and the
/// wedding is reloaded before the next operation.
///
/// Retries never apply a write twice. A failure before COMMIT (retried by `DatabaseLink`) left
/// nothing in the database, and the transaction runs again from its start (catching up under
/// the lock). When the answer to COMMIT itself is lost (`UncertainCommit`), the write is run
/// again only once its `changes` row is found missing; if the row is there, the commit stands.
/// Running it again blindly is not safe even with the version checks: an insert of a record
/// made inside the write would get a new id, and be added twice.
actor PostgresWedding {
    let id: WeddingID
    private let link: DatabaseLink
    private let broadcaster: ChangeBroadcaster
    private let settings: PostgresWeddingSettings
    private var dataset: WeddingDataset?
    /// The sequence of the last change applied to `dataset`.
    private var seen: Int64 = 0
    /// The data was let go after a write failed, so what the database holds is not known here:
    /// the next load tells every receiver to read everything again.
    private var dropped = false

    init(id: WeddingID, link: DatabaseLink, broadcaster: ChangeBroadcaster, settings: PostgresWeddingSettings) {
        self.id = id
        self.link = link
        self.broadcaster = broadcaster
        self.settings = settings
    }

    func read<T: Sendable>(_ body: @Sendable (WeddingDataset) throws -> T) async throws -> T {
        while true {
            try await catchUp()
            // A write of this process may have taken the data out meanwhile: then read again.
            if let dataset { return try body(dataset) }
        }
    }

    /// Loads the wedding if it is not loaded, else applies and publishes what others committed.
    func catchUp() async throws {
        guard dataset != nil else { return try await load() }
        try await link.withConnection { connection in
            // Read once the connection is ours: a write that went first has kept its data by now.
            guard let current = dataset else { return }
            dataset = try await catchUp(current, on: connection, locking: false)
        }
    }

    func write<T: Sendable>(operation: String, _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        var outcome: Committed<T>?
        while outcome == nil {
            outcome = try await attempt(operation: operation, body)
        }
        let committed = outcome!
        if !committed.changes.isEmpty {
            let activity = ActivityEntry(at: committed.at, author: settings.author, operation: operation, summary: committed.activity)
            broadcaster.publish(RepositoryChange(wedding: id, sequence: UInt64(committed.sequence), records: committed.changes,
                                                 origin: .local, operation: operation, author: settings.author,
                                                 activity: activity))
        }
        return committed.result
    }

    /// One try at a write: nil if the data was let go (by a write that failed) before the
    /// connection was ours, so the caller loads it and tries again.
    private func attempt<T: Sendable>(operation: String, _ body: @Sendable (WeddingTransaction) throws -> T) async throws
        -> Committed<T>? {
        if dataset == nil { try await load() }
        var committing = false
        /// The commit on its way, with what finds its `changes` row if the answer to COMMIT is lost.
        var prepared: (committed: Committed<T>, sequence: Int64, mutations: String)?
        do {
            return try await link.transaction { connection in
                guard let current = dataset else { return nil }
                var next = try await catchUp(current, on: connection, locking: true)
                // Taken out while the commit changes it in place (a copy would cost O(wedding) per
                // edit); until it is put back, the next operation reads the wedding anew.
                dataset = nil
                let now = settings.clock()
                let (result, changes, activity): (T, [RecordChange], ActivitySummary)
                do {
                    (result, changes, activity) = try next.commit(now: now, body)
                } catch {
                    dataset = next
                    throw error
                }
                guard !changes.isEmpty else {
                    dataset = next
                    return Committed(result: result, changes: changes, activity: activity, at: now, sequence: seen)
                }
                let sequence = seen + 1
                try await store(CommitRows(changes), sequence: sequence, on: connection)
                let mutations = String(decoding: try RecordJSON.encode(changes.map(\.mutation)), as: UTF8.self)
                let summary = String(decoding: try RecordJSON.encode(activity), as: UTF8.self)
                try await connection.statement("""
                    INSERT INTO changes (wedding_id, sequence, at, author, operation, mutations, activity)
                    VALUES (\(id.rawValue), \(sequence), \(now.date), current_user, \(operation), \(mutations), \(summary))
                    """, logger: settings.logger)
                // Sent on COMMIT only: a write rolled back announces nothing.
                try await ChangeNotice(wedding: id, event: .committed(sequence: sequence))
                    .send(on: connection, logger: settings.logger)
                // Kept before COMMIT, while the connection is still held: nothing else can read
                // the wedding between the commit and here.
                dataset = next
                seen = sequence
                committing = true
                let committed = Committed(result: result, changes: changes, activity: activity, at: now, sequence: sequence)
                prepared = (committed, sequence, mutations)
                return committed
            }
        } catch let uncertain as UncertainCommit {
            // The answer to COMMIT was lost. Running the write again could apply it twice (an
            // insert of a record made in the body gets a new id each time, which no version check
            // catches), so first find out whether it landed: its `changes` row at its sequence,
            // with its very mutations (their record ids and versions make it no one else's).
            // The data kept before COMMIT may be ahead of the database. It is let go before the
            // check below: a catch-up meanwhile (the listener's, once it has reconnected) would
            // otherwise publish the database's wedding as a change that takes the commit back.
            // The next read loads the wedding as the database has it.
            dataset = nil
            // Nothing was written in that transaction: try again on the data read anew.
            guard let prepared else { return nil }
            let landed: Bool
            do {
                landed = try await self.landed(prepared.sequence, mutations: prepared.mutations)
            } catch {
                dropped = true
                throw RepositoryError.storage(uncertain.description)
            }
            // Landed: it is published as this write's. Not landed: nothing of it is stored, so
            // the caller runs the write again.
            return landed ? prepared.committed : nil
        } catch {
            if committing || dataset == nil {
                // The database may not hold what memory does (a conflict it found, a failed
                // COMMIT): read it anew, and have receivers read everything again.
                dataset = nil
                dropped = true
            }
            throw error
        }
    }

    /// Every commit to the wedding the database holds, oldest first, from its `changes` rows.
    func activity() async throws -> ActivityLog {
        try await link.withConnection { connection in
            let rows = try await connection.statement("""
                SELECT sequence, at, author, operation, activity, CASE WHEN activity IS NULL THEN mutations END FROM changes
                WHERE wedding_id = \(id.rawValue) ORDER BY sequence
                """, logger: settings.logger)
            var entries: [ActivityEntry] = []
            var unreadable = 0
            var reached: Int64 = 0
            for try await (sequence, at, author, operation, summary, mutations)
                in rows.decode((Int64, Date, String, String, String?, String?).self) {
                reached = sequence
                do {
                    let activity = try summary.map { try RecordJSON.decodeActivity(from: Data($0.utf8)) }
                        ?? ActivitySummary(countingMutations: try RecordJSON.decodeMutations(from: Data((mutations ?? "[]").utf8)))
                    entries.append(ActivityEntry(at: Timestamp(at), author: author, operation: operation, summary: activity))
                } catch {
                    unreadable += 1
                }
            }
            if entries.isEmpty, unreadable == 0 {
                var exists = false
                for try await _ in try await connection.statement("SELECT 1 FROM weddings WHERE id = \(id.rawValue)",
                                                              logger: settings.logger) { exists = true }
                if !exists { throw RepositoryError.weddingNotFound(id.description) }
            }
            return ActivityLog(entries: entries, unreadableLines: unreadable, sequence: UInt64(reached))
        }
    }

    /// Whether the commit at `sequence` with `mutations` is in the database (for a COMMIT whose
    /// answer was lost).
    private func landed(_ sequence: Int64, mutations: String) async throws -> Bool {
        try await link.withConnection { connection in
            let rows = try await connection.statement(
                "SELECT mutations FROM changes WHERE wedding_id = \(id.rawValue) AND sequence = \(sequence)",
                logger: settings.logger)
            var found: String?
            for try await text in rows.decode(String.self) { found = text }
            return found == mutations
        }
    }

    /// Another process announced that the wedding reached `sequence`: catches up unless that is
    /// already applied here (this process's own commits), or the wedding is not loaded (then
    /// nothing here holds its data, and the first read loads it as it is).
    func noticed(_ sequence: Int64?) async throws {
        guard dataset != nil else { return }
        if let sequence, sequence <= seen { return }
        try await catchUp()
    }

    /// Forgets the data (the wedding was deleted).
    func forget() {
        dataset = nil
        seen = 0
    }

    // MARK: Reading

    /// Reads the whole wedding in one consistent snapshot; publishes what changed since the
    /// data held before, if any (everything, when the data was dropped after a failed write).
    private func load() async throws {
        try await link.transaction(readOnly: true) { connection in
            let previous = dataset
            let (loaded, sequence) = try await readWhole(on: connection)
            dataset = loaded
            seen = sequence
            if let previous {
                publishDifference(from: previous, to: loaded, sequence: sequence)
            } else if dropped {
                broadcaster.publish(RepositoryChange(wedding: id, sequence: UInt64(sequence), records: nil, origin: .external,
                                                     operation: "reread"))
            }
            dropped = false
        }
    }

    /// The wedding as its rows hold it, and the sequence its row names.
    private func readWhole(on connection: PostgresConnection) async throws -> (WeddingDataset, Int64) {
        let head = try await connection.statement(
            "SELECT record, last_sequence FROM weddings WHERE id = \(id.rawValue)", logger: settings.logger)
        var found: (String, Int64)?
        for try await row in head.decode((String, Int64).self) { found = row }
        guard let (record, sequence) = found else { throw RepositoryError.weddingNotFound(id.description) }
        var loaded = WeddingDataset(wedding: try Self.decodeWedding(record, id: id))
        let rows = try await connection.statement(
            "SELECT kind, id, data FROM records WHERE wedding_id = \(id.rawValue) ORDER BY position",
            logger: settings.logger)
        for try await (kind, recordID, data) in rows.decode((String, UUID, String).self) {
            loaded.apply(try Self.decodeRecord(kind, recordID, data))
        }
        return (loaded, sequence)
    }

    private func publishDifference(from previous: WeddingDataset, to loaded: WeddingDataset, sequence: Int64) {
        let changes = loaded.changes(since: previous)
        guard !changes.isEmpty else { return }
        broadcaster.publish(RepositoryChange(wedding: id, sequence: UInt64(sequence), records: changes, origin: .external,
                                             operation: "reread"))
    }

    /// Applies the changes others committed after `seen` to `current` and publishes each;
    /// with `locking`, locks the wedding's row for a write first (saying whose change it waits
    /// for, if another session holds it: `WeddingRowLock`).
    ///
    /// A change is applied only if the records it names are, in the database, as it leaves them
    /// (`recordsAgree`): a `changes` row that says otherwise (written by another program, or
    /// forged) is never taken on its word. Then the wedding is read again from its rows, the
    /// truth, and the difference is published as a reread.
    private func catchUp(_ current: WeddingDataset, on connection: PostgresConnection, locking: Bool) async throws
        -> WeddingDataset {
        let head = locking
            ? try await WeddingRowLock(wedding: id, wait: settings.lockWait, logger: settings.logger, notices: settings.notices)
                .take(on: connection, refusal: DatabaseFailure.writeRefusal(link.url))
            : try await lastSequence(on: connection)
        guard var latest = head else {
            forget()
            throw RepositoryError.weddingNotFound(id.description)
        }
        guard latest != seen else { return current }
        while true {
            if let read = try await changeRows(through: latest, on: connection),
               try await recordsAgree(with: read, on: connection) {
                return apply(read, to: current)
            }
            // Unlocked, a commit may have landed between the two reads: then look again up to it.
            let now = locking ? latest : try await lastSequence(on: connection)
            guard let now, now != latest else { break }
            latest = now
        }
        settings.logger.warning("the database's changes of a wedding do not read as its records; read it again from them",
                                metadata: ["wedding": "\(id)", "from": "\(seen)", "to": "\(latest)"])
        let (loaded, sequence) = try await readWhole(on: connection)
        publishDifference(from: current, to: loaded, sequence: sequence)
        seen = sequence
        return loaded
    }

    /// One `changes` row, decoded.
    private struct ChangeRow {
        let sequence: Int64
        let at: Date
        let author: String
        let operation: String
        let mutations: [Mutation]
        let summary: ActivitySummary?
    }

    /// The changes after `seen` up to `latest`, in order, each decoded; nil if they are not one
    /// of each sequence or one does not decode (rows another program wrote). Every row is read
    /// before any is applied: a connection lost halfway applies nothing, so the statement can be
    /// run again.
    private func changeRows(through latest: Int64, on connection: PostgresConnection) async throws -> [ChangeRow]? {
        let rows = try await connection.statement("""
            SELECT sequence, at, author, operation, mutations, activity FROM changes
            WHERE wedding_id = \(id.rawValue) AND sequence > \(seen) AND sequence <= \(latest) ORDER BY sequence
            """, logger: settings.logger)
        var fetched: [(Int64, Date, String, String, String, String?)] = []
        for try await row in rows.decode((Int64, Date, String, String, String, String?).self) { fetched.append(row) }
        guard latest > seen, fetched.map(\.0) == Array(seen + 1 ... latest) else {
            settings.logger.warning("the database's changes of a wedding skip a sequence", metadata: ["wedding": "\(id)"])
            return nil
        }
        do {
            return try fetched.map { sequence, at, author, operation, text, summary in
                ChangeRow(sequence: sequence, at: at, author: author, operation: operation,
                          mutations: try RecordJSON.decodeMutations(from: Data(text.utf8)),
                          summary: try summary.map { try RecordJSON.decodeActivity(from: Data($0.utf8)) })
            }
        } catch {
            settings.logger.warning("a change of a wedding in the database does not decode",
                                    metadata: ["wedding": "\(id)", "error": "\(error)"])
            return nil
        }
    }

    /// Whether every record that `rows` name is in the database as the last of them leaves it:
    /// saved with the same content and version, or gone.
    private func recordsAgree(with rows: [ChangeRow], on connection: PostgresConnection) async throws -> Bool {
        struct Key: Hashable { let kind: RecordKind, id: UUID }
        var named: [Key: Mutation] = [:]
        var settingsSaved: Mutation?
        for row in rows {
            for mutation in row.mutations {
                if mutation.kind == .wedding { settingsSaved = mutation } else { named[Key(kind: mutation.kind, id: mutation.recordID)] = mutation }
            }
        }
        var stored: [Key: Mutation] = [:]
        if !named.isEmpty {
            let keys = Array(named.keys)
            let rows = try await connection.statement("""
                SELECT r.kind, r.id, r.data FROM records AS r
                JOIN unnest(\(keys.map(\.kind.rawValue))::text[], \(keys.map(\.id))::uuid[]) AS k(kind, id)
                  ON r.kind = k.kind AND r.id = k.id
                WHERE r.wedding_id = \(id.rawValue)
                """, logger: settings.logger)
            for try await (kind, recordID, data) in rows.decode((String, UUID, String).self) {
                let mutation = try Self.decodeRecord(kind, recordID, data)
                stored[Key(kind: mutation.kind, id: recordID)] = mutation
            }
        }
        for (key, mutation) in named where mutation.storedVersion == nil ? stored[key] != nil : stored[key] != mutation {
            return false
        }
        guard let settingsSaved else { return true }
        var record: String?
        for try await text in try await connection.statement("SELECT record FROM weddings WHERE id = \(id.rawValue)",
                                                             logger: settings.logger).decode(String.self) { record = text }
        return try record.map { .saveWedding(try Self.decodeWedding($0, id: id)) } == settingsSaved
    }

    /// Applies `rows` to `current` and publishes each as another process's commit.
    private func apply(_ rows: [ChangeRow], to current: WeddingDataset) -> WeddingDataset {
        var updated = current
        for row in rows {
            let changes = row.mutations.map { updated.apply($0) }
            seen = row.sequence
            let activity = ActivityEntry(at: Timestamp(row.at), author: row.author, operation: row.operation,
                                         summary: row.summary ?? ActivitySummary(counting: changes))
            broadcaster.publish(RepositoryChange(wedding: id, sequence: UInt64(row.sequence), records: changes, origin: .external,
                                                 operation: row.operation, author: row.author, activity: activity))
        }
        return updated
    }

    private func lastSequence(on connection: PostgresConnection) async throws -> Int64? {
        var latest: Int64?
        for try await value in try await connection.statement("SELECT last_sequence FROM weddings WHERE id = \(id.rawValue)",
                                                              logger: settings.logger).decode(Int64.self) { latest = value }
        return latest
    }

    // MARK: Writing

    /// Applies one commit's rows, each version-checked, and moves the wedding to `sequence`.
    private func store(_ rows: CommitRows, sequence: Int64, on connection: PostgresConnection) async throws {
        let wedding = id.rawValue
        if !rows.inserts.isEmpty {
            let stored = try await keys(connection.statement("""
                INSERT INTO records (wedding_id, kind, id, version, data)
                SELECT \(wedding), u.k, u.i, u.v, u.d
                FROM unnest(\(rows.inserts.map(\.kind))::text[], \(rows.inserts.map(\.id))::uuid[],
                            \(rows.inserts.map(\.version))::bigint[], \(rows.inserts.map(\.data))::text[])
                     WITH ORDINALITY AS u(k, i, v, d, n)
                ORDER BY u.n
                ON CONFLICT DO NOTHING
                RETURNING kind, id
                """, logger: settings.logger))
            if let missing = rows.inserts.first(where: { !stored.contains(RowKey(kind: $0.kind, id: $0.id)) }) {
                throw try await refusal(missing.kind, missing.id, expected: 0, on: connection)
            }
        }
        if !rows.updates.isEmpty {
            let stored = try await keys(connection.statement("""
                UPDATE records AS r SET version = u.v, data = u.d
                FROM unnest(\(rows.updates.map(\.kind))::text[], \(rows.updates.map(\.id))::uuid[],
                            \(rows.updates.map(\.expected))::bigint[], \(rows.updates.map(\.version))::bigint[],
                            \(rows.updates.map(\.data))::text[]) AS u(k, i, e, v, d)
                WHERE r.wedding_id = \(wedding) AND r.kind = u.k AND r.id = u.i AND r.version = u.e
                RETURNING r.kind, r.id
                """, logger: settings.logger))
            if let missing = rows.updates.first(where: { !stored.contains(RowKey(kind: $0.kind, id: $0.id)) }) {
                throw try await refusal(missing.kind, missing.id, expected: missing.expected, on: connection)
            }
        }
        if !rows.deletes.isEmpty {
            let stored = try await keys(connection.statement("""
                DELETE FROM records AS r
                USING unnest(\(rows.deletes.map(\.kind))::text[], \(rows.deletes.map(\.id))::uuid[],
                             \(rows.deletes.map(\.expected))::bigint[]) AS u(k, i, e)
                WHERE r.wedding_id = \(wedding) AND r.kind = u.k AND r.id = u.i AND r.version = u.e
                RETURNING r.kind, r.id
                """, logger: settings.logger))
            if let missing = rows.deletes.first(where: { !stored.contains(RowKey(kind: $0.kind, id: $0.id)) }) {
                throw try await refusal(missing.kind, missing.id, expected: missing.expected, on: connection)
            }
        }
        if let (record, expected) = rows.wedding {
            let text = try CommitRows.text(of: .saveWedding(record))
            let updated = try await connection.statement("""
                UPDATE weddings SET name = \(CommitRows.columnName(of: record)), record = \(text), version = \(record.version),
                                    last_sequence = \(sequence), updated_at = now()
                WHERE id = \(wedding) AND version = \(expected)
                RETURNING version
                """, logger: settings.logger)
            var changed = false
            for try await _ in updated { changed = true }
            if !changed {
                let actual = try await Self.version(of: "SELECT version FROM weddings WHERE id = \(wedding)", connection,
                                                    settings.logger)
                throw RepositoryError.conflict(.wedding, id: wedding, expected: expected, actual: actual ?? 0)
            }
        } else {
            try await connection.statement("UPDATE weddings SET last_sequence = \(sequence), updated_at = now() WHERE id = \(wedding)",
                                       logger: settings.logger)
        }
    }

    private struct RowKey: Hashable { let kind: String, id: UUID }

    private func keys(_ rows: PostgresRowSequence) async throws -> Set<RowKey> {
        var keys: Set<RowKey> = []
        for try await (kind, id) in rows.decode((String, UUID).self) { keys.insert(RowKey(kind: kind, id: id)) }
        return keys
    }

    /// Why a row was not as the commit expected: another version (a conflict) or gone.
    private func refusal(_ kind: String, _ recordID: UUID, expected: Int, on connection: PostgresConnection) async throws
        -> RepositoryError {
        let recordKind = RecordKind(rawValue: kind) ?? .wedding
        let actual = try await Self.version(
            of: "SELECT version FROM records WHERE wedding_id = \(id.rawValue) AND kind = \(kind) AND id = \(recordID)",
            connection, settings.logger)
        guard let actual else { return .notFound(recordKind, id: recordID) }
        // The row is as expected, so a policy hid it from the change: the caller may not write.
        if actual == expected { return .notPermitted(DatabaseFailure.writeRefusal(link.url)) }
        return .conflict(recordKind, id: recordID, expected: expected, actual: actual)
    }

    private static func version(of query: PostgresQuery, _ connection: PostgresConnection, _ logger: Logger) async throws
        -> Int? {
        var version: Int?
        for try await value in try await connection.statement(query, logger: logger).decode(Int.self) { version = value }
        return version
    }

    // MARK: Decoding

    /// The settings stored in the `weddings` row of `id`, checked to be that wedding's.
    static func decodeWedding(_ text: String, id: WeddingID) throws -> Wedding {
        let wedding: Wedding?
        do {
            wedding = try RecordJSON.decodeSave(of: .wedding, from: Data(text.utf8)).savedRecord(as: Wedding.self)
        } catch {
            throw RepositoryError.storage("the settings of wedding \(id) in the database do not decode: \(error)")
        }
        guard let wedding, wedding.weddingID == id else {
            throw RepositoryError.storage("the settings of wedding \(id) in the database are not that wedding's")
        }
        return wedding
    }

    /// The record stored in the `records` row of `kind` and `id`.
    private static func decodeRecord(_ kind: String, _ id: UUID, _ text: String) throws -> Mutation {
        guard let kind = RecordKind(rawValue: kind) else {
            throw RepositoryError.storage("the database holds a record of a kind this blueprint does not know: '\(kind)'")
        }
        do {
            return try RecordJSON.decodeSave(of: kind, from: Data(text.utf8))
        } catch {
            throw RepositoryError.storage("the \(kind.noun) \(id.uuidString.lowercased()) in the database does not decode: \(error)")
        }
    }
}

/// What a write committed: its result, the records it changed, what that did for the activity
/// feed, when, and its place in the wedding's sequence.
private struct Committed<T: Sendable>: Sendable {
    let result: T
    let changes: [RecordChange]
    let activity: ActivitySummary
    let at: Timestamp
    let sequence: Int64
}
