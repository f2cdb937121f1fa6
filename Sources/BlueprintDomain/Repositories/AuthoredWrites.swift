/// A host that can journal a write under an author other than its own: an answer a guest gives
/// on the RSVP page is the guest's ("guest: HOUSEHOLD"), though the server process writes it.
///
/// The data directory can; a database cannot (its `changes.author` is `current_user`, set by
/// the database), so there a guest's answer is the serving role's, named by its operation.
public protocol AuthoredWrites: WeddingDataHost {
    /// As `write(_:operation:_:)`, with `author` in the journal, the change event and the activity.
    func write<T: Sendable>(_ wedding: WeddingID, operation: String, author: String,
                            _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T
}

extension WeddingDataHost {
    /// Writes as `author` where the host can (`AuthoredWrites`), else as the host's own author.
    public func write<T: Sendable>(_ wedding: WeddingID, operation: String, preferringAuthor author: String,
                                   _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        if let authored = self as? any AuthoredWrites {
            return try await authored.write(wedding, operation: operation, author: author, body)
        }
        return try await write(wedding, operation: operation, body)
    }
}
