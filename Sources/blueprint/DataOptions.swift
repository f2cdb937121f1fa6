import ArgumentParser
import BlueprintCache
import BlueprintConfiguration
import BlueprintDomain
import BlueprintStorage
import BlueprintStores
import Foundation

/// `--data-dir`, shared by every command that touches data.
struct DataDirectoryOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        "The data directory (default: $BLUEPRINT_DATA_DIR, else $XDG_DATA_HOME/blueprint, else ~/.local/share/blueprint).",
        valueName: "dir"))
    var dataDirectory: String?

    /// The directory to use: the flag, else the environment's default.
    var root: String { dataDirectory ?? FileStore.defaultRoot(environment: ProcessInfo.processInfo.environment) }

    /// An empty `--data-dir ""` (an unset shell variable, say) would mean the working directory.
    func validate() throws {
        if dataDirectory?.isEmpty == true { throw ValidationError("--data-dir is empty; name a folder") }
    }

    /// Opens the data directory with a private cache (a command is one short-lived process),
    /// writing as the configuration file's `name` (else the login name). The file's problems are
    /// the planner's to report; a command only takes the name from it.
    func open() throws -> (FileStore, Repositories) {
        let environment = ProcessInfo.processInfo.environment
        let name = ConfigurationFile.load(path: nil, environment: environment).configuration.name
        let store = try FileStore(root: root, previewing: WeddingPreviewer(), author: ChangeAuthor.current(named: name))
        return (store, Repositories(host: store, cache: RepositoryCache()))
    }
}

/// `--data-dir` and `--wedding`, for commands that work on one wedding.
struct WeddingOptions: ParsableArguments {
    @OptionGroup var data: DataDirectoryOptions

    @Option(name: .customLong("wedding"), help: ArgumentHelp(
        "The wedding's name or id (default: the only wedding in the data directory).", valueName: "name|id"))
    var wedding: String?

    /// Opens the data directory and resolves the wedding to work on.
    func open() async throws -> (FileStore, Repositories, Wedding) {
        let (store, repositories) = try data.open()
        if let wedding {
            return (store, repositories, try await repositories.weddings.findWedding(wedding))
        }
        let weddings = try await repositories.weddings.fetchWeddings()
        switch weddings.count {
        case 1:
            return (store, repositories, weddings[0])
        case 0:
            throw CommandFailure("no wedding in \(store.root) yet; create one with `blueprint wedding create NAME`, "
                                 + "or try `blueprint demo`")
        default:
            throw CommandFailure("\(weddings.count) weddings in \(store.root); choose one with --wedding: "
                                  + weddings.map { "'\($0.name)'" }.joined(separator: ", "))
        }
    }
}

extension CalendarDate {
    /// Today on the user's wall calendar.
    static var today: CalendarDate { CalendarDate(Date(), in: .current) }
}
