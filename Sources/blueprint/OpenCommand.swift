import ArgumentParser
import BlueprintCache
import BlueprintDomain
import BlueprintStorage
import BlueprintStores
import BlueprintTUI
import Foundation
import Logging

/// `blueprint` (or `blueprint open`): the full-screen planner on one wedding.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the full-screen planner (the default command).",
        discussion: """
            Without --wedding, opens the only wedding of the data directory (the first by name if \
            there are several; :wedding NAME switches). An empty data directory gets a demo wedding \
            to explore. Logs go to --log-file, never to the screen.
            """
    )

    @OptionGroup var data: DataDirectoryOptions

    @Option(name: .customLong("wedding"), help: ArgumentHelp("The wedding's name or id.", valueName: "name|id"))
    var wedding: String?

    @Flag(help: "Create a new demo wedding and open it.") var demo = false

    @Option(name: .customLong("log-file"), help: ArgumentHelp(
        "Where to log (default: $XDG_STATE_HOME/blueprint/blueprint.log, else ~/.local/state/blueprint/blueprint.log).",
        valueName: "file"))
    var logFile: String?

    @Option(name: .customLong("config"), help: ArgumentHelp(
        "The configuration file (default: $XDG_CONFIG_HOME/blueprint/config.toml, else ~/.config/blueprint/config.toml).",
        valueName: "file"))
    var configFile: String?

    @MainActor
    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let logNote = LogFile.bootstrap(path: logFile ?? LogFile.defaultPath(environment: environment), environment: environment)
        let settings = PlannerSettings.load(path: configFile, environment: environment)
        settings.reportProblems()
        let app = TerminalApp(options: settings.terminalOptions(environment: environment), keymap: settings.keymap)
        // A terminal that cannot work is reported before anything is read or created.
        try app.start()
        let store: FileStore
        let chosen: (wedding: Wedding, note: String?)
        let repositories: Repositories
        do {
            store = try FileStore(root: data.root)
            repositories = Repositories(host: store, cache: .shared)
            chosen = try await chooseWedding(repositories)
        } catch {
            app.stop()
            throw error
        }
        let cache = repositories.cache
        let context = StoreContext(weddings: repositories.weddings, guests: repositories.guests, budget: repositories.budget,
                                   vendors: repositories.vendors, tasks: repositories.tasks, changes: repositories)
        let screen = PlannerScreen(
            model: AppModel(context: context),
            services: PlannerServices(monitor: cache.monitor, cacheEntries: { cache.entryCount }, transfer: FileTransfer()),
            keymap: settings.keymap,
            requestRedraw: { [weak app] in app?.requestRedraw() })
        app.keyToFrame = { cache.monitor.recordLatency("key to frame", duration: $0) }
        await screen.open(chosen.wedding.weddingID)
        if let note = settings.statusNote {
            screen.announce(note, severity: .warning)
        } else if let note = logNote ?? chosen.note {
            screen.announce(note)
        }
        Logger(label: "blueprint").info("opened", metadata: ["wedding": "\(chosen.wedding.weddingID)", "dataDir": "\(store.root)"])
        try await app.run(screen) {
            await screen.close()
            await store.close()
        }
    }

    /// The wedding to open, and a note for the status line about how it was chosen.
    private func chooseWedding(_ repositories: Repositories) async throws -> (wedding: Wedding, note: String?) {
        if demo { return (try await createDemo(repositories), "A new demo wedding, made for you to try things out.") }
        if let wedding { return (try await repositories.weddings.findWedding(wedding), nil) }
        let weddings = try await repositories.weddings.fetchWeddings()
            .sorted { ($0.name.lowercased(), $0.weddingID) < ($1.name.lowercased(), $1.weddingID) }
        guard let first = weddings.first else {
            return (try await createDemo(repositories), "No wedding here yet: this demo wedding is yours to try things out.")
        }
        return (first, weddings.count > 1 ? "\(weddings.count) weddings here; :wedding NAME opens another." : nil)
    }

    private func createDemo(_ repositories: Repositories) async throws -> Wedding {
        var dataset = try DemoWeddingGenerator.make(DemoWeddingOptions(today: .today))
        dataset.wedding.weddingID = WeddingID()
        return try await repositories.weddings.createWedding(from: dataset)
    }
}
