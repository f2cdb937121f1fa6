import ArgumentParser
import BlueprintText

/// `blueprint wedding push NAME`: copies a wedding of the data directory into the database.
struct WeddingPushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Copy a wedding of the data directory into the database.",
        discussion: """
            The database is --database, else $BLUEPRINT_DATABASE_URL, else the configuration file's \
            database. The wedding keeps its id, and every record its version, creation time and order; \
            documents are copied with their files. Its activity in the \
            database starts with one change, "pushed from <data dir>". All or nothing, in one transaction; \
            refused if the database has the wedding already. The data directory keeps its copy.
            """
    )

    @OptionGroup var data: DataDirectoryOptions
    @Argument(help: ArgumentHelp("The wedding's name or id in the data directory.", valueName: "name")) var name: String

    func run() async throws {
        let sides = try await WeddingTransferSides.open(data, verb: "pushed")
        let pushed = try await sides.run {
            try await sides.database.push(try await sides.find(name, in: sides.store).weddingID, from: sides.store)
        }
        try CommandOutput.print(TerminalSanitizer.sanitize("Pushed the wedding '\(pushed.name)' to the \(sides.database.url)."))
    }
}
