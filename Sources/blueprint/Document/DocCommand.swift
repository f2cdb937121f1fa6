import ArgumentParser

/// `blueprint doc`: the documents attached to a wedding's vendors, expenses and the wedding.
struct DocCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doc",
        abstract: "Attach, list, export, delete or restore documents (contracts, invoices, quotes, menus).",
        discussion: """
            A document's bytes are stored once per content in the wedding's folder \
            (weddings/<id>/documents/<sha256>); `blueprint doctor` checks every one. An ID may be \
            any unique start of the id `doc list` prints.
            """,
        subcommands: [DocAddCommand.self, DocListCommand.self, DocExportCommand.self, DocDeleteCommand.self,
                      DocRestoreCommand.self],
        defaultSubcommand: DocListCommand.self
    )
}
