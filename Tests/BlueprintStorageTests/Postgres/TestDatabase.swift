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

    /// A host on this database, as another process would open it (nothing shared in memory).
    func openHost(author: String = "me@here") async throws -> PostgresWeddingHost {
        try await PostgresWeddingHost.open(url, author: author, localRoot: TestDatabase.documentsRoot, clock: { Fixtures.now })
    }

    /// Runs `sql` on the database as its superuser (to set a test up or look behind the host).
    func run(_ sql: String) throws {
        try PostgresTestCluster.shared().runSQL(sql, database: url.database)
    }
}
