import BlueprintDomain
@testable import BlueprintStores
import Testing

/// The guest store keeps each household's invitation, patched in live as answers arrive.
@MainActor
@Suite("Invitations in the guest store", .timeLimit(.minutes(3)))
struct InvitationLiveTests {
    @Test func anInvitationStoredElsewhereIsPatchedIntoTheGuestStore() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        let guest = try #require(session.guests.guests.first)
        #expect(session.guests.invitation(for: guest) == nil)
        let invitation = Invitation(household: guest.invitationHousehold, tokenHash: String(repeating: "0", count: 64))

        await harness.externalWrite([.save(invitation)])
        await messages.handOverChange(to: session)
        #expect(session.guests.invitation(for: guest) == invitation)

        var answered = invitation
        answered.answeredAt = Timestamp(millisecondsSince1970: 1_800_000_000_000)
        answered.version = 2
        await harness.externalWrite([.save(answered)])
        await messages.handOverChange(to: session)
        #expect(session.guests.invitation(for: guest)?.answeredAt == answered.answeredAt)
        session.close()
    }
}
