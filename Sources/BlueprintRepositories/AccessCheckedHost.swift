import BlueprintDomain
import Synchronization

/// A host that refuses a write to a wedding this process may only look at, before sending it:
/// it remembers the access its host last said for each wedding (`accessRights(to:)`, asked
/// when a wedding opens and again when it is read anew), and a write to a wedding it knows to
/// be a viewer's throws `RepositoryError.notPermitted` saying why, without reaching the host.
///
/// It is the one seam every repository writes through (`Repositories` puts it under them), so
/// no store or pane can be forgotten. The database refuses such a write anyway (a role may
/// change while a wedding is open); this spares the round trip and says it in the app's words.
/// A wedding whose access was never asked is written through, for the host to decide.
final class AccessCheckedHost: WeddingDataHost, AuthoredWrites {
    let host: any WeddingDataHost
    private let known = Mutex<[WeddingID: WeddingAccess]>([:])

    init(_ host: any WeddingDataHost) {
        self.host = host
    }

    var author: String { host.author }

    func accessRights(to wedding: WeddingID) async throws -> WeddingAccess {
        let access = try await host.accessRights(to: wedding)
        known.withLock { $0[wedding] = access }
        return access
    }

    func write<T: Sendable>(_ wedding: WeddingID, operation: String,
                            _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        if let refusal = known.withLock({ $0[wedding] })?.refusal { throw RepositoryError.notPermitted(refusal) }
        return try await host.write(wedding, operation: operation, body)
    }

    func write<T: Sendable>(_ wedding: WeddingID, operation: String, author: String,
                            _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        if let refusal = known.withLock({ $0[wedding] })?.refusal { throw RepositoryError.notPermitted(refusal) }
        return try await host.write(wedding, operation: operation, preferringAuthor: author, body)
    }

    func deleteWedding(_ id: WeddingID) async throws {
        try await host.deleteWedding(id)
        known.withLock { _ = $0.removeValue(forKey: id) }
    }

    func listWeddings() async throws -> [Wedding] { try await host.listWeddings() }
    func listAllWeddings() async throws -> [Wedding] { try await host.listAllWeddings() }
    func createWedding(_ wedding: Wedding) async throws -> Wedding { try await host.createWedding(wedding) }
    func read<T: Sendable>(_ wedding: WeddingID, _ body: @Sendable (WeddingDataset) throws -> T) async throws -> T {
        try await host.read(wedding, body)
    }
    func documentsFolder(of wedding: WeddingID) -> String { host.documentsFolder(of: wedding) }
    func preview(of wedding: WeddingID) async -> WeddingPreview? { await host.preview(of: wedding) }
    func activity(in wedding: WeddingID) async throws -> ActivityLog { try await host.activity(in: wedding) }
    func changes(in wedding: WeddingID) -> AsyncStream<RepositoryChange> { host.changes(in: wedding) }
    func connection(_ wedding: WeddingID) -> FeedConnection { host.connection(wedding) }
    func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection> { host.connectionChanges(in: wedding) }
    func catchUp(on wedding: WeddingID) async throws { try await host.catchUp(on: wedding) }
}

extension AccessCheckedHost: InvitationSecrets {
    /// The host's secret, asking the wedding's access first: a viewer is refused, as the
    /// database refuses its read of the secret.
    func invitationSecret(of wedding: WeddingID) async throws -> InvitationSecret {
        if let refusal = try await accessRights(to: wedding).refusal { throw RepositoryError.notPermitted(refusal) }
        guard let secrets = host as? any InvitationSecrets else {
            throw RepositoryError.storage("this storage keeps no invitation secrets, so it cannot make invitation links")
        }
        return try await secrets.invitationSecret(of: wedding)
    }
}
