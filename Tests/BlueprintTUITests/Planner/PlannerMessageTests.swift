import BlueprintDomain
@testable import BlueprintStores
@testable import BlueprintTUI
import BlueprintTerminal
import Testing

/// Another session's change reaches the planner as a message in the app's inbox: nothing on
/// screen changes before the message's turn, and the frame after it shows the change and says
/// who made it. What an intent's background work shows (its report, a form closing, a conflict's
/// dialog) lands the same way: the store shows the change at once, the screen the rest in its turn.
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

    @Test("a household's answer from its RSVP page is said in words: who answered online, what, and when")
    func anOnlineAnswerIsSaid() async throws {
        let planner = await PlannerHarness()
        planner.holdsMessages = true
        #expect(planner.frame().contains("Attending"))
        try await planner.host.simulateExternalCommit(planner.weddingID, by: "guest: alvarez", operation: Invitation.answerOperation) { transaction in
            guard var ana = transaction.dataset.guests[Wedding1.ana] else { return }
            ana.rsvp = .declined
            try transaction.update(ana)
        }
        let guests = planner.session.guests
        await planner.handleMessages { guests.guest(Wedding1.ana)?.rsvp == .declined }
        #expect(planner.lastMessage == "Ana Alvarez answered online: not attending · just now")
    }

    @Test("the database refusing this machine is said in the status line when its message is handled")
    func aRefusalIsSaid() async throws {
        let planner = await PlannerHarness()
        planner.screen.receive(.connection(.refused("role “mei” has no access")), in: planner.session)
        #expect(planner.lastMessage == "Read only, from this machine's copy: role “mei” has no access")
    }

    /// Hands `planner` the messages held until `written` holds (the intent started has had its
    /// write answered), then, holding them again, waits for the intent's work to finish: what it
    /// shows is posted to the inbox and held there.
    private func finishIntent(_ planner: PlannerHarness, until written: @MainActor () -> Bool) async {
        await planner.handleMessages(until: written)
        planner.holdsMessages = true
        await planner.screen.settle()
    }

    @Test("an RSVP set with a key shows in the list at once; what it reports waits for its landing's turn")
    func anIntentsReportTakesItsTurn() async throws {
        let planner = await PlannerHarness()
        let guests = planner.session.guests
        planner.holdsMessages = true
        planner.start(.character("D"))
        #expect(guests.guest(Wedding1.ana)?.rsvp == .declined, "the store shows the change at once")
        #expect(try #require(planner.rows.first { $0.contains("Ana Alvarez") }).contains("Declined"))

        await finishIntent(planner, until: { guests.guest(Wedding1.ana)?.version == 2 })
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.ana }?.rsvp == .declined)
        #expect(!planner.statusRow.contains("Ana Alvarez: declined"), "reported before its landing was handled")
        await planner.handleMessages { planner.lastMessage.contains("Ana Alvarez: declined") }
        #expect(planner.statusRow.contains("Ana Alvarez: declined · u undoes"), "\(planner.statusRow)")
    }

    @Test("a form saved stays open, saving, until its landing's turn; then it closes and says what it saved")
    func aFormClosesInItsTurn() async throws {
        let planner = await PlannerHarness()
        let guests = planner.session.guests
        await planner.press(.character("e"), .tab, .control("u"))
        await planner.type("Ruiz")
        planner.holdsMessages = true
        planner.start(.enter)
        await finishIntent(planner, until: { guests.guest(Wedding1.ana)?.version == 2 })
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.ana }?.lastName == "Ruiz")
        #expect(planner.screen.overlays.first is FormOverlay, "closed before its landing was handled")
        await planner.handleMessages { planner.screen.overlays.isEmpty }
        #expect(!planner.frame().contains("┌─ Edit"))
        #expect(planner.statusRow.contains("· u undoes"), "\(planner.statusRow)")
    }

    @Test("an edit that lost to another session's opens the merge dialog in its landing's turn")
    func aConflictsDialogOpensInItsTurn() async throws {
        let planner = try await PlannerHarness.editingAnaWhileSavedElsewhere()
        let guests = planner.session.guests
        planner.holdsMessages = true
        planner.start(.enter)
        await finishIntent(planner, until: { guests.hasConflict })
        #expect(!planner.frame().contains("Edit conflict"), "the dialog opened before its landing was handled")
        await planner.handleMessages { planner.screen.overlays.last is MergeConflictOverlay }
        #expect(planner.frame().contains("┌─ Edit conflict ─"))
        #expect(planner.statusRow.hasPrefix(" CONFLICT"))
    }

    @Test(":weddings reads the weddings behind the screen; the list is said in its landing's turn")
    func aCommandsReportTakesItsTurn() async throws {
        let planner = await PlannerHarness([Wedding1.dataset(),
                                            Wedding1.dataset(id: WeddingID(Wedding1.uuid(101)), name: "Cleo & Dev")])
        await planner.press(.character(":"))
        await planner.type("weddings")
        planner.holdsMessages = true
        await planner.press(.enter)
        #expect(!planner.lastMessage.contains("2 weddings"), "reported before its landing was handled")
        await planner.handleMessages { planner.lastMessage.hasPrefix("2 weddings") }
        #expect(planner.statusRow.contains("2 weddings: "), "\(planner.statusRow)")
        #expect(planner.lastMessage.contains("Ana & Ben") && planner.lastMessage.contains("Cleo & Dev"), "\(planner.lastMessage)")
    }

    @Test(":wedding switches in its landing's turn, says the wedding is opening, and that it opened once it can be shown")
    func openingAnotherWeddingTakesItsTurn() async throws {
        let other = Wedding1.dataset(id: WeddingID(Wedding1.uuid(200)), name: "Cleo & Dev", extraGuests: 3)
        let planner = await PlannerHarness([Wedding1.dataset(), other])
        let first = planner.session
        await planner.press(.character(":"))
        await planner.type("wedding cleo & dev")
        planner.holdsMessages = true
        await planner.press(.enter)
        #expect(planner.session === first && !first.isClosed, "switched before its landing was handled")
        await planner.handleMessages { planner.screen.session !== first }
        #expect(first.isClosed)
        #expect(planner.rows[0].contains("Opening…"), "\(planner.rows[0])")
        #expect(planner.lastMessage == "Opening Cleo & Dev…")
        await planner.screen.settle()
        #expect(planner.lastMessage == "Opened Cleo & Dev")
        #expect(planner.rows[0].contains("Cleo & Dev"))
    }
}
