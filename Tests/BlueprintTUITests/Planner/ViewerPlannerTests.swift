import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Testing

/// A wedding shared with you as a viewer: you can look, not change, and the planner says so.
@Suite("Planner for a viewer", .timeLimit(.minutes(5)))
@MainActor
struct ViewerPlannerTests {
    private static let viewer = WeddingAccess(role: .viewer, owner: "mei")
    private static let refusal = "mei shared this wedding with you as a viewer: you can look, not change"

    @Test("the header says view only; an owner's does not")
    func header() async {
        let viewer = await PlannerHarness(access: Self.viewer)
        #expect(viewer.session.access == Self.viewer)
        #expect(viewer.rows[0].contains("view only"), "\(viewer.rows[0])")
        let owner = await PlannerHarness()
        #expect(!owner.rows[0].contains("view only"), "\(owner.rows[0])")
    }

    @Test("every key that changes data is refused with the reason before anything is sent: no form opens, nothing is written")
    func keysRefused() async throws {
        let planner = await PlannerHarness(access: Self.viewer)
        let before = try await planner.storedGuests()
        await planner.press(.character("1"))
        for key in ["a", "e", "d", " ", "u"] {
            await planner.press(.character(Character(key)))
            #expect(planner.statusRow.contains(Self.refusal), "\(key): \(planner.statusRow)")
            #expect(planner.screen.overlays.isEmpty, "\(key) opened an overlay")
        }
        for pane in ["3", "4", "5", "7"] {
            await planner.press(.character(Character(pane)), .character("a"))
            #expect(planner.statusRow.contains("mei shared this wedding with you as a viewer"), "pane \(pane): \(planner.statusRow)")
            #expect(planner.screen.overlays.isEmpty)
        }
        // Looking still works: moving and opening a record's details; its edit keys are refused.
        await planner.press(.character("1"), .character("j"), .enter)
        #expect(planner.screen.overlays.count == 1)
        let footer = try #require(planner.rows.last { $0.contains("└") && $0.contains("closes") })
        #expect(!footer.contains("edits") && !footer.contains("deletes") && !footer.contains("writes a note"),
                "a viewer is not offered what would be refused: \(footer)")
        for key in ["e", "d"] {
            await planner.press(.character(Character(key)))
            #expect(planner.statusRow.contains(Self.refusal), "details, \(key): \(planner.statusRow)")
            #expect(planner.screen.overlays.count == 1 && planner.screen.overlays.first is DetailOverlay)
        }
        #expect(try await planner.storedGuests() == before)
        #expect(await planner.host.writesReceived == 0)
    }

    @Test("a store intent of a viewer's session is refused before it reaches the host, in words")
    func storeRefuses() async throws {
        let planner = await PlannerHarness(access: Self.viewer)
        let guest = try #require(planner.session.guests.visibleGuests.first)
        let outcome = await planner.session.guests.setRSVP(.declined, for: guest.id)
        #expect(outcome == .failed(.repository(.notPermitted(Self.refusal))))
        #expect(planner.session.guests.guest(guest.id) == guest)
        #expect(await planner.host.writesReceived == 0)
        #expect(try await planner.storedGuests().first { $0.id == guest.id } == guest)
    }

    @Test("a role taken down while the wedding is open: the refused change says why, and the header then says view only")
    func roleChangedMeanwhile() async throws {
        let planner = await PlannerHarness(columns: 140)
        #expect(!planner.rows[0].contains("view only"))
        await planner.host.grant(Self.viewer)
        let before = try await planner.storedGuests()
        await planner.press(.character("1"), .character(" "))
        #expect(planner.statusRow.contains("Not saved: \(Self.refusal)"), "\(planner.statusRow)")
        #expect(planner.rows[0].contains("view only"), "\(planner.rows[0])")
        #expect(try await planner.storedGuests() == before)
        await planner.press(.character(" "))
        #expect(planner.statusRow.contains(Self.refusal) && !planner.statusRow.contains("Not saved"), "\(planner.statusRow)")
    }

    @Test("opened from a local copy while the database was still being reached: once it is live, the header says view only if the role says so")
    func roleReadAgainOnceLive() async throws {
        let planner = await PlannerHarness(columns: 140)
        planner.host.simulateConnection(.connecting)
        #expect(!planner.rows[0].contains("view only"))
        await planner.host.grant(Self.viewer)
        planner.holdsMessages = true
        planner.host.simulateConnection(.live)
        #expect(!planner.rows[0].contains("view only"), "said before the role read again was handled")
        await planner.handleMessages { planner.session.access == Self.viewer }
        #expect(planner.rows[0].contains("view only"), "\(planner.rows[0])")
    }
}
