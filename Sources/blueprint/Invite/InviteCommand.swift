import ArgumentParser

/// `blueprint invite`: each household's personal link to answer online.
struct InviteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invite",
        abstract: "List each household's personal link to answer online, or give one a new link.",
        discussion: """
            Guests who share a household (the same household, whatever its case) share one link; a guest \
            without a household has a link of their own, listed as guest:<id>. Links are derived from a \
            secret kept apart from the wedding's records (in the data directory, the file invitation-secret \
            of the wedding's folder; in a database, a table only owners and planners may read), so listing \
            them again gives the same links; only a hash of each is stored.
            """,
        subcommands: [InviteLinksCommand.self, InviteRevokeCommand.self],
        defaultSubcommand: InviteLinksCommand.self
    )
}

/// Where the links point when `--base-url` is not given.
enum InviteBaseURL {
    static let standard = "http://127.0.0.1:8080"
}
