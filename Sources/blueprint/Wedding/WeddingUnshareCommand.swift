import ArgumentParser
import BlueprintPostgres
import BlueprintText

/// `blueprint wedding unshare NAME USER`: takes a wedding of the database away from a
/// collaborator.
struct WeddingUnshareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unshare",
        abstract: "Take a wedding away from a database user it was shared with.",
        discussion: """
            Needs a database (--database or $BLUEPRINT_DATABASE_URL); only the wedding's owner may \
            unshare it, and the owner cannot be removed. The user's open planners lose the wedding \
            at their next read.
            """
    )

    @OptionGroup var data: DataDirectoryOptions
    @Argument(help: ArgumentHelp("The wedding's name or id.", valueName: "name")) var name: String
    @Argument(help: ArgumentHelp("The PostgreSQL role to take it from.", valueName: "user")) var user: String

    func run() async throws {
        let (opened, host) = try await data.openDatabase(for: "unsharing")
        let wedding = try await opened.repositories.weddings.findWedding(name)
        let role = try await host.unshare(wedding, from: user)
        await opened.close()
        try CommandOutput.print(TerminalSanitizer.sanitize("\(user) (a \(role.rawValue)) can no longer open '\(wedding.name)'."))
    }
}
