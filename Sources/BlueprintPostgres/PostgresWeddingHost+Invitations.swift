import BlueprintDomain
import Foundation
import PostgresNIO

/// The invitation secrets in the database (`DatabaseSchema.invitationSecrets`): read by owners
/// and planners only; the first to ask adds one (a concurrent second finds the first's).
extension PostgresWeddingHost: InvitationSecrets {
    public func invitationSecret(of wedding: WeddingID) async throws -> InvitationSecret {
        let made = InvitationSecret.random()
        let bytes = try await link.transaction { connection in
            try await connection.statement("""
                INSERT INTO invitation_secrets (wedding_id, secret) VALUES (\(wedding.rawValue), \(made.bytes))
                ON CONFLICT (wedding_id) DO NOTHING
                """, logger: settings.logger)
            var found: Data?
            for try await bytes in try await connection.statement(
                "SELECT secret FROM invitation_secrets WHERE wedding_id = \(wedding.rawValue)", logger: settings.logger)
                .decode(Data.self) { found = bytes }
            return found
        }
        guard let bytes, let secret = InvitationSecret(bytes: bytes) else {
            throw RepositoryError.notPermitted("only the wedding's owner and planners may make its invitation links")
        }
        return secret
    }
}
