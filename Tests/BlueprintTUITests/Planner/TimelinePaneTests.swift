import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("Timeline pane", .timeLimit(.minutes(5)))
@MainActor
struct TimelinePaneTests {
    func opened(_ keys: Key...) async -> PlannerHarness {
        let planner = await PlannerHarness()
        await planner.press(.character("5"))
        for key in keys { await planner.press(key) }
        return planner
    }

    /// The frame's row that shows `text`.
    func row(_ text: String, in planner: PlannerHarness) -> String? { planner.rows.first { $0.contains(text) } }

    /// Whether the row of the frame that shows `text` is drawn selected.
    func isSelected(_ text: String, in planner: PlannerHarness) -> Bool {
        guard let row = planner.rows.firstIndex(where: { $0.contains(text) }) else { return false }
        return planner.canvas.style(row: row, column: 0).isSelected
    }

    /// Whether the open form shows `message` beside the field labelled `label`, or on the line under it.
    func shows(_ message: String, at label: String, in planner: PlannerHarness) -> Bool {
        let rows = planner.rows
        guard let field = rows.firstIndex(where: { $0.contains("│ ") && $0.contains(" \(label)  ") }) else { return false }
        return rows[field].contains(message) || rows[field + 1].contains("↳ " + message)
    }

    @Test("the milestones by date: done marks, and the one past its date marked OVERDUE")
    func milestones() async throws {
        let planner = await opened()
        let rows = planner.rows
        #expect(rows[1].hasPrefix("▶ Milestones (5)   Run sheet (7)  1 overdue  2 clashes  v switches"))
        #expect(rows[2].hasPrefix("Done Milestone"))
        let titles = ["Save-the-dates sent", "Engagement party", "Invitations sent", "Final headcount to the caterer", "The wedding day"]
        for (offset, title) in titles.enumerated() { #expect(rows[3 + offset].contains(title), "\(title)") }
        #expect(rows[3].hasPrefix("☑") && rows[4].hasPrefix("☐"))
        #expect(rows[4].contains("2025-12-28 OVERDUE") && rows[4].contains("4 days overdue"))
        #expect(rows[5].contains("2026-01-05") && rows[5].contains("in 4 days") && !rows[5].contains("OVERDUE"))
        #expect(planner.statusRow.hasPrefix(" MILESTONES │ 5 milestones · 1 overdue"))
    }

    @Test("Space marks a milestone done, u takes it back; a adds one, refusing a bad date beside its field")
    func markAndAddMilestones() async throws {
        let planner = await opened(.character("j"))
        await planner.press(.character(" "))
        #expect(try await planner.stored { $0.milestones[Wedding1.engagementParty]?.isDone } == true)
        #expect(planner.statusRow.contains("Engagement party: done · u undoes"))
        #expect(!(row("Engagement party", in: planner) ?? "").contains("OVERDUE"))
        await planner.press(.character("u"))
        #expect(try await planner.stored { $0.milestones[Wedding1.engagementParty]?.isDone } == false)

        await planner.press(.character("a"), .tab)
        await planner.type("2026-13-01")
        await planner.press(.enter)
        #expect(shows("a milestone title is required", at: "Milestone", in: planner))
        #expect(shows("'2026-13-01' is not a date (yyyy-mm-dd)", at: "Date", in: planner))
        #expect(planner.statusRow.contains("Not saved: fix the problems shown"))
        // The focus went to the first field with a problem: the title.
        await planner.type("Cake tasting")
        await planner.press(.tab, .control("u"))
        await planner.type("2026-02-14")
        await planner.press(.enter)
        let stored = try await planner.stored { $0.milestones.records.first { $0.title == "Cake tasting" } }
        #expect(stored?.date == Wedding1.date(2, 14))
        #expect(isSelected("Cake tasting", in: planner))
    }

    @Test("the run sheet by day and time: start–end, what, where, who, vendor; each clash marked ! and explained under the table")
    func runSheet() async throws {
        let planner = await opened(.character("v"))
        let rows = planner.rows
        #expect(rows[2].hasPrefix("Time          What"))
        #expect(rows[3].hasPrefix("2026-06-19    1 item"))
        #expect(rows[4].hasPrefix("  18:00–20:00 Rehearsal dinner"))
        #expect(rows[5].hasPrefix("2026-06-20    Wedding day · 6 items"))
        #expect(rows[6].hasPrefix("  13:30–14:00 Guests arrive"))
        #expect(rows[7].hasPrefix("! 14:00–14:45 Ceremony") && rows[7].contains("Garden") && rows[7].contains("Ana, Ben, officiant"))
        #expect(rows[8].hasPrefix("! 14:30–15:00 Quartet warms up"))
        #expect(rows[9].hasPrefix("! 14:45–16:00 Drinks reception") && rows[9].contains("Grand Hall"))
        #expect(rows[10].hasPrefix("! 15:30–16:00 Hall walkthrough"))
        #expect(rows[11].hasPrefix("  16:30–18:30 Dinner and speeches"))
        #expect(planner.statusRow.hasPrefix(" RUN SHEET │ 7 items · 2 clashes"))
        #expect(rows[rows.count - 2].hasPrefix("2 clashes on the run sheet · c goes to the next"))

        await planner.press(.character("c"))
        #expect(planner.rows[planner.rows.count - 2].hasPrefix("! Clashes with Quartet warms up (14:30–14:45): both in Garden"))
        await planner.press(.character("c"), .character("c"))
        #expect(planner.rows[planner.rows.count - 2]
            .hasPrefix("! Clashes with Hall walkthrough (15:30–16:00): Grand Hall is needed in Terrace and in Main hall"))
        await planner.press(.enter)
        let detail = planner.rows
        let clash = try #require(detail.firstIndex { $0.contains("! Clashes  with Hall walkthrough (15:30–16:00)") })
        #expect(detail[clash + 1].contains("Grand Hall is needed in Terrace and in Main hall"))
    }

    @Test("a adds a run-sheet item, times refused beside their fields; e moves one and its clash goes; d asks, u restores")
    func editRunSheet() async throws {
        let planner = await opened(.character("v"), .character("G"))
        await planner.press(.character("a"))
        #expect(planner.rows.contains { $0.contains("Day") && $0.contains("2026-06-20") }, "on the day of the row selected")
        #expect(planner.rows.contains { $0.contains("Starts") && $0.contains("18:30") }, "starting when it ends")
        await planner.press(.tab, .tab)
        await planner.type("7pm")
        await planner.press(.tab)
        await planner.type("First dance")
        await planner.press(.enter)
        #expect(shows("'7pm' is not a time (HH:mm, 00:00 to 24:00)", at: "Ends", in: planner))
        // The focus went to the field with the problem.
        await planner.press(.control("u"))
        await planner.type("18:30")
        await planner.press(.enter)
        #expect(shows("the end (18:30) equals the start (18:30)", at: "Ends", in: planner))
        await planner.press(.control("u"))
        await planner.type("19:00")
        await planner.press(.enter)
        let added = try #require(try await planner.stored { $0.runSheet.records.first { $0.title == "First dance" } })
        #expect(added.start == Wedding1.time(18, 30) && added.end == Wedding1.time(19, 0) && added.day == Wedding1.date(6, 20))
        #expect(planner.rows.contains { $0.hasPrefix("  18:30–19:00 First dance") })

        // The quartet starts when the ceremony ends: that clash goes.
        await planner.press(.character("g"), .character("c"), .character("j"), .character("e"), .tab, .control("u"))
        await planner.type("14:45")
        await planner.press(.tab, .control("u"))
        await planner.type("15:15")
        await planner.press(.enter)
        #expect(try await planner.stored { $0.runSheet[Wedding1.quartet]?.start } == Wedding1.time(14, 45))
        #expect(planner.statusRow.hasPrefix(" RUN SHEET │ 8 items · 1 clash"))
        #expect(planner.rows.contains { $0.hasPrefix("  14:00–14:45 Ceremony") })

        await planner.press(.character("d"))
        #expect(HintedScreens.shown(planner.rows).contains("Delete the run-sheet item Quartet warms up?"))
        await planner.press(.enter)
        #expect(try await planner.stored { $0.runSheet[Wedding1.quartet] } != nil, "Enter cancels by default")
        await planner.press(.character("d"), .character("y"))
        #expect(try await planner.stored { $0.runSheet[Wedding1.quartet] } == nil)
        await planner.press(.character("u"))
        #expect(try await planner.stored { $0.runSheet[Wedding1.quartet]?.title } == "Quartet warms up")
    }

    @Test("a milestone another session adds shows at once, in its place by date")
    func liveChange() async throws {
        let planner = await opened()
        let fitting = Milestone(title: "Dress fitting", date: Wedding1.date(3, 1), createdAt: Wedding1.start)
        planner.holdsMessages = true
        await planner.host.simulateExternalWrite(planner.weddingID, [.save(fitting)])
        #expect(!planner.frame().contains("Dress fitting"), "shown before its message was handled")
        await planner.handleMessages { planner.session.timeline.milestone(fitting.id) != nil }
        let rows = planner.rows
        let fittingRow = try #require(rows.firstIndex { $0.contains("Dress fitting") })
        #expect(rows[fittingRow - 1].contains("Invitations sent") && rows[fittingRow + 1].contains("Final headcount"))
        #expect(planner.statusRow.contains("Updated from another session: milestones"))
    }
}
