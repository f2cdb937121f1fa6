import Foundation

/// A household's personal invitation to answer online: the link it was sent is derived from the
/// wedding's secret, the household and the generation (`InvitationToken`); only the token's
/// hash is kept here, so the records alone never give a link away.
public struct Invitation: Record {
    public static let kind = RecordKind.invitation

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    /// The household it is for, as `Guest.invitationHousehold` spells it.
    public var household: String
    /// Lower-case hex SHA-256 of the link's token (`InvitationToken.hash`).
    public var tokenHash: String
    /// Which link is current: revoking bumps it, and the old link stops working.
    public var generation: Int
    /// When the current link was made.
    public var issuedAt: Timestamp
    /// When the household last answered online; `nil` while it has not.
    public var answeredAt: Timestamp?

    public init(id: UUID = UUID(), household: String, tokenHash: String, generation: Int = 1,
                issuedAt: Timestamp = Timestamp(Date()), answeredAt: Timestamp? = nil, version: Int = 1) {
        self.id = id
        self.household = household
        self.tokenHash = tokenHash
        self.generation = generation
        self.issuedAt = issuedAt
        self.answeredAt = answeredAt
        self.createdAt = issuedAt
        self.updatedAt = issuedAt
        self.version = version
    }
}

extension Guest {
    /// The prefix of the household of a guest who has none: a household of one, keyed by id.
    public static let singleGuestHouseholdPrefix = "guest:"

    /// The household an invitation is for: `householdKey`, or `guest:<id>` (the id in lower
    /// case) for a guest without a household, who is a household of one.
    public var invitationHousehold: String {
        householdKey ?? Self.singleGuestHouseholdPrefix + id.uuidString.lowercased()
    }
}

extension Invitation {
    /// The operation a household's answer on its RSVP page is committed as, whoever serves it.
    public static let answerOperation = "rsvpAnswered"
}
