import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("Presence in the planner")
@MainActor
struct PlannerPresenceTests {
    /// Puts another session of `name` on the planner's board (editing `subject`, if given) and
    /// has the planner read the board.
    @discardableResult
    func arrive(_ name: String, editing subject: PresenceSubject? = nil, in planner: PlannerHarness) async throws -> Presence {
        planner.clock.advance(by: .seconds(1))
        let presence = Presence(sessionID: UUID(), identity: PresenceIdentity(name: name, account: "\(name)@there", host: "there", pid: 9),
                                started: planner.clock.now(), lastHeartbeat: planner.clock.now(), editing: subject)
        try await planner.presence.announce(presence, in: planner.weddingID)
        await planner.session.presence?.refresh()
        return presence
    }

    func header(_ planner: PlannerHarness) -> String {
        String(planner.frame().split(separator: "\n", omittingEmptySubsequences: false)[0])
    }

    var anaSubject: PresenceSubject { PresenceSubject(.guest, id: Wedding1.ana, label: "Ana Alvarez") }

    @Test("the header names the other people here, and drops them when they leave")
    func headerShowsOthers() async throws {
        let planner = await PlannerHarness()
        #expect(!header(planner).contains("here"))
        let mei = try await arrive("Mei", in: planner)
        #expect(header(planner).contains("Mei here"))
        try await arrive("Sam", in: planner)
        #expect(header(planner).contains("Mei, Sam here"))
        try await arrive("Jo", in: planner)
        #expect(header(planner).contains("3 others here"))

        try await planner.presence.withdraw(mei.sessionID, from: planner.weddingID)
        await planner.session.presence?.refresh()
        #expect(header(planner).contains("Sam, Jo here"))
        #expect(!header(planner).contains("Mei"))
    }

    @Test("someone whose heartbeat stopped more than 90 s ago is no longer shown")
    func staleOthersLeaveTheHeader() async throws {
        let planner = await PlannerHarness()
        try await arrive("Mei", in: planner)
        planner.clock.advance(by: .seconds(91))
        await planner.session.presence?.refresh()
        #expect(!header(planner).contains("Mei"))
    }

    @Test("a hostile name is drawn sanitised")
    func hostileNameIsSanitised() async throws {
        let planner = await PlannerHarness()
        try await arrive("Mei\u{1B}[2J\u{202E}", editing: anaSubject, in: planner)
        let top = header(planner)
        #expect(top.contains("Mei") && top.contains("here"))
        #expect(!top.contains("\u{1B}") && !top.contains("\u{202E}"))
        await planner.press(.character("e"))
        #expect(!planner.frame().contains("\u{1B}"))
    }

    @Test("on a narrow terminal who is here shrinks to a count, and gives way to the wedding's name")
    func narrowHeader() async throws {
        let planner = await PlannerHarness(columns: 70)
        try await arrive("Mei", in: planner)
        try await arrive("Sam", in: planner)
        let top = header(planner)
        #expect(top.hasSuffix("Ana & Ben · 170 days to go  +2 ● live"))
        planner.canvas.resize(to: CanvasSize(rows: 30, columns: 60))
        #expect(header(planner).hasSuffix("  Ana & Ben ● live"), "the name outlasts the days to go and who is here")
        #expect(!header(planner).contains("+2"))
    }

    @Test("opening a guest's form announces it; a form on a guest another session edits says so; closing clears it")
    func editingThisGuest() async throws {
        let planner = await PlannerHarness()
        let presence = try #require(planner.session.presence)
        try await arrive("Mei", editing: anaSubject, in: planner)
        #expect(!planner.frame().contains("is editing"))

        await planner.press(.character("e"))
        let form = planner.frame()
        #expect(form.contains("┌─ Edit Ana Alvarez ─"))
        #expect(form.contains("Mei is editing this guest"))
        await presence.beat()
        let mine = try #require(planner.presence.entries(in: planner.weddingID).first { $0.sessionID == presence.sessionID })
        #expect(mine.editing?.isSameRecord(as: anaSubject) == true)
        #expect(mine.name == "Me")

        await planner.press(.escape)
        #expect(!planner.frame().contains("Edit Ana Alvarez"))
        await presence.beat()
        #expect(planner.presence.entries(in: planner.weddingID).first { $0.sessionID == presence.sessionID }?.editing == nil)
    }

    @Test("the details of a guest another session edits say so; another guest's form does not")
    func detailsAndOtherRecords() async throws {
        let planner = await PlannerHarness()
        try await arrive("Mei", editing: PresenceSubject(.guest, id: Wedding1.ben, label: "Ben Brown"), in: planner)
        await planner.press(.enter)
        #expect(planner.frame().contains("Ana Alvarez"))
        #expect(!planner.frame().contains("is editing"))
        await planner.press(.escape, .character("j"), .enter)
        #expect(planner.frame().contains("Mei is editing this guest"))
    }

    @Test("quitting withdraws this session at once")
    func closeWithdraws() async throws {
        let planner = await PlannerHarness()
        let presence = try #require(planner.session.presence)
        await presence.beat()
        #expect(planner.presence.entries(in: planner.weddingID).contains { $0.sessionID == presence.sessionID })
        await planner.screen.close()
        #expect(!planner.presence.entries(in: planner.weddingID).contains { $0.sessionID == presence.sessionID })
    }
}
