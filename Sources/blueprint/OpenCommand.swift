import ArgumentParser
import BlueprintCache
import BlueprintDemo
import BlueprintDomain
import BlueprintInterchange
import BlueprintRepositories
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
            there are several; :wedding NAME switches). An empty data directory opens on a welcome \
            screen that creates a wedding or opens a demo wedding to explore. Logs go to --log-file, \
            never to the screen.
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

    @OptionGroup var configuration: ConfigurationOptions

    @MainActor
    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let logNote = LogFile.bootstrap(path: logFile ?? LogFile.defaultPath(environment: environment), environment: environment)
        let settings = configuration.settings(environment: environment, defaultsUsed: "starting with the defaults")
        let app = TerminalApp(options: settings.terminalOptions(environment: environment), keymap: settings.keymap)
        // A terminal that cannot work is reported before anything is read or created.
        try app.start()
        let opened: WeddingData
        let chosen: (wedding: Wedding, note: String?)?
        do {
            // The first frame is the local copy's; the database is reached behind it.
            opened = try await data.open(configuration: settings.configuration, cache: .shared, start: .fromTheCopy)
            chosen = try await chooseWedding(opened.repositories)
        } catch {
            app.stop()
            throw error
        }
        let repositories = opened.repositories
        let cache = repositories.cache
        // The cache gives memory back when the kernel reports pressure, until the app closes.
        let memoryPressure = MemoryPressureResponder(cache: cache, source: KernelMemoryPressure.locate())
        memoryPressure.start()
        let presence = opened.presenceBoard(root: data.root)
        let context = StoreContext(weddings: repositories.weddings, guests: repositories.guests, budget: repositories.budget,
                                   vendors: repositories.vendors, tasks: repositories.tasks, records: repositories,
                                   documents: repositories.documents, changes: repositories,
                                   presence: presence,
                                   identity: ChangeAuthor.presenceIdentity(name: settings.configuration.name),
                                   access: repositories, offlineConflicts: opened.host as? any OfflineConflictSource)
        let store = opened.fileStore
        let readOnlyNote: @Sendable (WeddingID) -> String? = { [store] in store?.isReadOnly($0) == true ? Self.readOnlyNote : nil }
        let screen = PlannerScreen(
            model: AppModel(context: context),
            services: PlannerServices(monitor: cache.monitor, cacheEntries: { cache.entryCount }, transfer: FileTransfer(),
                                      readOnlyNote: readOnlyNote,
                                      checklist: .standard, environment: environment,
                                      runOutsideTerminal: { [weak app] body in app?.suspend(while: body) }),
            keymap: settings.keymap,
            post: { [weak app] handle in app?.post(handle) })
        app.keyToFrame = { cache.monitor.recordLatency("key to frame", duration: $0) }
        let logger = Logger(label: "blueprint")
        let root: any Screen
        var logFirstFrame: (@MainActor () -> Void)?
        if let chosen {
            let opening = ContinuousClock.now
            await screen.open(chosen.wedding.weddingID)
            logFirstFrame = logStartup(of: screen, shownPaneWarmUp: ContinuousClock.now - opening, logger: logger)
            if let note = settings.statusNote {
                screen.announce(note, severity: .warning)
            } else if let note = readOnlyNote(chosen.wedding.weddingID) {
                screen.announce(note, severity: .warning)
            } else if let note = logNote ?? chosen.note {
                screen.announce(note)
            }
            logger.info("opened", metadata: ["wedding": "\(chosen.wedding.weddingID)", "dataDir": "\(opened.place)"])
            root = screen
        } else {
            let firstRun = FirstRunScreen(
                planner: screen, defaultCurrency: WeddingDefaults.currency(settings.configuration), dataDirectory: opened.place,
                post: { [weak app] handle in app?.post(handle) },
                opened: { wedding in
                    logger.info("opened", metadata: ["wedding": "\(wedding.weddingID)", "dataDir": "\(opened.place)", "firstRun": "true"])
                })
            if let note = settings.statusNote ?? logNote { firstRun.announce(note) }
            root = firstRun
        }
        app.firstFrame = {
            logFirstFrame?()
            // The database is reached behind the copy's first frame, not beside it.
            opened.connect(presence: presence)
        }
        try await app.run(root) {
            await memoryPressure.stop()
            await screen.close()
            await opened.close()
            logger.info("closed")
        }
    }

    static let readOnlyNote = "Read-only: this wedding's folder cannot be written, so you can look but changes are not saved"

    /// Returns what logs when the first full frame reached the terminal (wall clock, to compare
    /// with the launch time `Benchmarks/Scripts/startup.sh` records) and how long it waited for
    /// the CacheWarmer to load the shown pane; logs, once every pane is warm, how long that took.
    @MainActor
    private func logStartup(of screen: PlannerScreen, shownPaneWarmUp: Duration, logger: Logger) -> @MainActor () -> Void {
        let logFirstFrame: @MainActor () -> Void = {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            logger.info("first frame", metadata: [
                "at": "\(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))",
                "firstPaneWarmMicroseconds": "\(Self.microseconds(shownPaneWarmUp))",
            ])
        }
        Task { @MainActor in
            guard let report = await screen.warmedUp() else { return }
            logger.info("warmed up", metadata: ["totalMicroseconds": "\(Self.microseconds(report.total))"])
        }
        return logFirstFrame
    }

    private static func microseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    }

    /// The wedding to open and a note for the status line about how it was chosen, or nil for
    /// the welcome screen of an empty data directory.
    private func chooseWedding(_ repositories: Repositories) async throws -> (wedding: Wedding, note: String?)? {
        if demo {
            let wedding = try await repositories.weddings.createDemoWedding(DemoWeddingOptions(today: .today),
                                                                                documents: repositories.documents)
            return (wedding, "A new demo wedding, made for you to try things out.")
        }
        if let wedding { return (try await repositories.weddings.findWedding(wedding), nil) }
        let weddings = try await repositories.weddings.fetchWeddings()
            .sorted { ($0.name.lowercased(), $0.weddingID) < ($1.name.lowercased(), $1.weddingID) }
        guard let first = weddings.first else { return nil }
        return (first, weddings.count > 1 ? "\(weddings.count) weddings here; :wedding NAME opens another." : nil)
    }
}
