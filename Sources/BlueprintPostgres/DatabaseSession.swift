import Foundation
import Logging
import PostgresNIO

/// How each of blueprint's sessions on the database is set up once connected (one statement):
/// whose it is, and how long anything may take there, so that nothing waits for ever without a
/// word.
///
/// - `application_name` is `blueprint: ` and the author (percent-encoded: the server keeps only
///   printable ASCII, and 63 bytes). Every role may read it in `pg_stat_activity`, so a writer
///   waiting for another's change can name the person (`WeddingRowLock`).
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

    private static let applicationPrefix = "blueprint: "

    /// `application_name`: blueprint's, and the author's when known.
    let applicationName: String

    init(author: String? = nil) {
        let encoded = author?.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "@.-_ ")))
        applicationName = encoded.map { Self.applicationPrefix + $0 } ?? "blueprint"
    }

    /// The author a session of blueprint's named in its `application_name`; nil for another
    /// program's (or a name cut short by the server).
    static func author(inApplicationName name: String) -> String? {
        guard name.hasPrefix(applicationPrefix) else { return nil }
        return String(name.dropFirst(applicationPrefix.count)).removingPercentEncoding
    }

    /// Sets the session up on `connection`, just opened.
    func apply(to connection: PostgresConnection, logger: Logger) async throws {
        _ = try await connection.statement("""
            SELECT set_config('application_name', \(applicationName), false),
                   set_config('statement_timeout', \(Self.statementTimeout), false),
                   set_config('lock_timeout', \(Self.lockTimeout), false),
                   set_config('idle_in_transaction_session_timeout', \(Self.idleInTransactionTimeout), false)
            """, logger: logger).collect()
    }
}
