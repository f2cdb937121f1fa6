import ArgumentParser

/// `blueprint db`: the PostgreSQL database that can hold the weddings.
struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Manage the PostgreSQL database that can hold the weddings in place of the data directory.",
        subcommands: [DatabaseMigrateCommand.self]
    )
}
