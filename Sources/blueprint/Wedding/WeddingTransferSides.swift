import BlueprintCache
import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintRepositories
import BlueprintStorage
import Foundation

/// The data directory and the database that `wedding push` and `wedding pull` move a wedding
/// between, both opened (the database's schema checked) before anything is written.
struct WeddingTransferSides {
    let store: FileStore
    let database: PostgresWeddingHost

    /// Opens both; without a configured database, refuses in words saying how to give one
    /// (`verb` is "pushed" or "pulled").
    static func open(_ data: DataDirectoryOptions, verb: String) async throws -> WeddingTransferSides {
        let configuration = ConfigurationFile.load(path: nil, environment: ProcessInfo.processInfo.environment).configuration
        guard let url = try data.databaseURL(configuration: configuration) else {
            throw CommandFailure("no database is configured, so nothing was \(verb): give one with --database postgresql://…, "
                                 + "$BLUEPRINT_DATABASE_URL or database = \"postgresql://…\" in the configuration file")
        }
        let author = ChangeAuthor.current(named: configuration.name)
        let store = try FileStore(root: data.root, author: author)
        do {
            return WeddingTransferSides(store: store,
                                        database: try await PostgresWeddingHost.open(url, localRoot: data.root))
        } catch {
            await store.close()
            throw error
        }
    }

    /// Finds the wedding named (or with the id) `name` among `host`'s.
    func find(_ name: String, in host: any WeddingDataHost) async throws -> Wedding {
        try await FileWeddingRepository(host: host, cache: RepositoryCache()).findWedding(name)
    }

    /// Runs `body`, then lets go of both sides whether it threw or not.
    func run<T>(_ body: () async throws -> T) async throws -> T {
        do {
            let result = try await body()
            await close()
            return result
        } catch {
            await close()
            throw error
        }
    }

    private func close() async {
        await database.close()
        await store.close()
    }
}
