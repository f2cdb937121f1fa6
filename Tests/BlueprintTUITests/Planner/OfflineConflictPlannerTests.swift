import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import BlueprintTestDoubles
import Foundation
import Testing

/// Edits made offline that the database refused once it answered, because someone changed the
/// same records first: the planner offers each in the conflict dialog, and nothing is lost
/// until you choose.
@Suite("Planner: edits made offline that conflict", .timeLimit(.minutes(5)))
@MainActor
struct OfflineConflictPlannerTests {
    /// "mei changed <name>'s phone", made offline five minutes before the harness's now.
    private static func edit(of name: String) -> ActivityEntry {
        let summary = ActivitySummary(
            changes: [ActivityChange(kind: .guest, id: UUID(), name: name, write: .changed, fields: ["phone"])],
            counts: [ActivityCount(kind: .guest, write: .changed, count: 1, followed: false)])
        return ActivityEntry(at: Timestamp(millisecondsSince1970: Wedding1.start.millisecondsSince1970 - 300_000), author: "mei",
                             operation: "update guest", summary: summary)
    }

    /// The dialog's words, its wrapped lines joined again (the rows between its side borders).
    private func dialog(_ planner: PlannerHarness) -> String {
        planner.rows.compactMap { row -> String? in
            guard let left = row.firstIndex(of: "│"), let right = row.lastIndex(of: "│"), left < right else { return nil }
            return row[row.index(after: left)..<right].trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    @Test("a conflict found on reconnecting opens the dialog at once, saying what your edit did; keep yours settles it")
    func keepYours() async throws {
        let conflicts = InMemoryOfflineConflicts()
        let planner = await PlannerHarness(offlineConflicts: conflicts)
        #expect(planner.screen.overlays.isEmpty)
        let edit = Self.edit(of: "Ana Ruiz")
        let redraws = planner.redrawRequests
        planner.holdsMessages = true
        conflicts.add(edit)
        #expect(planner.screen.overlays.isEmpty, "offered before its message was handled")
        await planner.handleMessages { !planner.screen.overlays.isEmpty }
        #expect(planner.redrawRequests > redraws, "found behind the screen, the dialog asks to be drawn: no key comes to draw it")
        let shown = dialog(planner)
        #expect(planner.screen.overlays.first is OfflineConflictOverlay)
        #expect(planner.rows.contains { $0.contains("┌─ Edit conflict ─") })
        #expect(shown.contains("mei changed Ana Ruiz's phone (5 min ago)"), "\(shown)")
        #expect(shown.contains("Keep yours") && shown.contains("Take theirs") && shown.contains("Later"), "\(shown)")
        await planner.press(.character("o"))
        #expect(conflicts.settled.map(\.keptYours) == [true])
        #expect(conflicts.settled.map(\.edit) == [edit])
        #expect(planner.statusRow.contains("Kept your offline edit over theirs"), "\(planner.statusRow)")
        #expect(planner.screen.overlays.isEmpty)
    }

    @Test("a conflict kept without its notice reaching the planner is offered once the link goes live again")
    func offeredWhenLive() async throws {
        let conflicts = InMemoryOfflineConflicts()
        let planner = await PlannerHarness(offlineConflicts: conflicts)
        let redraws = planner.redrawRequests
        planner.holdsMessages = true
        conflicts.add(Self.edit(of: "Ana Ruiz"), announced: false)
        planner.host.simulateConnection(.reconnecting)
        await planner.handleMessages { planner.redrawRequests > redraws }
        #expect(planner.screen.overlays.isEmpty, "nothing says there is one yet")
        planner.holdsMessages = true
        planner.host.simulateConnection(.live)
        #expect(planner.screen.overlays.isEmpty, "offered before its message was handled")
        await planner.handleMessages { !planner.screen.overlays.isEmpty }
        #expect(planner.screen.overlays.first is OfflineConflictOverlay)
        #expect(dialog(planner).contains("mei changed Ana Ruiz's phone"), "\(dialog(planner))")
    }

    @Test("found while a form is open: the status line says so; :conflicts offers it; later keeps it; take theirs drops yours")
    func laterAndTakeTheirs() async throws {
        let conflicts = InMemoryOfflineConflicts()
        let planner = await PlannerHarness(offlineConflicts: conflicts)
        await planner.press(.character("1"), .character("a"))
        #expect(planner.screen.overlays.first is FormOverlay)
        planner.holdsMessages = true
        conflicts.add(Self.edit(of: "Ana Ruiz"))
        conflicts.add(Self.edit(of: "Bo Ek"))
        #expect(!planner.statusRow.contains("made offline"), "said before its message was handled")
        await planner.handleMessages { planner.statusRow.contains(":conflicts settles them") }
        #expect(planner.statusRow.contains("2 edits made offline conflict with changes made since"), "\(planner.statusRow)")
        #expect(planner.screen.overlays.count == 1, "the form is not covered")

        await planner.press(.escape, .character(":"))
        await planner.type("conflicts")
        await planner.press(.enter)
        #expect(dialog(planner).contains("mei changed Ana Ruiz's phone"))
        #expect(dialog(planner).contains("1 of 2"))
        await planner.press(.escape)
        #expect(planner.screen.overlays.isEmpty)
        #expect(conflicts.settled.isEmpty, "later settles nothing")

        await planner.press(.character(":"))
        await planner.type("conflicts")
        await planner.press(.enter, .character("r"))
        #expect(conflicts.settled.map(\.keptYours) == [false])
        #expect(planner.statusRow.contains("Took theirs; your offline edit is dropped"), "\(planner.statusRow)")
        #expect(!planner.screen.overlays.isEmpty)
        #expect(dialog(planner).contains("mei changed Bo Ek's phone"), "the next one is offered")
    }

    @Test(":conflicts with none says everything typed offline has reached the database")
    func noneLeft() async throws {
        let planner = await PlannerHarness(offlineConflicts: InMemoryOfflineConflicts())
        await planner.press(.character(":"))
        await planner.type("conflicts")
        await planner.press(.enter)
        #expect(planner.screen.overlays.isEmpty)
        #expect(planner.statusRow.contains("No edit made offline conflicts"), "\(planner.statusRow)")
    }

    @Test("a hostile name in the edit is drawn neutralised")
    func hostileName() async throws {
        let conflicts = InMemoryOfflineConflicts()
        let planner = await PlannerHarness(offlineConflicts: conflicts)
        planner.holdsMessages = true
        conflicts.add(Self.edit(of: "Ana\u{1B}[2J\u{07}Ruiz"))
        await planner.handleMessages { !planner.screen.overlays.isEmpty }
        let shown = dialog(planner)
        #expect(!shown.contains("\u{1B}") && !shown.contains("\u{07}"))
        #expect(shown.contains("Ana"))
    }
}
