import BlueprintCache
import BlueprintConfiguration
import BlueprintPostgres
import Foundation

extension DataDirectoryOptions {
    /// Opens the database's weddings for a command that only a database can do (`what`:
    /// "sharing"); refuses, changing nothing, when the weddings are in a data directory.
    func openDatabase(for what: String) async throws -> (WeddingData, PostgresWeddingHost) {
        let configuration = ConfigurationFile.load(path: nil, environment: ProcessInfo.processInfo.environment).configuration
        guard try databaseURL(configuration: configuration) != nil else {
            throw CommandFailure("\(what) needs a database: give --database or set BLUEPRINT_DATABASE_URL")
        }
        let opened = try await open(configuration: configuration, cache: RepositoryCache())
        guard let tier = opened.host as? TieredWeddingHost else {
            await opened.close()
            throw CommandFailure("\(what) needs a database: give --database or set BLUEPRINT_DATABASE_URL")
        }
        guard let host = await tier.database else {
            await opened.close()
            throw CommandFailure("\(what) needs the database, and the \(tier.url) cannot be reached now"
                                 + (tier.unreachable.map { " (\($0.reason))" } ?? ""))
        }
        return (opened, host)
    }
}
