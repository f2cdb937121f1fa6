import Foundation
import Logging
import PostgresNIO

/// How each of blueprint's sessions on the database is set up once connected (one statement):
/// whose it is, and how long anything may take there, so that nothing waits for ever without a
/// word.
///
/// - `application_name` is `blueprint`. Every role may read it in `pg_stat_activity`, with the
///   session's role, so a writer waiting for another's change can name who holds it, and tell
///   blueprint's sessions from another program's (`WeddingRowLock`).
/// - `statement_timeout` 60 s: no statement of blueprint's comes near it (a wedding of 100k
///   guests loads in about a second); one that does is stopped and its transaction rolled back.
/// - `lock_timeout` 10 s: for rows another program holds. Blueprint's own writers queue on the
///   wedding's row, which `WeddingRowLock` waits for in steps, saying whose change it waits for.
/// - `idle_in_transaction_session_timeout` 30 s: a session left inside a transaction (a process
///   stopped, a laptop shut mid-save) is ended by the server, and its locks go with it, before
///   a writer waiting for them gives up (`WeddingRowLock.Wait.standard`).
struct DatabaseSession: Sendable {
    static let statementTimeout = "60s"
    static let lockTimeout = "10s"
    static let idleInTransactionTimeout = "30s"

    /// The limits, for messages.
    static var limits: String { "statement_timeout \(statementTimeout), lock_timeout \(lockTimeout)" }

    /// blueprint's `application_name`.
    static let applicationName = "blueprint"

    /// Sets the session up on `connection`, just opened.
    func apply(to connection: PostgresConnection, logger: Logger) async throws {
        _ = try await connection.statement("""
            SELECT set_config('application_name', \(Self.applicationName), false),
                   set_config('statement_timeout', \(Self.statementTimeout), false),
                   set_config('lock_timeout', \(Self.lockTimeout), false),
                   set_config('idle_in_transaction_session_timeout', \(Self.idleInTransactionTimeout), false)
            """, logger: logger).collect()
    }
}
