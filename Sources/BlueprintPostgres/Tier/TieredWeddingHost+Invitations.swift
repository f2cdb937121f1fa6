import BlueprintDomain

/// The invitation secret is the database's alone (never in the local copy): listing or revoking
/// links needs the database to answer.
extension TieredWeddingHost: InvitationSecrets {
    public func invitationSecret(of wedding: WeddingID) async throws -> InvitationSecret {
        guard let database = await online() else {
            throw RepositoryError.storage("the invitation links need the database, which does not answer; try again when it does")
        }
        return try await database.invitationSecret(of: wedding)
    }
}
