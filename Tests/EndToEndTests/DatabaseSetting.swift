import BlueprintTestProcesses
import Foundation

/// A database of its own on the test process's throwaway cluster (not migrated) and two login
/// roles, `mei` and `sam` with a random suffix (roles are cluster-wide); each connects by name.
struct DatabaseSetting {
    let cluster: PostgresTestCluster
    let database: String
    let mei: String
    let sam: String

    init() throws {
        cluster = try PostgresTestCluster.shared()
        let url = try cluster.makeDatabase()
        database = String(url.dropFirst("postgresql:///".count).prefix { $0 != "?" })
        let suffix = UUID().uuidString.prefix(8).lowercased()
        (mei, sam) = ("mei_\(suffix)", "sam_\(suffix)")
        try cluster.runSQL("CREATE ROLE \(mei) LOGIN; CREATE ROLE \(sam) LOGIN", database: database)
    }

    func url(as user: String) -> String { "postgresql:///\(database)?host=\(cluster.socketDirectory)&user=\(user)" }
}

extension BlueprintProcess {
    /// Runs `blueprint` with `arguments` on the database at `url`.
    @discardableResult
    func run(_ arguments: [String], as url: String, environment extra: [String: String] = [:]) throws -> Result {
        try run(arguments, environment: extra.merging(["BLUEPRINT_DATABASE_URL": url]) { _, new in new })
    }
}
