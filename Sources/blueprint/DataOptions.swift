import ArgumentParser
import BlueprintCache
import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintStorage
import BlueprintStores
import Foundation

/// `--data-dir` and `--database`, shared by every command that touches data.
struct DataDirectoryOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        "The data directory (default: $BLUEPRINT_DATA_DIR, else $XDG_DATA_HOME/blueprint, else ~/.local/share/blueprint).",
        valueName: "dir"))
    var dataDirectory: String?

    @Option(name: .customLong("database"), help: ArgumentHelp(
        "Keep the weddings in this PostgreSQL database instead (a postgresql:// URL; default: $BLUEPRINT_DATABASE_URL, "
            + "else the configuration file's database).",
        valueName: "url"))
    var database: String?

    /// The directory to use: the flag, else the environment's default.
    var root: String { dataDirectory ?? FileStore.defaultRoot(environment: ProcessInfo.processInfo.environment) }

    /// An empty `--data-dir ""` (an unset shell variable, say) would mean the working directory.
    func validate() throws {
        if dataDirectory?.isEmpty == true { throw ValidationError("--data-dir is empty; name a folder") }
        if let database { _ = try Self.parse(database, from: "--database") }
    }

    /// The database to use: `--database`, else `$BLUEPRINT_DATABASE_URL`, else the configuration
    /// file's `database`; nil (the data directory) when none is given.
    func databaseURL(configuration: Configuration) throws -> DatabaseURL? {
        if let database { return try Self.parse(database, from: "--database") }
        if let variable = ProcessInfo.processInfo.environment["BLUEPRINT_DATABASE_URL"], !variable.isEmpty {
            return try Self.parse(variable, from: "$BLUEPRINT_DATABASE_URL")
        }
        return try configuration.database.map { try Self.parse($0, from: "the configuration file's database") }
    }

    private static func parse(_ text: String, from source: String) throws -> DatabaseURL {
        do {
            return try DatabaseURL(text, loginName: ChangeAuthor.loginName())
        } catch {
            throw ValidationError("\(source): \(error)")
        }
    }

    /// Opens the weddings (the database if one is given, else the data directory) with a private
    /// cache (a command is one short-lived process), writing as the configuration file's `name`
    /// (else the login name). The file's problems are the planner's to report; a command only
    /// takes the name and the database from it.
    func open() async throws -> WeddingData {
        let configuration = ConfigurationFile.load(path: nil, environment: ProcessInfo.processInfo.environment).configuration
        return try await open(configuration: configuration, cache: RepositoryCache())
    }

    /// Opens the weddings as `configuration` says, with `cache` (`start`: whether a database is
    /// waited for, see `TieredWeddingHost.Start`).
    func open(configuration: Configuration, cache: RepositoryCache,
              start: TieredWeddingHost.Start = .connectingFirst) async throws -> WeddingData {
        try await WeddingData.open(root: root, database: try databaseURL(configuration: configuration),
                                   author: ChangeAuthor.current(named: configuration.name), cache: cache, start: start)
    }
}

/// `--data-dir` and `--wedding`, for commands that work on one wedding.
struct WeddingOptions: ParsableArguments {
    @OptionGroup var data: DataDirectoryOptions

    @Option(name: .customLong("wedding"), help: ArgumentHelp(
        "The wedding's name or id (default: the only wedding in the data directory).", valueName: "name|id"))
    var wedding: String?

    /// Opens the weddings and resolves the one to work on.
    func open() async throws -> (WeddingData, Wedding) {
        let data = try await data.open()
        let repositories = data.repositories
        if let wedding {
            return (data, try await repositories.weddings.findWedding(wedding))
        }
        let weddings = try await repositories.weddings.fetchWeddings()
        switch weddings.count {
        case 1:
            return (data, weddings[0])
        case 0:
            throw CommandFailure("no wedding in \(data.place) yet; create one with `blueprint wedding create NAME`, "
                                 + "or try `blueprint demo`")
        default:
            throw CommandFailure("\(weddings.count) weddings in \(data.place); choose one with --wedding: "
                                  + weddings.map { "'\($0.name)'" }.joined(separator: ", "))
        }
    }
}

extension CalendarDate {
    /// Today on the user's wall calendar.
    static var today: CalendarDate { CalendarDate(Date(), in: .current) }
}
