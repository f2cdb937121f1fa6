import ArgumentParser
import BlueprintConfiguration
import BlueprintDomain
import BlueprintStorage
import BlueprintTUI
import BlueprintTerminal
import Foundation

/// `blueprint doctor`: checks the terminal and the data directory, changing nothing, and says
/// how to fix what is wrong.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the terminal, the data directory and the database, and say how to fix what is wrong.",
        discussion: """
            Reads every wedding's files without changing anything (no repair, nothing moved aside), \
            and names the records the planner would refuse that another program wrote (an amount beyond \
            the largest amount, a plus-one's details on a guest who may bring none). \
            With a database (--database or $BLUEPRINT_DATABASE_URL) it also checks that the database \
            answers, its schema, who you connect as and your role on each wedding, that every document's \
            file is in the database or on this machine, that notifications arrive, and that its clock \
            agrees with this machine's. \
            It checks the RSVP server's settings (the configuration file's [serve]: listen, base-url, \
            trusted-proxy) and that each wedding's invitation secret is readable by its owner only. \
            Exits with status 1 if there is a problem, 0 if everything is fine or there are only warnings.
            """
    )

    @OptionGroup var data: DataDirectoryOptions

    @MainActor
    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let probe = TerminalProbe.current(environment: environment)
        let terminal = TerminalChecks(probe: probe, minimumSize: FrameDriver.minimumSize, noColor: noColor)
        let report = await StoreInspector.inspect(root: data.root)
        let configuration = ConfigurationFile.load(path: nil, environment: environment).configuration
        let database = try data.databaseURL(configuration: configuration)
        var sections = [terminal.section]
            + DataDirectoryChecks(report: report, source: source(environment), databaseConfigured: database != nil).sections
        sections.append(ServeChecks(settings: configuration.serve, weddingFolders: report.weddings.map(\.folder)).section)
        if let url = database {
            sections.append(await DatabaseChecks(url: url, source: databaseSource(environment), dataDirectory: data.root).section())
        }
        let colors = probe.standardOutputIsTerminal && probe.colors != .monochrome
        try CommandOutput.print("\(BlueprintVersion.banner)\n\n" + CheckPrinter(colors: colors).render(sections))
        if sections.contains(where: { $0.checks.contains { $0.status == .problem } }) {
            // Not `throw ExitCode.failure`: the report is the message, and nothing more belongs on stderr.
            Foundation.exit(ExitCode.failure.rawValue)
        }
    }

    /// Where the database's URL came from.
    private func databaseSource(_ environment: [String: String]) -> String {
        if data.database != nil { return "--database" }
        if !(environment["BLUEPRINT_DATABASE_URL"] ?? "").isEmpty { return "BLUEPRINT_DATABASE_URL" }
        return "the configuration file"
    }

    /// Where the data directory's path came from.
    private func source(_ environment: [String: String]) -> String {
        if data.dataDirectory != nil { return "--data-dir" }
        if !(environment["BLUEPRINT_DATA_DIR"] ?? "").isEmpty { return "BLUEPRINT_DATA_DIR" }
        return "the default: $XDG_DATA_HOME/blueprint, else ~/.local/share/blueprint"
    }
}
