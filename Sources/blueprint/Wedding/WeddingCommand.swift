import ArgumentParser

/// `blueprint wedding`: the weddings of the data directory.
struct WeddingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wedding",
        abstract: "List, create, rename or delete the weddings of the data directory.",
        subcommands: [WeddingListCommand.self, WeddingCreateCommand.self, WeddingRenameCommand.self,
                      WeddingDeleteCommand.self,
                      WeddingShareCommand.self,
                      WeddingUnshareCommand.self],
        defaultSubcommand: WeddingListCommand.self
    )
}
