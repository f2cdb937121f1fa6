import BlueprintCache
import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintRepositories
import BlueprintStorage
import BlueprintStores
import Foundation

/// The weddings a command works on: the data directory's, or a PostgreSQL database's. Every
/// repository is built on `host` alike; what only a data directory has (a trash, read-only
/// folders) is reached through `fileStore`.
struct WeddingData {
    let host: any WeddingDataHost
    let repositories: Repositories
    /// Where the weddings are, for messages: the data directory's path, or the database.
    let place: String
    /// The data directory, when the weddings are kept there.
    let fileStore: FileStore?

    /// Opens the database at `url` if there is one (with its local copies under `root`, see
    /// `TieredWeddingHost`; `start` says whether to wait for the database: a command, which
    /// does, prints on standard error what the host tells it, see `DatabaseNoticeLines`), else
    /// the data directory at `root`.
    static func open(root: String, database url: DatabaseURL?, author: String, cache: RepositoryCache,
                     start: TieredWeddingHost.Start = .connectingFirst) async throws -> WeddingData {
        if let url {
            let host = try await TieredWeddingHost.open(url, author: author, localRoot: root, previewing: WeddingPreviewer(),
                                                        start: start,
                                                        notices: start == .connectingFirst ? DatabaseNoticeLines.print : nil)
            return WeddingData(host: host, repositories: Repositories(host: host, cache: cache), place: "the \(url)",
                               fileStore: nil)
        }
        let store = try FileStore(root: root, previewing: WeddingPreviewer(), author: author)
        return WeddingData(host: store, repositories: Repositories(host: store, cache: cache), place: store.root,
                           fileStore: store)
    }

    /// Begins reaching the database, if the weddings are a database's opened `.fromTheCopy`, and
    /// lets `presence` (made by `presenceBoard(root:)`, held) reach it too: the planner calls it
    /// once its first frame, the local copy's, is on the screen.
    func connect(presence: any PresenceBoard) {
        (host as? TieredWeddingHost)?.connect()
        (presence as? TieredPresenceBoard)?.connect()
    }

    /// Lets go of the weddings (the data directory compacts its journals; the database connection closes).
    func close() async {
        if let fileStore {
            await fileStore.close()
        } else if let database = host as? TieredWeddingHost {
            await database.close()
        }
    }
}
