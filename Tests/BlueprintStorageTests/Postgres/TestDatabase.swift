import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintTestSupport
import Foundation

/// A database of its own on the test process's throwaway cluster, with the schema in place.
struct TestDatabase {
    let url: DatabaseURL

    /// Where the hosts of the test process keep document files (one temporary data directory).
    static let documentsRoot = NSTemporaryDirectory() + "blueprint-pg-documents-" + UUID().uuidString.lowercased()

    /// A new database, migrated.
    static func make() async throws -> TestDatabase {
        let database = try unmigrated()
        _ = try await DatabaseSchema.migrate(database.url)
        return database
    }

    /// A new, empty database, without blueprint's tables.
    static func unmigrated() throws -> TestDatabase {
        TestDatabase(url: try DatabaseURL(try PostgresTestCluster.shared().makeDatabase(), loginName: "nobody"))
    }

    /// A host on this database, as another process would open it (nothing shared in memory),
    /// connecting as its superuser, or as the role `author` (the database writes it as the
    /// author of each change). That role is made if the cluster lacks it, with BYPASSRLS, so it
    /// sees every wedding as the superuser does: tests of roles make their own (`makeRole`).
    func openHost(author: String? = nil) async throws -> PostgresWeddingHost {
        let url = if let author { try await url(forAuthor: author) } else { url }
        return try await PostgresWeddingHost.open(url, localRoot: TestDatabase.documentsRoot, clock: { Fixtures.now })
    }

    /// This database as the role `name` opens it, made if the cluster lacks it, with BYPASSRLS
    /// (it sees every wedding, as the superuser does): who the database says wrote a change or
    /// announced a session.
    func url(forAuthor name: String) async throws -> DatabaseURL {
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let admin = try await connect()
        do {
            try await admin.run("""
                DO $$ BEGIN CREATE ROLE \(quoted) LOGIN BYPASSRLS;
                EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$
                """)
        } catch {
            await admin.close()
            throw error
        }
        await admin.close()
        return try url(as: name)
    }

    /// Runs `sql` on the database as its superuser (to set a test up or look behind the host).
    func run(_ sql: String) throws {
        try PostgresTestCluster.shared().runSQL(sql, database: url.database)
    }
}
