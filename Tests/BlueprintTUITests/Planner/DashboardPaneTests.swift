import BlueprintDemo
import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("Dashboard pane")
@MainActor
struct DashboardPaneTests {
    func opened() async -> PlannerHarness {
        let planner = await PlannerHarness()
        await planner.press(.character("0"))
        return planner
    }

    /// Whether the row of the frame that shows `text` is drawn selected.
    func isSelected(_ text: String, in planner: PlannerHarness) -> Bool {
        guard let row = planner.rows.firstIndex(where: { $0.contains(text) }) else { return false }
        return planner.canvas.style(row: row, column: 0).isSelected
    }

    @Test("it lists what needs the couple now, section by section, and says what is late without colour")
    func sections() async throws {
        let planner = await opened()
        let rows = planner.rows
        #expect(rows[1].hasPrefix("170 days to go (2026-06-20)  $700.00 overdue  $3,000.00 due in 30 days"))
        let expected = [
            "Overdue tasks (1)", "! Pick a photographer", "Tasks due within 7 days: none",
            "Payments due or overdue (2)", "! Bridal bouquet", "  Venue deposit (installment)",
            "Replies", "  4/7 replied, 3 attending",
            "Next milestones (4)", "! Engagement party", "  Invitations sent", "  Final headcount to the caterer", "  The wedding day",
            "Gifts", "  1 thank-you to write",
            "Vendors to book (3)", "  Catering: none booked", "  Photography: none booked", "  Officiant: none booked",
        ]
        let listed = try #require(rows.firstIndex { $0.hasPrefix("Overdue tasks") })
        for (offset, start) in expected.enumerated() {
            #expect(rows[listed + offset].hasPrefix(start), "\(start)")
        }
        #expect(rows[listed + 1].contains("2025-12-01") && rows[listed + 1].contains("31 days overdue"))
        #expect(rows[listed + 4].hasSuffix("$700.00") && rows[listed + 4].contains("12 days overdue"))
        #expect(rows[listed + 7].contains("2026-04-01") && rows[listed + 7].contains("deadline in 90 days"))
        #expect(rows[listed + 10].contains("in 4 days"))
        #expect(planner.statusRow.hasPrefix(" DASHBOARD │ as of 2026-01-01 · 12 items"))
        #expect(isSelected("Pick a photographer", in: planner), "the first item is selected, not its heading")
    }

    @Test("a dashboard longer than the screen opens at its top: the first heading in view, its first item selected")
    func longDashboard() async throws {
        let demo = try DemoWeddingGenerator.make(DemoWeddingOptions(today: Wedding1.today, guests: 60, seed: 5))
        let planner = await PlannerHarness([demo], rows: 24, columns: 80)
        await planner.press(.character("0"))
        let rows = planner.rows
        #expect(rows[2].hasPrefix("What needs you"))
        let first = try #require(DashboardRow.Section.allCases.first { section in
            rows[3].hasPrefix(section.title)
        }, "\(rows[3])")
        #expect(!rows[3].contains(": none"), "\(first.title) has an item")
        #expect(planner.canvas.style(row: 4, column: 0).isSelected)
        #expect(!planner.canvas.style(row: 3, column: 0).isSelected)
    }

    @Test("Enter on a dashboard item opens the record it names in its pane")
    func enterOpensTheNamedRecord() async throws {
        let planner = await opened()

        // The overdue task: the tasks pane, the task selected.
        await planner.press(.enter)
        #expect(planner.screen.activePane == 4)
        let tasks = try #require(planner.screen.panes[4] as? TasksPane)
        #expect(tasks.rows[try #require(tasks.selectedRow)].task?.id == Wedding1.oldTask)
        #expect(isSelected("Pick a photographer", in: planner))

        // Down past the empty section's heading to the overdue payment: the budget, its expense selected.
        await planner.press(.character("0"), .character("j"))
        #expect(isSelected("! Bridal bouquet", in: planner))
        await planner.press(.enter)
        #expect(planner.screen.activePane == 2)
        #expect(planner.statusRow.hasPrefix(" EXPENSES │ "))
        let budget = try #require(planner.screen.panes[2].searchTarget)
        #expect(planner.session.budget.visibleExpenses[try #require(budget.selectedRow)].id == Wedding1.bouquet)

        // The replies: the guests still to answer.
        await planner.press(.character("0"), .character("j"), .character("j"))
        await planner.press(.enter)
        #expect(planner.screen.activePane == 1)
        #expect(Set(planner.session.guests.visibleGuests.map(\.id)) == [Wedding1.cleo, Wedding1.emi, Wedding1.hostile])
        #expect(planner.statusRow.contains("The guests still to answer · F shows everyone"))

        // The overdue milestone: the timeline's milestones, it selected.
        await planner.press(.character("0"), .character("j"))
        await planner.press(.enter)
        #expect(planner.screen.activePane == 5)
        #expect(planner.statusRow.hasPrefix(" MILESTONES │ "))
        #expect(isSelected("Engagement party", in: planner))
    }

    @Test("Enter on an essential vendor not booked: its vendors filtered, or with none the form to add one of that kind")
    func enterOnAnUnbookedCategory() async throws {
        let planner = await opened()
        await planner.press(.character("G"))
        #expect(isSelected("Officiant: none booked", in: planner))
        await planner.press(.character("k"), .enter)
        #expect(planner.screen.activePane == 3)
        let form = planner.rows
        #expect(form.contains { $0.contains("┌─ New vendor") })
        #expect(form.contains { $0.contains("Provides") && $0.contains("Photography") })
        await planner.press(.escape)

        #expect(await planner.session.vendors.create(Vendor(name: "Feast & Co", category: .catering, status: .quoted)) == .saved)
        #expect(await planner.session.vendors.create(Vendor(name: "Tapas Bar", category: .catering, status: .contacted)) == .saved)
        await planner.press(.character("0"), .character("G"), .character("k"), .character("k"), .enter)
        #expect(planner.screen.activePane == 3)
        #expect(planner.session.vendors.visibleVendors.map(\.name).sorted() == ["Feast & Co", "Tapas Bar"])
        #expect(planner.statusRow.contains("Catering: none booked yet · b books one, F shows all"))
        #expect(!planner.rows.contains { $0.contains("┌─") })
    }

    @Test("what is done elsewhere leaves the dashboard at once")
    func followsChanges() async throws {
        let planner = await opened()
        await planner.press(.character("4"), .character("j"), .character(" "))
        #expect(try await planner.stored { $0.tasks[Wedding1.oldTask]?.status } == .completed)
        await planner.press(.character("0"))
        let rows = planner.rows
        #expect(rows.contains { $0.hasPrefix("Overdue tasks: none") })
        #expect(!rows.contains { $0.contains("Pick a photographer") })
        #expect(isSelected("! Bridal bouquet", in: planner), "the selection moves to the next item")
    }

    @Test("u has nothing to take back on the dashboard, and it does not search")
    func noUndoNoSearch() async {
        let planner = await opened()
        await planner.press(.character("u"))
        #expect(planner.statusRow.contains("Nothing to undo in this pane"))
        await planner.press(.character("/"))
        #expect(planner.statusRow.contains("Nothing to search here"))
    }
}
