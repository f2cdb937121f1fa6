import ArgumentParser

/// `blueprint wedding`: the weddings of the data directory.
struct WeddingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wedding",
        abstract: "List, create, rename, change the settings of, delete or share the weddings (of the data directory or the database); push them to a database or pull them from it.",
        subcommands: [WeddingListCommand.self, WeddingCreateCommand.self, WeddingRenameCommand.self, WeddingSetCommand.self,
                      WeddingDeleteCommand.self,
                      WeddingShareCommand.self,
                      WeddingUnshareCommand.self,
                      WeddingPushCommand.self,
                      WeddingPullCommand.self,
                      WeddingSyncCommand.self],
        defaultSubcommand: WeddingListCommand.self
    )
}
