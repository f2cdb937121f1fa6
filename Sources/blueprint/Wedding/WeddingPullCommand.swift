import ArgumentParser
import BlueprintText

/// `blueprint wedding pull NAME`: makes a wedding of the data directory from the database's.
struct WeddingPullCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Make a wedding of the data directory from the database's.",
        discussion: """
            The database is --database, else $BLUEPRINT_DATABASE_URL, else the configuration file's \
            database. The wedding keeps its id, and every record its version, creation time and order; \
            documents come with their files; its activity in the data directory starts afresh. Written whole under a temporary name and \
            then renamed into place; refused if the data directory has the wedding already. The \
            database keeps its wedding.
            """
    )

    @OptionGroup var data: DataDirectoryOptions
    @Argument(help: ArgumentHelp("The wedding's name or id in the database.", valueName: "name")) var name: String

    func run() async throws {
        let sides = try await WeddingTransferSides.open(data, verb: "pulled")
        let pulled = try await sides.run {
            try await sides.database.pull(try await sides.find(name, in: sides.database).weddingID, into: sides.store)
        }
        try CommandOutput.print(TerminalSanitizer.sanitize("Pulled the wedding '\(pulled.name)' into \(sides.store.root)."))
    }
}
