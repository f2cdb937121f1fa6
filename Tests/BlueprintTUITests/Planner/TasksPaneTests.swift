import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("Tasks pane")
@MainActor
struct TasksPaneTests {
    func opened() async -> PlannerHarness {
        let planner = await PlannerHarness()
        await planner.press(.character("4"))
        return planner
    }

    func storedTask(_ planner: PlannerHarness, _ id: UUID) async throws -> WeddingTask? {
        try await planner.stored { $0.tasks[id] }
    }

    @Test("by due date, with priority markers; an open task past its date is marked overdue, a closed one is not")
    func list() async throws {
        let planner = await opened()
        let rows = planner.rows
        #expect(rows[1].hasPrefix("4 tasks  1 overdue  0 due within 7 days  1 in progress  1 completed"))
        #expect(rows[3].hasPrefix("  Book the venue"))
        #expect(rows[3].contains("2025-11-01         Completed   !!! urgent"))
        #expect(rows[4].hasPrefix("  Pick a photographer"))
        #expect(rows[4].contains("2025-12-01 OVERDUE Not started low"))
        #expect(rows[5].hasPrefix("▸ Order the cake"))
        #expect(rows[5].contains("!! high"))
        #expect(rows[5].hasSuffix("1/2"))
        let due = try #require(rows[4].range(of: "OVERDUE")).lowerBound.utf16Offset(in: rows[4])
        #expect(planner.canvas.style(row: 4, column: due).role == .danger)
    }

    @Test("o expands a task's steps and Space ticks one; O expands every task; o again collapses")
    func subtasks() async throws {
        let planner = await opened()
        await planner.press(.character("j"), .character("j"), .character("o"))
        var rows = planner.rows
        #expect(rows[5].hasPrefix("▾ Order the cake"))
        #expect(rows[6].hasPrefix("    ☑ Taste cakes"))
        #expect(rows[7].hasPrefix("    ☐ Choose a flavour"))
        await planner.press(.character("j"), .character("j"), .character(" "))
        let cake = try #require(try await storedTask(planner, Wedding1.orderCake))
        #expect(cake.subtasks.allSatisfy { $0.isDone })
        #expect(planner.rows[7].hasPrefix("    ☑ Choose a flavour"))
        await planner.press(.character("o"))
        rows = planner.rows
        #expect(rows[5].hasPrefix("▸ Order the cake"))
        #expect(rows[6].hasPrefix("  Send invitations"))
        await planner.press(.character("O"))
        #expect(planner.rows[6].hasPrefix("    ☑ Taste cakes"))
    }

    @Test("Space completes a task and reopens it")
    func toggleDone() async throws {
        let planner = await opened()
        await planner.press(.character("j"), .character(" "))
        #expect(try await storedTask(planner, Wedding1.oldTask)?.status == .completed)
        #expect(planner.rows[1].hasPrefix("4 tasks  0 overdue"))
        await planner.press(.character(" "))
        #expect(try await storedTask(planner, Wedding1.oldTask)?.status == .notStarted)
    }

    @Test("v groups the tasks by status under headings")
    func grouped() async {
        let planner = await opened()
        await planner.press(.character("v"))
        let rows = planner.rows
        #expect(rows[3].hasPrefix("Not started (2)"))
        #expect(rows[4].hasPrefix("  Pick a photographer"))
        #expect(rows[5].hasPrefix("  Send invitations"))
        #expect(rows[6].hasPrefix("In progress (1)"))
        #expect(rows[8].hasPrefix("Completed (1)"))
        #expect(planner.statusRow.hasPrefix(" TASKS BY STATUS"))
    }

    @Test("f filters by status, priority and assignee")
    func filters() async {
        let planner = await opened()
        await planner.press(.character("f"), .tab, .tab, .right, .right)
        #expect(planner.session.tasks.visibleTasks.map(\.title) == ["Pick a photographer", "Order the cake", "Send invitations"])
        await planner.press(.backTab, .right, .right, .right)
        #expect(planner.session.tasks.visibleTasks.map(\.title) == ["Order the cake"])
        await planner.press(.enter)
        #expect(planner.statusRow.contains("high priority · for Ben · 1 of 4 tasks"))
    }

    @Test("/ finds tasks by their steps too; n moves on")
    func search() async {
        let planner = await opened()
        await planner.press(.character("/"))
        await planner.type("flavour")
        await planner.press(.enter)
        #expect(planner.statusRow.contains("1 match"))
        let pane = planner.screen.panes[4] as! TasksPane
        #expect(pane.selectedRow == 2)
    }

    @Test("a adds a task with a first step; a bad date is refused beside the field; the step can be deleted after asking")
    func addWithStep() async throws {
        let planner = await opened()
        await planner.press(.character("a"))
        await planner.type("Hire a photographer")
        await planner.press(.tab, .tab, .tab, .right, .tab)
        await planner.type("2026-02-30")
        await planner.press(.tab)
        await planner.type("Ana, Ben")
        await planner.press(.tab, .tab, .tab)
        await planner.type("Shortlist three")
        await planner.press(.enter)
        #expect(planner.frame().contains("'2026-02-30' is not a date (yyyy-mm-dd)"))
        await planner.press(.control("u"))
        await planner.type("2026-02-28")
        await planner.press(.enter)
        let added = try #require(try await planner.stored { $0.tasks.records.first { $0.title == "Hire a photographer" } })
        #expect(added.dueDate == Wedding1.date(2, 28))
        #expect(added.priority == .high)
        #expect(added.assignees == ["Ana", "Ben"])
        #expect(added.subtasks.map(\.title) == ["Shortlist three"])
        #expect(planner.frame().contains("    ☐ Shortlist three"))

        await planner.press(.character("j"), .character("d"))
        #expect(planner.frame().contains("Delete the step Shortlist three?"))
        await planner.press(.character("y"))
        #expect(try await storedTask(planner, added.id)?.subtasks.isEmpty == true)
    }

    @Test("Enter shows a task's details; d there asks before deleting it, with its steps")
    func deleteFromDetail() async throws {
        let planner = await opened()
        await planner.press(.character("j"), .character("j"), .enter)
        #expect(planner.frame().contains("Steps  [x] Taste cakes"))
        await planner.press(.character("d"))
        #expect(planner.frame().contains("Delete the task Order the cake? Its steps go too."))
        await planner.press(.character("y"))
        #expect(try await storedTask(planner, Wedding1.orderCake) == nil)
    }

    @Test("e on a step renames it; u puts the old name back")
    func renameStep() async throws {
        let planner = await opened()
        await planner.press(.character("j"), .character("j"), .character("o"), .character("j"), .character("e"))
        #expect(planner.frame().contains("Step of Order the cake"))
        await planner.press(.control("u"))
        await planner.type("Taste three cakes")
        await planner.press(.enter)
        #expect(try await storedTask(planner, Wedding1.orderCake)?.subtasks.first?.title == "Taste three cakes")
        await planner.press(.character("u"))
        #expect(try await storedTask(planner, Wedding1.orderCake)?.subtasks.first?.title == "Taste cakes")
    }
}
