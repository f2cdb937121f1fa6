import BlueprintCache
import BlueprintDomain
import Foundation

/// A household's personal link to answer online, as `invite links` lists it.
public struct HouseholdLink: Sendable, Equatable {
    /// The household as its guests wrote it, or `guest:<id>` for a guest without one: what
    /// `invite revoke` takes.
    public let household: String
    /// The household's guests, in list order.
    public let guests: [Guest]
    public let invitation: Invitation
    public let token: InvitationToken

    /// The link under `baseURL` (`https://example.org` gives `https://example.org/r/TOKEN`).
    public func link(under baseURL: String) -> String {
        (baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL) + "/r/" + token.text
    }
}

/// Why a household's link could not be made.
public enum InvitationError: Error, Equatable, CustomStringConvertible {
    /// No guest of the wedding is in the household named.
    case unknownHousehold(String)

    public var description: String {
        switch self {
        case .unknownHousehold(let name):
            return "no guest is in the household \"\(name)\"; `blueprint invite links` lists the households"
        }
    }
}

/// The households' invitations of a wedding: making the missing ones and listing their links,
/// and revoking one. Each is one durable write, all or nothing; the secret comes from `secrets`.
public struct InvitationLinks: Sendable {
    private let access: DataAccess
    private let secrets: any InvitationSecrets

    public init(repositories: Repositories) {
        access = DataAccess(host: repositories.host, cache: repositories.cache)
        secrets = repositories.invitationSecrets
    }

    /// Every household's link, in guest-list order, after making the invitations households lack
    /// (and renewing a stored hash that no longer matches the secret, as after a restore).
    public func links(in wedding: WeddingID) async throws -> [HouseholdLink] {
        let secret = try await secrets.invitationSecret(of: wedding)
        return try await access.write(Self.issuing(in: wedding), named: "invitationsIssued") { transaction in
            let stored = Dictionary(transaction.dataset.invitations.map { ($0.household, $0) }, uniquingKeysWith: { first, _ in first })
            return try Self.households(of: transaction.dataset).map { household, guests in
                try Self.issue(household, guests: guests, stored: stored[household], secret: secret, in: transaction, revoking: false)
            }
        }
    }

    /// Makes a new link for `household` (as listed, in any case): the old one stops working.
    /// An unknown household is refused and nothing changes.
    public func revoke(_ household: String, in wedding: WeddingID) async throws -> HouseholdLink {
        let secret = try await secrets.invitationSecret(of: wedding)
        let key = household.trimmingCharacters(in: .whitespaces).lowercased()
        return try await access.write(Self.issuing(in: wedding), named: "invitationRevoked") { transaction in
            guard let found = Self.households(of: transaction.dataset).first(where: { $0.key == key }) else {
                throw InvitationError.unknownHousehold(household)
            }
            let stored = transaction.dataset.invitations.first { $0.household == key }
            return try Self.issue(key, guests: found.guests, stored: stored, secret: secret, in: transaction, revoking: true)
        }
    }

    private static func issuing(in wedding: WeddingID) -> CacheOperation {
        CacheOperation(.record(.created, .invitation), also: [.record(.updated, .invitation)], in: wedding)
    }

    /// The wedding's households, keyed as invitations are (`Guest.invitationHousehold`), in the
    /// order their first guest is listed.
    static func households(of dataset: WeddingDataset) -> [(key: String, guests: [Guest])] {
        var order: [String] = [], members: [String: [Guest]] = [:]
        for guest in dataset.guests {
            let key = guest.invitationHousehold
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(guest)
        }
        return order.map { ($0, members[$0]!) }
    }

    /// The household's link at its current generation (the next one when `revoking`), storing
    /// the invitation when it is new or changed.
    private static func issue(_ key: String, guests: [Guest], stored: Invitation?, secret: InvitationSecret,
                              in transaction: WeddingTransaction, revoking: Bool) throws -> HouseholdLink {
        let wedding = transaction.dataset.wedding.weddingID
        let generation = (stored?.generation ?? 0) + (revoking || stored == nil ? 1 : 0)
        let token = InvitationToken(secret: secret, wedding: wedding, household: key, generation: generation)
        let invitation: Invitation
        if var current = stored {
            if current.generation != generation || current.tokenHash != token.hash {
                current.generation = generation
                current.tokenHash = token.hash
                current.issuedAt = transaction.now
                current = try transaction.update(current)
            }
            invitation = current
        } else {
            invitation = try transaction.insert(Invitation(household: key, tokenHash: token.hash, generation: generation,
                                                           issuedAt: transaction.now))
        }
        let shown = guests.first?.householdKey == nil ? key : guests[0].household.trimmingCharacters(in: .whitespaces)
        return HouseholdLink(household: shown, guests: guests, invitation: invitation, token: token)
    }
}
