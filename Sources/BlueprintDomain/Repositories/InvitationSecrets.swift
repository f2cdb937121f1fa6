/// Where a wedding's invitation secret is kept (`InvitationSecret`), apart from its records: it
/// is never journaled, exported or archived, and only those who may write the wedding read it
/// (a viewer who could derive the links could answer for a household).
public protocol InvitationSecrets: Sendable {
    /// The secret of `wedding`'s invitation links, made and kept on first use. Refused with
    /// `RepositoryError.notPermitted` for a viewer.
    func invitationSecret(of wedding: WeddingID) async throws -> InvitationSecret
}
