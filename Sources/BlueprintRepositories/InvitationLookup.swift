import BlueprintDomain
import Foundation
import Synchronization

/// Finds the invitation a link's token belongs to, for the guests' web page.
///
/// The token's SHA-256 is looked up in an index of the stored hashes, built from every wedding's
/// invitations, and the invitation found is then compared with it again, in constant time
/// (`Invitation.matches`), as the host holds it now. Looking a hash up rather than the token
/// tells a caller nothing it could use: to steer the lookup towards a stored hash it would need a
/// token hashing to it, which is what SHA-256 rules out. Scanning every invitation on each
/// request instead cost a page most of a millisecond at 10,000 guests.
///
/// A hash not in the index rebuilds it, at most once in `rebuildInterval`, so a link made or
/// renewed since (by `invite links` or `invite revoke`, in any process) works within that time,
/// while guessed tokens do not make every request read every wedding.
public final class InvitationLookup: Sendable {
    private struct Index {
        var weddingAndInvitation: [String: (wedding: WeddingID, invitation: UUID)] = [:]
        var builtAt: ContinuousClock.Instant?
    }

    private let host: any WeddingDataHost
    private let rebuildInterval: Duration
    private let index = Mutex(Index())

    public init(host: any WeddingDataHost, rebuildInterval: Duration = .seconds(1)) {
        self.host = host
        self.rebuildInterval = rebuildInterval
    }

    /// The wedding and invitation whose current link carries `token`; `nil` for a revoked,
    /// mistyped or unknown one.
    public func invitation(forToken token: String) async throws -> (wedding: WeddingID, invitation: Invitation)? {
        let hash = InvitationToken.hash(of: token)
        if let found = try await current(hash) { return found }
        let now = ContinuousClock.now
        let isStale = index.withLock { index in index.builtAt.map { $0.duration(to: now) >= rebuildInterval } ?? true }
        guard isStale else { return nil }
        try await rebuild(at: now)
        return try await current(hash)
    }

    /// The invitation the index gives for `hash`, if the host still holds it with that hash.
    private func current(_ hash: String) async throws -> (wedding: WeddingID, invitation: Invitation)? {
        guard let (wedding, id) = index.withLock({ $0.weddingAndInvitation[hash] }) else { return nil }
        let invitation = try? await host.read(wedding) { $0.invitations[id] }
        guard let invitation = invitation ?? nil, invitation.matches(tokenHash: hash) else { return nil }
        return (wedding, invitation)
    }

    private func rebuild(at instant: ContinuousClock.Instant) async throws {
        var entries: [String: (wedding: WeddingID, invitation: UUID)] = [:]
        for wedding in try await host.listWeddings().map(\.weddingID) {
            let invitations = try await host.read(wedding) { dataset in dataset.invitations.map { ($0.tokenHash, $0.id) } }
            for (hash, id) in invitations { entries[hash] = (wedding, id) }
        }
        index.withLock { $0 = Index(weddingAndInvitation: entries, builtAt: instant) }
    }
}
