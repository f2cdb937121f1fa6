import BlueprintConfiguration
import Logging
import PostgresNIO

/// The database's tables, as a list of versioned migrations. `migrate` applies the ones a
/// database lacks, each in its own transaction together with its row in `schema_migrations`,
/// so a migration is applied whole or not at all, and applying twice changes nothing.
///
/// Every row carries its wedding's id and a version:
/// - `weddings`: one row per wedding (its settings record as JSON text, its version, and
///   `last_sequence`, the number of its latest change, which writers lock and bump).
/// - `records`: every record of every wedding, keyed by (wedding, kind, id), with its version,
///   its JSON text exactly as the file store writes it, and `position`, which keeps each table
///   in the order records were added (as the file store's tables are).
/// - `changes`: the wedding's journal, one row per commit (sequence, time, author, operation,
///   mutations as JSON text): what other processes catch up from.
///
/// Records are kept as JSON *text*, not `jsonb`: text typed by a user may hold a NUL, which JSON
/// spells `\u0000` and `jsonb` refuses (PostgreSQL text cannot hold NUL); as text the escape is
/// kept verbatim and the record round-trips exactly.
public enum DatabaseSchema {
    /// One step of the schema.
    struct Migration: Sendable {
        let version: Int
        let summary: String
        let statements: [String]
    }

    static let migrations: [Migration] = [
        Migration(version: 1, summary: "weddings, records and changes tables", statements: [
            """
            CREATE TABLE weddings (
                id uuid PRIMARY KEY,
                name text NOT NULL,
                record text NOT NULL,
                version bigint NOT NULL,
                last_sequence bigint NOT NULL DEFAULT 0,
                created_at timestamptz NOT NULL DEFAULT now(),
                updated_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            """
            CREATE TABLE records (
                wedding_id uuid NOT NULL REFERENCES weddings (id) ON DELETE CASCADE,
                kind text NOT NULL,
                id uuid NOT NULL,
                version bigint NOT NULL,
                position bigint GENERATED ALWAYS AS IDENTITY,
                data text NOT NULL,
                PRIMARY KEY (wedding_id, kind, id)
            )
            """,
            "CREATE INDEX records_in_order ON records (wedding_id, position)",
            """
            CREATE TABLE changes (
                wedding_id uuid NOT NULL REFERENCES weddings (id) ON DELETE CASCADE,
                sequence bigint NOT NULL,
                at timestamptz NOT NULL,
                author text NOT NULL,
                operation text NOT NULL,
                mutations text NOT NULL,
                PRIMARY KEY (wedding_id, sequence)
            )
            """,
        ]),
        Migration(version: 2, summary: "each change's activity summary", statements: [
            "ALTER TABLE changes ADD COLUMN activity text",
        ]),
        collaborators,
        presence,
        documentContents,
        hardening,
        invitationSecrets,
    ]

    /// The schema version this build reads and writes.
    public static var currentVersion: Int { migrations.last!.version }

    /// What `migrate` did.
    public struct MigrationReport: Sendable, Equatable {
        /// The version the database had before (0: no blueprint tables).
        public let from: Int
        /// The version it has now.
        public let to: Int
        /// Each migration applied, as "N: summary".
        public let applied: [String]
    }

    /// Creates or upgrades the schema of the database at `url`, up to version `target` (this
    /// build's unless a test stops earlier, to upgrade a database as an older blueprint left it).
    public static func migrate(_ url: DatabaseURL, upTo target: Int = currentVersion,
                               logger: Logger = Logger(label: "blueprint.postgres")) async throws -> MigrationReport {
        let link = DatabaseLink(url: url, logger: logger)
        do {
            let report = try await migrate(link, upTo: target, logger: logger)
            await link.close()
            return report
        } catch {
            await link.close()
            throw error
        }
    }

    static func migrate(_ link: DatabaseLink, upTo target: Int = currentVersion, logger: Logger) async throws
        -> MigrationReport {
        try await link.withConnection { connection in
            _ = try await connection.statement("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version integer PRIMARY KEY,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, logger: logger)
        }
        let from = try await version(link, logger: logger) ?? 0
        if from > currentVersion {
            throw DatabaseSchemaError.newer(url: link.url.description, found: from, current: currentVersion)
        }
        var applied: [String] = []
        for migration in migrations where migration.version > from && migration.version <= target {
            try await link.transaction { connection in
                // Two migrators at once: the second waits here, then finds the step done.
                try await connection.statement("LOCK TABLE schema_migrations IN EXCLUSIVE MODE", logger: logger)
                let done = try await connection.statement(
                    "SELECT 1 FROM schema_migrations WHERE version = \(migration.version)", logger: logger)
                var alreadyDone = false
                for try await _ in done { alreadyDone = true }
                guard !alreadyDone else { return }
                for statement in migration.statements {
                    try await connection.statement(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.statement("INSERT INTO schema_migrations (version) VALUES (\(migration.version))",
                                           logger: logger)
            }
            logger.info("applied a schema migration", metadata: ["version": "\(migration.version)"])
            applied.append("\(migration.version): \(migration.summary)")
        }
        return MigrationReport(from: from, to: max(from, min(target, currentVersion)), applied: applied)
    }

    /// Refuses a database whose schema is missing, older or newer than this build's.
    static func check(_ link: DatabaseLink, logger: Logger) async throws {
        let found = try await version(link, logger: logger)
        guard let found, found > 0 else { throw DatabaseSchemaError.missing(url: link.url.description) }
        if found < currentVersion {
            throw DatabaseSchemaError.older(url: link.url.description, found: found, current: currentVersion)
        }
        if found > currentVersion {
            throw DatabaseSchemaError.newer(url: link.url.description, found: found, current: currentVersion)
        }
    }

    /// The highest migration applied; nil when there is no `schema_migrations` table.
    private static func version(_ link: DatabaseLink, logger: Logger) async throws -> Int? {
        try await link.withConnection { connection in
            let exists = try await connection.statement("SELECT to_regclass('schema_migrations') IS NOT NULL", logger: logger)
            var hasTable = false
            for try await value in exists.decode(Bool.self) { hasTable = value }
            guard hasTable else { return nil }
            let rows = try await connection.statement("SELECT coalesce(max(version), 0) FROM schema_migrations", logger: logger)
            var found = 0
            for try await value in rows.decode(Int.self) { found = value }
            return found
        }
    }
}
