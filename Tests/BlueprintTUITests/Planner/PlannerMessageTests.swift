import BlueprintDomain
@testable import BlueprintStores
@testable import BlueprintTUI
import BlueprintTerminal
import Testing

/// Another session's change reaches the planner as a message in the app's inbox: nothing on
/// screen changes before the message's turn, and the frame after it shows the change and says
/// who made it.
@MainActor
@Suite("Planner messages in the inbox", .timeLimit(.minutes(1)))
struct PlannerMessageTests {
    @Test("another session's change waits for its turn: the frame before shows the old answer, the frame after the new one and who made it")
    func anotherSessionsChangeTakesItsTurn() async throws {
        let planner = await PlannerHarness()
        planner.holdsMessages = true
        #expect(planner.frame().contains("Attending"))
        try await planner.host.simulateExternalCommit(planner.weddingID, by: "Sam") { transaction in
            guard var ana = transaction.dataset.guests[Wedding1.ana] else { return }
            ana.rsvp = .declined
            try transaction.update(ana)
        }
        await planner.press(.character("j"), .character("k"))
        #expect(planner.session.guests.guest(Wedding1.ana)?.rsvp == .attending, "changed before its message was handled")

        let guests = planner.session.guests
        await planner.handleMessages { guests.guest(Wedding1.ana)?.rsvp == .declined }
        #expect(planner.statusRow.contains("Updated from another session: guests (by Sam)"))
        let anaRow = try #require(planner.rows.first { $0.contains("Ana Alvarez") })
        #expect(anaRow.contains("Declined"))
    }

    @Test("the database refusing this machine is said in the status line when its message is handled")
    func aRefusalIsSaid() async throws {
        let planner = await PlannerHarness()
        planner.screen.receive(.connection(.refused("role “mei” has no access")), in: planner.session)
        #expect(planner.lastMessage == "Read only, from this machine's copy: role “mei” has no access")
    }
}
