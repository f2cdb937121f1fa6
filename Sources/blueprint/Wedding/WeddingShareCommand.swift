import ArgumentParser
import BlueprintDomain
import BlueprintPostgres
import BlueprintText

/// `blueprint wedding share NAME --role planner|viewer USER`: lets another PostgreSQL role open
/// a wedding of the database.
struct WeddingShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Let another database user open a wedding, as a planner (may change it) or a viewer (may look).",
        discussion: """
            Needs a database (--database or $BLUEPRINT_DATABASE_URL); only the wedding's owner may share \
            it. USER is a PostgreSQL role: the database's administrator creates it (CREATE ROLE name \
            LOGIN). Sharing again with another --role changes the user's role. The database enforces \
            the roles: a viewer's changes are refused by it, whatever program sends them.
            """
    )

    @OptionGroup var data: DataDirectoryOptions
    @Argument(help: ArgumentHelp("The wedding's name or id.", valueName: "name")) var name: String
    @Option(help: ArgumentHelp("What the user may do: planner or viewer.", valueName: "role")) var role: SharedRole
    @Argument(help: ArgumentHelp("The PostgreSQL role to share with.", valueName: "user")) var user: String

    /// The roles a wedding is shared with (it has one owner).
    enum SharedRole: String, ExpressibleByArgument, CaseIterable {
        case planner, viewer
    }

    func run() async throws {
        let (opened, host) = try await data.openDatabase(for: "sharing")
        let wedding = try await opened.repositories.weddings.findWedding(name)
        let shared = WeddingAccess.Role(rawValue: role.rawValue)!
        let before = try await host.share(wedding, with: user, as: shared)
        await opened.close()
        let sentence: String
        switch before {
        case nil: sentence = "Shared '\(wedding.name)' with \(user) as a \(role.rawValue)."
        case shared?: sentence = "\(user) was already a \(role.rawValue) of '\(wedding.name)'; nothing changed."
        case let previous?: sentence = "\(user) is now a \(role.rawValue) of '\(wedding.name)' (was a \(previous.rawValue))."
        }
        try CommandOutput.print(TerminalSanitizer.sanitize(sentence))
    }
}
