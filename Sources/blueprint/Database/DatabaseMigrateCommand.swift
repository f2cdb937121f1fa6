import ArgumentParser
import BlueprintConfiguration
import BlueprintPostgres
import BlueprintText
import Foundation

/// `blueprint db migrate`: creates or upgrades the database's tables.
struct DatabaseMigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Create the database's tables, or bring them up to this blueprint's version.",
        discussion: """
            The database is --database, else $BLUEPRINT_DATABASE_URL, else the configuration \
            file's database. Each step is applied in one transaction; running it again on an \
            up-to-date database changes nothing. A database made by a newer blueprint is refused.
            """
    )

    @OptionGroup var data: DataDirectoryOptions

    func run() async throws {
        let configuration = ConfigurationFile.load(path: nil, environment: ProcessInfo.processInfo.environment).configuration
        guard let url = try data.databaseURL(configuration: configuration) else {
            throw CommandFailure("no database to migrate: give one with --database postgresql://…, "
                                 + "$BLUEPRINT_DATABASE_URL or database = \"postgresql://…\" in the configuration file")
        }
        let report = try await DatabaseSchema.migrate(url)
        var lines: [String]
        if report.applied.isEmpty {
            lines = ["The \(url) is up to date (schema version \(report.to)); nothing to do."]
        } else {
            lines = [report.from == 0 ? "Created blueprint's tables in the \(url):"
                                      : "Upgraded the \(url) from schema version \(report.from) to \(report.to):"]
            lines += report.applied.map { "  \($0)" }
            if (1..<DatabaseSchema.collaboratorsVersion).contains(report.from) {
                lines.append("The weddings already in the database are owned by \(url.user), the role that migrated it; "
                             + "share them with `blueprint wedding share`.")
            }
        }
        try CommandOutput.print(TerminalSanitizer.sanitizeLines(lines.joined(separator: "\n")))
    }
}
