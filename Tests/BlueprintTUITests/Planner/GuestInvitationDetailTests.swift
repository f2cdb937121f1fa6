import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
import Foundation
import Testing

/// A guest's details say whether their household has answered online, and when.
@MainActor
@Suite("Guest details: answering online")
struct GuestInvitationDetailTests {
    /// Wedding 1, with an invitation for Ana's household answered at `answeredAt` (none when `invited` is false).
    static func dataset(invited: Bool, answeredAt: Timestamp? = nil) -> WeddingDataset {
        var dataset = Wedding1.dataset()
        if invited, let ana = dataset.guests[Wedding1.ana] {
            dataset.invitations.upsert(Invitation(household: ana.invitationHousehold, tokenHash: String(repeating: "0", count: 64),
                                                  issuedAt: Wedding1.start, answeredAt: answeredAt))
        }
        return dataset
    }

    @Test("answered: \"Answered online\" and when, in local time")
    func answered() async {
        let answeredAt = Timestamp(millisecondsSince1970: Wedding1.start.millisecondsSince1970 + 3_600_000)
        let planner = await PlannerHarness([Self.dataset(invited: true, answeredAt: answeredAt)])
        await planner.press(.enter)
        let when = Formats.moment(answeredAt, now: planner.screen.now, timeZone: planner.screen.timeZone)
        #expect(planner.frame().contains("Answered online  " + when), "\(planner.frame())")
        #expect(!planner.frame().contains("Invited online"))
    }

    @Test("invited, no answer yet: \"Invited online  not answered yet\"")
    func invitedNotAnswered() async {
        let planner = await PlannerHarness([Self.dataset(invited: true)])
        await planner.press(.enter)
        #expect(planner.frame().contains("Invited online  not answered yet"), "\(planner.frame())")
        #expect(!planner.frame().contains("Answered online"))
    }

    @Test("no invitation: neither line")
    func notInvited() async {
        let planner = await PlannerHarness([Self.dataset(invited: false)])
        await planner.press(.enter)
        #expect(planner.frame().contains("Plus-one  Sam, coming"))
        #expect(!planner.frame().contains("online"))
    }
}
