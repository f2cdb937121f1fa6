import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintTestProcesses
import Foundation

/// A database of its own on the test process's throwaway cluster, with the schema in place.
public struct TestDatabase: Sendable {
    public let url: DatabaseURL

    public init(url: DatabaseURL) {
        self.url = url
    }

    /// Where the hosts of the test process keep document files (one temporary data directory).
    public static let documentsRoot = NSTemporaryDirectory() + "blueprint-pg-documents-" + UUID().uuidString.lowercased()

    /// A new database, migrated.
    public static func make() async throws -> TestDatabase {
        let database = try unmigrated()
        _ = try await DatabaseSchema.migrate(database.url)
        return database
    }

    /// A new, empty database, without blueprint's tables.
    public static func unmigrated() throws -> TestDatabase {
        TestDatabase(url: try DatabaseURL(try PostgresTestCluster.shared().makeDatabase(), loginName: "nobody"))
    }

    /// A host on this database, as another process would open it (nothing shared in memory),
    /// connecting as its superuser, or as the role `author` (the database writes it as the
    /// author of each change). That role is made if the cluster lacks it, with BYPASSRLS, so it
    /// sees every wedding as the superuser does: tests of roles make their own (`makeRole`).
    public func openHost(author: String? = nil) async throws -> PostgresWeddingHost {
        let url = if let author { try await url(forAuthor: author) } else { url }
        return try await PostgresWeddingHost.open(url, localRoot: TestDatabase.documentsRoot, clock: { Fixtures.now })
    }

    /// This database as the role `name` opens it, made if the cluster lacks it, with BYPASSRLS
    /// (it sees every wedding, as the superuser does): who the database says wrote a change or
    /// announced a session.
    public func url(forAuthor name: String) async throws -> DatabaseURL {
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
    public func run(_ sql: String) throws {
        try PostgresTestCluster.shared().runSQL(sql, database: url.database)
    }
}

extension TestDatabase {
    /// A new login role on the test cluster, named `prefix` and a random suffix (roles are
    /// cluster-wide, and tests run in parallel). Trusted on the socket, so it connects by name.
    public func makeRole(_ prefix: String) throws -> String {
        let name = prefix + "_" + UUID().uuidString.prefix(8).lowercased()
        try run("CREATE ROLE \"\(name.replacingOccurrences(of: "\"", with: "\"\""))\" LOGIN")
        return name
    }

    /// This database as the role `role` would open it.
    public func url(as role: String) throws -> DatabaseURL {
        let user = role.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        guard case let .socket(directory, _) = url.endpoint else { throw DatabaseURLError("the test database is not on a socket") }
        return try DatabaseURL("postgresql:///\(url.database)?host=\(directory)&user=\(user)", loginName: "nobody")
    }

    /// A host on this database connecting as `role`.
    public func openHost(as role: String) async throws -> PostgresWeddingHost {
        try await PostgresWeddingHost.open(try url(as: role), localRoot: TestDatabase.documentsRoot,
                                           clock: { Fixtures.now })
    }
}
