import BlueprintWeb

/// The RSVP directory over the weddings of the data directory or the database, for `serve`.
///
/// Not wired yet: it needs the invitations (link tokens, their hashes) and an answer made as
/// an ordinary edit through the repositories' transactions. Until then `serve` refuses to start
/// rather than serve pages of nothing.
func makeRSVPDirectory(data: DataDirectoryOptions) async throws -> any RSVPDirectory {
    throw CommandFailure("blueprint serve is not wired to the weddings yet: there is no RSVP directory over the repositories")
}
