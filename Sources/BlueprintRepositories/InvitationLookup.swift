import BlueprintDomain

/// Finds the invitation a link's token belongs to, for the guests' web page: the token is
/// hashed and compared with every stored hash in constant time (`Invitation.matches`), so
/// neither a wrong token nor a near miss says how close it came.
public struct InvitationLookup: Sendable {
    private let host: any WeddingDataHost

    public init(host: any WeddingDataHost) {
        self.host = host
    }

    /// The wedding and invitation whose current link carries `token`; `nil` for a revoked,
    /// mistyped or unknown one.
    public func invitation(forToken token: String) async throws -> (wedding: WeddingID, invitation: Invitation)? {
        let hash = InvitationToken.hash(of: token)
        for wedding in try await host.listWeddings().map(\.weddingID) {
            let found = try await host.read(wedding) { dataset in
                dataset.invitations.reduce(nil as Invitation?) { found, invitation in
                    invitation.matches(tokenHash: hash) && found == nil ? invitation : found
                }
            }
            if let found { return (wedding, found) }
        }
        return nil
    }
}
