import BlueprintDomain
import Foundation

/// The demo's invitations to answer online: one per household, as if the links had been sent;
/// about half of the households that replied did so online. Their hashes are of no link the
/// demo's secret gives (there is none yet): `invite links` renews them when it first runs.
enum DemoInvitations {
    static func make(guests: [Guest], timeline: DemoTimeline, random: inout SeededRandom) -> [Invitation] {
        var seen: Set<String> = []
        var invitations: [Invitation] = []
        for guest in guests where seen.insert(guest.invitationHousehold).inserted {
            let hash = (0..<4).map { _ in String(format: "%016llx", random.next()) }.joined()
            var invitation = Invitation(id: random.uuid(), household: guest.invitationHousehold, tokenHash: hash)
            timeline.stamp(&invitation, random: &random)
            invitation.version = 1
            invitation.updatedAt = invitation.createdAt
            invitation.issuedAt = invitation.createdAt
            if guest.rsvp.hasResponded, random.chance(50) { invitation.answeredAt = max(guest.updatedAt, invitation.issuedAt) }
            invitations.append(invitation)
        }
        return invitations
    }
}
