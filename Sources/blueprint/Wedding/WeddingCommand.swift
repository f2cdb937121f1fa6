import ArgumentParser

/// `blueprint wedding`: the weddings of the data directory.
struct WeddingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wedding",
        abstract: "List, create, rename or delete the weddings of the data directory; push them to a database or pull them from it.",
        subcommands: [WeddingListCommand.self, WeddingCreateCommand.self, WeddingRenameCommand.self,
                      WeddingDeleteCommand.self,
                      WeddingPushCommand.self,
                      WeddingPullCommand.self,
                      WeddingSyncCommand.self],
        defaultSubcommand: WeddingListCommand.self
    )
}
