import BlueprintDomain
import Foundation
import Logging
import PostgresNIO

/// Takes a wedding's row lock (`FOR UPDATE`) inside a write's transaction: the turn every
/// writer of the wedding takes. When another session holds it, says whose change it waits for,
/// and gives up after a bound rather than wait for ever.
///
/// Free, it costs the one statement it always did: `FOR UPDATE SKIP LOCKED` answers at once,
/// with the row if it was free. Held, it waits in steps of `wait.step`, each inside a savepoint
/// with `lock_timeout` set for that step (a step that runs out is rolled back to the savepoint,
/// and the transaction goes on), so the lock is granted the moment the holder ends. Before each
/// step it looks the holder up and reports it (`DatabaseNotice.waiting`): the row's `xmax` is
/// the locking transaction, whose lock in `pg_locks` gives its backend, and `pg_stat_activity`
/// its role and `application_name` (visible to every role; the transaction's start only to the
/// same role or `pg_read_all_stats`). After `wait.limit` it throws, naming the holder; the
/// write's transaction then rolls back, having changed nothing.
struct WeddingRowLock {
    /// How long a writer waits for the lock, and in what steps.
    struct Wait: Sendable {
        var step: Duration
        var limit: Duration

        /// Steps of 5 s, given up after 40 s: longer than the server takes to end a session left
        /// idle inside a transaction (`DatabaseSession`), so a holder that went away (a process
        /// stopped mid-save) lets go before anyone gives up on it.
        static let standard = Wait(step: .seconds(5), limit: .seconds(40))
    }

    let wedding: WeddingID
    let wait: Wait
    let logger: Logger
    let notices: (@Sendable (DatabaseNotice) -> Void)?

    private enum Lookup {
        /// No such wedding (or not one this role may see).
        case gone
        /// The wedding is there, but this role may only read it (its row is not for it to lock).
        case readOnly
        /// Its row is held by `holder`, if the database says whose (nil: it was let go just now,
        /// or several sessions share it).
        case held(by: LockHolder?)
    }

    private enum Step {
        /// Locked: the wedding's `last_sequence`.
        case locked(Int64)
        /// No such wedding (or not one this role may see).
        case gone
        /// Still held by another session.
        case held
    }

    /// Locks the wedding's row; returns its `last_sequence`, or nil if there is no such wedding.
    /// A wedding this role may only read is `RepositoryError.notPermitted(refusal)`.
    func take(on connection: PostgresConnection, refusal: String) async throws -> Int64? {
        if let free = try await lastSequence(on: connection, skippingLocked: true) { return free }
        let clock = ContinuousClock()
        let started = clock.now
        while true {
            let holder: LockHolder?
            switch try await lookUp(on: connection) {
            case .gone: return nil
            case .readOnly: throw RepositoryError.notPermitted(refusal)
            case let .held(by): holder = by
            }
            let waited = clock.now - started
            guard waited < wait.limit else {
                throw RepositoryError.storage("gave up waiting for \(holder.map(\.description) ?? "another session's change") "
                                              + "to this wedding after \(waited.components.seconds) s: this change was not saved "
                                              + "(nothing was changed); try it again once theirs is done")
            }
            logger.notice("waiting for the wedding's row lock", metadata: ["wedding": "\(wedding)",
                                                                          "holder": "\(holder.map(\.role) ?? "unknown")"])
            notices?(.waiting(for: holder, waited: waited))
            switch try await step(on: connection) {
            case let .locked(sequence): return sequence
            case .gone: return nil
            case .held: continue
            }
        }
    }

    /// The wedding's `last_sequence`, its row locked (or, `skippingLocked`, nil at once if another holds it).
    private func lastSequence(on connection: PostgresConnection, skippingLocked: Bool) async throws -> Int64? {
        let query: PostgresQuery = skippingLocked
            ? "SELECT last_sequence FROM weddings WHERE id = \(wedding.rawValue) FOR UPDATE SKIP LOCKED"
            : "SELECT last_sequence FROM weddings WHERE id = \(wedding.rawValue) FOR UPDATE"
        var latest: Int64?
        for try await value in try await connection.statement(query, logger: logger).decode(Int64.self) { latest = value }
        return latest
    }

    /// Waits up to `wait.step` for the lock.
    private func step(on connection: PostgresConnection) async throws -> Step {
        try await connection.statement("SAVEPOINT blueprint_wedding_lock", logger: logger)
        _ = try await connection.statement("SELECT set_config('lock_timeout', \(Self.milliseconds(wait.step)), true)",
                                           logger: logger).collect()
        let latest: Int64?
        do {
            latest = try await lastSequence(on: connection, skippingLocked: false)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "55P03" {
            try await connection.statement("ROLLBACK TO SAVEPOINT blueprint_wedding_lock", logger: logger)
            return .held
        }
        try await connection.statement("RELEASE SAVEPOINT blueprint_wedding_lock", logger: logger)
        _ = try await connection.statement("SELECT set_config('lock_timeout', \(DatabaseSession.lockTimeout), true)",
                                           logger: logger).collect()
        return latest.map(Step.locked) ?? .gone
    }

    /// Whether the wedding is there and this role may write it, and who holds its row lock.
    private func lookUp(on connection: PostgresConnection) async throws -> Lookup {
        let rows = try await connection.statement("""
            SELECT a.usename::text, a.application_name, extract(epoch FROM clock_timestamp() - a.xact_start)::float8,
                   coalesce(blueprint_role_in(w.id, current_user::text) IN ('owner', 'planner'), false)
                   OR \(unescaped: DatabaseSchema.callerIsAdministrator)
            FROM weddings AS w
            LEFT JOIN pg_locks AS l ON l.locktype = 'transactionid' AND l.transactionid = w.xmax
                                   AND l.mode = 'ExclusiveLock' AND l.granted
            LEFT JOIN pg_stat_activity AS a ON a.pid = l.pid
            WHERE w.id = \(wedding.rawValue)
            """, logger: logger)
        var found = Lookup.gone
        for try await (role, application, held, writable) in rows.decode((String?, String?, Double?, Bool).self) {
            guard writable else { return .readOnly }
            let program = application.flatMap { $0.isEmpty || $0 == DatabaseSession.applicationName ? nil : $0 }
            found = .held(by: role.map {
                LockHolder(role: $0, program: program, heldFor: held.map { .milliseconds(Int64($0 * 1000)) })
            })
        }
        return found
    }

    private static func milliseconds(_ duration: Duration) -> String {
        "\(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)ms"
    }
}
