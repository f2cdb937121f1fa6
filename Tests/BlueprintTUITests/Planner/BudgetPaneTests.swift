import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("Budget pane")
@MainActor
struct BudgetPaneTests {
    func opened() async -> PlannerHarness {
        let planner = await PlannerHarness()
        await planner.press(.character("2"))
        return planner
    }

    func storedExpense(_ planner: PlannerHarness, _ id: UUID) async throws -> Expense? {
        try await planner.stored { $0.expenses[id] }
    }

    @Test("the summary: total, allocated, committed, paid, remaining, due in 30 days, overdue, and who is over budget")
    func summary() async {
        let planner = await opened()
        let rows = planner.rows
        #expect(rows[1].hasPrefix("$20,000.00 total  $10,000.00 allocated  $9,400.00 committed  $3,000.00 paid  $10,600.00 remaining"))
        #expect(rows[2].hasPrefix("$3,000.00 due in 30 days  $700.00 overdue  OVER BUDGET: Flowers"))
        #expect(planner.statusRow.hasPrefix(" BUDGET │ 3 categories, 1 over budget · Flowers: 1 expense"))
    }

    @Test("at 80 columns every figure of the summary shows, wrapped between figures, none cut")
    func summaryAt80Columns() async {
        let planner = await PlannerHarness(rows: 24, columns: 80)
        await planner.press(.character("2"))
        let summary = planner.rows[1...3].joined(separator: "\n")
        for figure in ["$20,000.00 total", "$10,000.00 allocated", "$9,400.00 committed", "$3,000.00 paid", "$10,600.00 remaining",
                       "$3,000.00 due in 30 days", "$700.00 overdue", "OVER BUDGET: Flowers"] {
            #expect(summary.contains(figure), "\(figure)")
        }
        #expect(!summary.contains("…"))
        #expect(planner.rows[4].hasPrefix("Category"))
    }

    @Test("over-budget categories that do not fit on a line are counted, not cut")
    func manyOverBudget() async {
        var dataset = Wedding1.dataset()
        dataset.categories.upsert(BudgetCategory(id: Wedding1.venue, name: "Venue for the ceremony and the reception",
                                                 allocated: Wedding1.money(100), createdAt: Wedding1.start))
        dataset.categories.upsert(BudgetCategory(id: Wedding1.music, name: "Music and dancing all night long",
                                                 allocated: Wedding1.money(100), createdAt: Wedding1.start))
        let planner = await PlannerHarness([dataset], rows: 16, columns: 60)
        await planner.press(.character("2"))
        let line = planner.rows.first { $0.contains("OVER BUDGET") } ?? ""
        #expect(line == "OVER BUDGET: Venue for the ceremony and the rece… and 2 more", "\(line)")
        planner.canvas.resize(to: CanvasSize(rows: 24, columns: 120))
        let wide = planner.rows.first { $0.contains("OVER BUDGET") } ?? ""
        #expect(wide.hasPrefix("$700.00 overdue  OVER BUDGET: Venue for the ceremony and the reception, Flowers, Music and dancing all"),
                "\(wide)")
    }

    @Test("an over-budget category is unmistakable: in words, in the danger colour, and bold and underlined without colour")
    func overBudget() async throws {
        let planner = await opened()
        let rows = planner.rows
        let flowers = try #require(rows.firstIndex { $0.hasPrefix("Flowers") })
        #expect(rows[flowers].contains("$500.00     $700.00   OVER -$200.00"))
        #expect(rows[flowers].contains("!"))
        #expect(planner.canvas.style(row: flowers, column: 0) == TextStyle.danger.selected)
        let music = try #require(rows.firstIndex { $0.hasPrefix("Music") })
        #expect(planner.canvas.style(row: music, column: 0) == .normal)
        #expect(Theme(capability: .ansi16).cellStyle(for: .danger).foreground == .red)
        let monochrome = planner.canvas.attributeMap(theme: Theme(capability: .monochrome)).split(separator: "\n", omittingEmptySubsequences: false)
        let remaining = try #require(rows[flowers].range(of: "OVER")).lowerBound.utf16Offset(in: rows[flowers])
        let bits = try #require(Int(String(Array(monochrome[flowers])[remaining]), radix: 16))
        #expect(bits & 1 != 0 && bits & 4 != 0, "bold and underline: \(bits)")
        #expect(Array(monochrome[music]).allSatisfy { $0 == " " || $0 == "8" }, "plain, or dim for the paid figure")
    }

    @Test("Enter shows the category's expenses; v and Esc go back; the status line follows")
    func focus() async {
        let planner = await opened()
        await planner.press(.character("j"), .character("j"), .enter)
        #expect(planner.statusRow.hasPrefix(" EXPENSES │ 3 categories, 1 over budget · Venue: 1 expense"))
        let frame = planner.frame()
        #expect(frame.contains("▶ Expenses · Venue"))
        #expect(frame.contains("Venue deposit     Grand Hall      $6,000.00   $3,000.00 2026-01-20 Part paid $3,000 of $6,000 paid"))
        await planner.press(.escape)
        #expect(planner.statusRow.hasPrefix(" BUDGET"))
        await planner.press(.character("v"))
        #expect(planner.statusRow.hasPrefix(" EXPENSES"))
    }

    @Test("an overdue expense's date is in the danger style")
    func overdueExpense() async throws {
        let planner = await opened()
        let rows = planner.rows
        let bouquet = try #require(rows.firstIndex { $0.hasPrefix("Bridal bouquet") })
        let due = try #require(rows[bouquet].range(of: "2025-12-20")).lowerBound.utf16Offset(in: rows[bouquet])
        #expect(planner.canvas.style(row: bouquet, column: due).role == .danger)
    }

    @Test("a adds an expense to the category in view; p marks it paid; u takes that back")
    func addAndPay() async throws {
        let planner = await opened()
        await planner.press(.character("j"), .enter, .character("a"))
        #expect(planner.frame().contains("┌─ New expense ─"))
        await planner.type("DJ deposit")
        await planner.press(.tab, .tab, .tab)
        await planner.type("300")
        await planner.press(.tab)
        await planner.type("2026-02-01")
        await planner.press(.enter)
        let added = try #require(try await planner.stored { $0.expenses.records.first { $0.name == "DJ deposit" } })
        #expect(added.categoryID == Wedding1.music)
        #expect(added.amount == Money(minorUnits: 30_000))
        #expect(added.dueDate == Wedding1.date(2, 1))
        #expect(planner.frame().contains("DJ deposit"))

        await planner.press(.character("p"))
        #expect(try await storedExpense(planner, added.id)?.paymentStatus == .paid)
        #expect(planner.statusRow.contains("DJ deposit is paid"))
        await planner.press(.character("u"))
        #expect(try await storedExpense(planner, added.id)?.paymentStatus == .pending)
    }

    @Test("i records an installment, paid today by default; one that overshoots the amount is refused beside the field")
    func installments() async throws {
        let planner = await opened()
        await planner.press(.character("j"), .enter, .character("i"))
        #expect(planner.frame().contains("┌─ Installment of Band ─"))
        await planner.press(.control("u"))
        await planner.type("1300")
        await planner.press(.enter)
        #expect(planner.frame().contains("the installments add up to more than the expense amount"))
        await planner.press(.control("u"))
        await planner.type("400")
        await planner.press(.enter)
        let band = try #require(try await storedExpense(planner, Wedding1.band))
        #expect(band.installments.count == 1)
        #expect(band.installments[0].amount == Money(minorUnits: 40_000))
        #expect(band.installments[0].paidDate == Wedding1.today)
        #expect(planner.frame().contains("Part paid $400 of $1,200 paid"))
    }

    @Test("I edits an expense's installments: a changed amount is saved, an emptied one deleted, u undoes")
    func editInstallments() async throws {
        let planner = await opened()
        await planner.press(.character("j"), .character("j"), .enter, .character("I"))
        #expect(planner.frame().contains("Installments of Venue deposit"))
        await planner.press(.tab, .tab, .tab, .control("u"))
        await planner.type("2500")
        await planner.press(.enter)
        var deposit = try #require(try await storedExpense(planner, Wedding1.venueDeposit))
        #expect(deposit.installments.map(\.amount) == [Money(minorUnits: 300_000), Money(minorUnits: 250_000)])
        await planner.press(.character("I"), .control("u"), .enter)
        deposit = try #require(try await storedExpense(planner, Wedding1.venueDeposit))
        #expect(deposit.installments.map(\.id) == [Wedding1.depositSecond])
        await planner.press(.character("u"))
        deposit = try #require(try await storedExpense(planner, Wedding1.venueDeposit))
        #expect(deposit.installments.map(\.id) == [Wedding1.depositFirst, Wedding1.depositSecond])
    }

    @Test("P marks one installment paid, or not paid, or deletes it, each undone with u; I and P work from the details too")
    func changeOneInstallment() async throws {
        let planner = await opened()
        await planner.press(.character("j"), .character("j"), .enter, .character("P"))
        #expect(planner.frame().contains("┌─ An installment of Venue deposit ─"))
        #expect(planner.frame().contains("Installment  ◂ 2. $3,000.00 due 2026-01-20 ▸"), "the first unpaid one is chosen")
        await planner.press(.enter)
        var deposit = try #require(try await storedExpense(planner, Wedding1.venueDeposit))
        #expect(deposit.installments.map(\.paidDate) == [Wedding1.date(1, 1), Wedding1.today])
        #expect(deposit.standing(today: Wedding1.today) == .paid)
        #expect(planner.statusRow.contains("Venue deposit: $3,000.00 paid · u undoes"), "\(planner.statusRow)")
        await planner.press(.character("u"))
        deposit = try #require(try await storedExpense(planner, Wedding1.venueDeposit))
        #expect(deposit.installments.map(\.paidDate) == [Wedding1.date(1, 1), nil])

        await planner.press(.character("P"), .left, .tab, .right, .enter)
        deposit = try #require(try await storedExpense(planner, Wedding1.venueDeposit))
        #expect(deposit.installments.map(\.paidDate) == [nil, nil])
        #expect(deposit.paid == .zero, "nothing counts as paid once its one paid installment is not")
        #expect(planner.statusRow.contains("Venue deposit: $3,000.00 no longer paid · u undoes"), "\(planner.statusRow)")

        await planner.press(.enter)
        #expect(planner.frame().contains("I edits them; P marks one paid or not, or deletes it"))
        await planner.press(.character("P"), .tab, .right, .right, .enter)
        deposit = try #require(try await storedExpense(planner, Wedding1.venueDeposit))
        #expect(deposit.installments.map(\.id) == [Wedding1.depositSecond])
        #expect(planner.statusRow.contains("Venue deposit: $3,000.00 installment deleted · u undoes"), "\(planner.statusRow)")
        await planner.press(.character("u"))
        deposit = try #require(try await storedExpense(planner, Wedding1.venueDeposit))
        #expect(deposit.installments.map(\.id) == [Wedding1.depositFirst, Wedding1.depositSecond])

        await planner.press(.enter, .character("I"))
        #expect(planner.frame().contains("┌─ Installments of Venue deposit ─"))
        #expect(HelpOverlay(keymap: planner.screen.keymap).lines.contains { $0.keys.string == "P" && $0.text.string.hasPrefix("Mark one installment") })
    }

    @Test("the status filter chooses by what the money says: a pending expense past its date is overdue")
    func statusFilterFollowsTheMoney() async {
        let planner = await opened()
        await planner.press(.enter, .character("f"), .right, .enter)
        #expect(planner.session.budget.visibleExpenses.map(\.name) == ["Bridal bouquet"])
        #expect(planner.statusRow.contains("Flowers: 1 expense (overdue)"), "\(planner.statusRow)")
        await planner.press(.character("f"), .right, .enter)
        #expect(planner.session.budget.visibleExpenses.isEmpty, "nothing of it is merely due")
    }

    @Test("a category's amount is checked as money; the message sits beside the field")
    func categoryForm() async throws {
        let planner = await opened()
        await planner.press(.character("a"))
        await planner.type("Stationery")
        await planner.press(.tab)
        await planner.type("twelve")
        await planner.press(.enter)
        #expect(planner.frame().contains("'twelve' is not an amount"))
        await planner.press(.control("u"))
        await planner.type("$1,250.50")
        await planner.press(.enter)
        let added = try #require(try await planner.stored { $0.categories.records.first { $0.name == "Stationery" } })
        #expect(added.allocated == Money(minorUnits: 125_050))
    }

    @Test("deleting a category that has expenses asks where they move, moves them in one undo step; an expense is deleted after asking")
    func deleting() async throws {
        let planner = await opened()
        await planner.press(.character("d"))
        #expect(planner.frame().contains("Delete Flowers: move its 1 expense to"))
        await planner.press(.enter)
        #expect(try await planner.stored { $0.categories.count } == 2)
        #expect(try await storedExpense(planner, Wedding1.bouquet)?.categoryID == Wedding1.music)
        await planner.press(.character("u"))
        #expect(try await planner.stored { $0.categories.count } == 3)
        #expect(try await storedExpense(planner, Wedding1.bouquet)?.categoryID == Wedding1.flowers)
        await planner.press(.enter, .character("d"))
        #expect(planner.frame().contains("Delete the expense Bridal bouquet?"))
        await planner.press(.character("y"))
        #expect(try await storedExpense(planner, Wedding1.bouquet) == nil)
    }

    @Test("the form asking where a category's expenses go shows its whole question at 100 and at 80 columns", arguments: [100, 80])
    func moveExpensesFormFits(columns: Int) async throws {
        var dataset = Wedding1.dataset()
        var flowers = dataset.categories[Wedding1.flowers]!
        flowers.name = "Ceremony & reception flowers"
        dataset.categories.upsert(flowers)
        for number in 1...11 {
            dataset.expenses.upsert(Expense(id: Wedding1.uuid(500 + number), name: "Buttonhole \(number)", categoryID: Wedding1.flowers,
                                            amount: Wedding1.money(10), createdAt: Wedding1.start))
        }
        let planner = await PlannerHarness([dataset], rows: 24, columns: columns)
        await planner.press(.character("2"), .character("d"))
        let rows = planner.rows
        let title = "Delete Ceremony & reception flowers: move its 12 expenses to"
        let top = try #require(rows.firstIndex { $0.contains("┌─ " + title + " ─") }, "\(planner.frame())")
        let bottom = try #require(rows[top...].firstIndex { $0.contains("└") })
        #expect(rows[top...bottom].contains { $0.contains("Move to  ◂ Music ▸") }, "\(planner.frame())")
        #expect(!rows[top...bottom].contains { $0.contains("…") }, "nothing of the form is cut: \(planner.frame())")
    }

    @Test("Enter on an expense shows its installments")
    func detail() async {
        let planner = await opened()
        await planner.press(.character("j"), .character("j"), .enter, .enter)
        let frame = planner.frame()
        #expect(frame.contains("Installments  $3,000.00 due 2026-01-10 · paid 2026-01-01"))
        #expect(frame.contains("$3,000.00 due 2026-01-20 · not paid"))
        #expect(frame.contains("Still to pay  $3,000.00"))
    }

    @Test("d in an expense's details asks before deleting it; cancel keeps it")
    func deleteFromDetail() async throws {
        let planner = await opened()
        await planner.press(.enter, .enter)
        #expect(planner.frame().contains("d deletes"))
        await planner.press(.character("d"))
        #expect(planner.frame().contains("Delete the expense Bridal bouquet?"))
        await planner.press(.enter)
        #expect(try await storedExpense(planner, Wedding1.bouquet) != nil)
        await planner.press(.enter, .character("d"), .character("y"))
        #expect(try await storedExpense(planner, Wedding1.bouquet) == nil)
        #expect(planner.statusRow.contains("Deleted Bridal bouquet · u undoes"))
    }

    @Test("in an expense's details, i records an installment and p marks it paid, as the details say")
    func payFromDetail() async throws {
        let planner = await opened()
        await planner.press(.character("j"), .enter, .enter)
        #expect(planner.frame().contains("Installments  none (i records one)"))
        #expect(planner.frame().contains("p paid · i installment"))
        await planner.press(.character("i"))
        #expect(planner.frame().contains("┌─ Installment of Band ─"))
        await planner.press(.control("u"))
        await planner.type("200")
        await planner.press(.enter)
        #expect(try await storedExpense(planner, Wedding1.band)?.installments.map(\.amount) == [Money(minorUnits: 20_000)])

        await planner.press(.enter, .character("p"))
        #expect(try await storedExpense(planner, Wedding1.band)?.paymentStatus == .paid)
        #expect(planner.statusRow.contains("Band is paid · u undoes"))
        #expect(!planner.frame().contains("┌─ Band ─"))
    }

    @Test("c shows the category's details: money, expenses, linked vendors and tasks; e edits it and d deletes it from there")
    func categoryDetail() async throws {
        var dataset = Wedding1.dataset()
        var task = try #require(dataset.tasks[Wedding1.bookVenue])
        task.budgetCategoryID = Wedding1.venue
        dataset.tasks.upsert(task)
        let planner = await PlannerHarness([dataset])
        await planner.press(.character("2"), .character("c"))
        var frame = planner.frame()
        #expect(frame.contains("┌─ Flowers ─"))
        #expect(frame.contains("Allocated  $500.00"))
        #expect(frame.contains("Spent  $700.00 (140% of the allocation)"))
        #expect(frame.contains("Remaining  OVER BUDGET by $200.00"))
        #expect(frame.contains("Expenses  1, 1 not fully paid"))
        #expect(frame.contains("Vendors  Rose Florist"))
        #expect(frame.contains("Tasks  none linked"))
        #expect(frame.contains("e edits · d deletes · w writes a note · Esc closes"))
        await planner.press(.character("e"))
        #expect(planner.frame().contains("┌─ Edit Flowers ─"))
        await planner.press(.escape)

        await planner.press(.character("j"), .character("j"), .enter, .character("c"))
        frame = planner.frame()
        #expect(frame.contains("┌─ Venue ─"))
        #expect(frame.contains("Remaining  $2,000.00"))
        #expect(frame.contains("Vendors  Grand Hall"))
        #expect(frame.contains("Tasks  Book the venue"))
        await planner.press(.character("d"))
        #expect(planner.frame().contains("Delete Venue: move its 1 expense to"))
        await planner.press(.escape)
        #expect(try await planner.stored { $0.categories.count } == 3)
        #expect(HelpOverlay(keymap: planner.screen.keymap).lines.contains { $0.keys.string == "c" && $0.text.string.hasPrefix("Show the category's details") })
    }
}
