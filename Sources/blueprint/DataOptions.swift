import ArgumentParser
import BlueprintCache
import BlueprintConfiguration
import BlueprintDomain
import BlueprintPostgres
import BlueprintStorage
import BlueprintStores
import Foundation
import Logging

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
    /// `--database` is checked as written here, before the environment completes it.
    func validate() throws {
        if dataDirectory?.isEmpty == true { throw ValidationError("--data-dir is empty; name a folder") }
        if let database { _ = try Self.parse(database, from: "--database", environment: .none) }
    }

    /// The database to use: `--database`, else `$BLUEPRINT_DATABASE_URL`, else the configuration
    /// file's `database`; nil (the data directory) when none is given. What the URL leaves out
    /// comes from the environment as libpq's (`PGPASSWORD`, `~/.pgpass`, …).
    func databaseURL(configuration: Configuration) throws -> DatabaseURL? {
        let environment = ConnectionEnvironment.process()
        if let database { return try Self.parse(database, from: "--database", environment: environment) }
        if let variable = environment.variables["BLUEPRINT_DATABASE_URL"], !variable.isEmpty {
            return try Self.parse(variable, from: "$BLUEPRINT_DATABASE_URL", environment: environment)
        }
        return try configuration.database.map {
            try Self.parse($0, from: "the configuration file's database", environment: environment)
        }
    }

    private static func parse(_ text: String, from source: String, environment: ConnectionEnvironment) throws -> DatabaseURL {
        let url: DatabaseURL
        do {
            url = try DatabaseURL(text, loginName: ChangeAuthor.loginName(), environment: environment)
        } catch {
            throw ValidationError("\(source): \(error)")
        }
        for warning in url.warnings { Logger(label: "blueprint").warning("\(warning)") }
        return url
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
