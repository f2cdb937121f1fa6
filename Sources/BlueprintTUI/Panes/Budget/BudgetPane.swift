import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The budget: the summary (total, allocated, committed, paid, remaining, due in 30 days,
/// overdue), the categories with what is allocated, spent and left and a bar, and the selected
/// category's expenses. Enter or `v` moves between the two tables; `a`, `e`, `d` work on the
/// one in focus; `p` marks an expense paid and `i` records an installment; `c` shows the
/// category's details (with the vendors and tasks linked to it). `v` from the expenses shows
/// the what-if scenarios (`ScenariosView`), and from there back to the categories.
@MainActor
final class BudgetPane: Pane, SearchTarget {
    private enum Focus {
        case categories, expenses, scenarios
    }

    let budget: BudgetStore
    private let vendors: VendorStore
    private let tasks: TaskStore
    private let categoryRows: RecordListController<[CategoryMetrics]>
    private let expenseRows: RecordListController<ListedRows<Expense>>
    private var categoryList: RecordList { categoryRows.list }
    private var expenseList: RecordList { expenseRows.list }
    private let scenarios: ScenariosView
    private var focus = Focus.categories

    init(budget: BudgetStore, vendors: VendorStore, tasks: TaskStore) {
        self.budget = budget
        self.vendors = vendors
        self.tasks = tasks
        scenarios = ScenariosView(budget: budget)
        categoryRows = RecordListController(columns: BudgetColumns.categories) { budget.categoryMetrics }
        expenseRows = RecordListController(columns: BudgetColumns.expenses(order: ListOrder(.dueDate))) { budget.visibleExpenses }
        categoryRows.selectionMoved = { [unowned self] in followCategory() }
        categoryRows.onAdd { [unowned self] in openCategoryForm(nil, host: $0) }
        categoryRows.on(.edit) { [unowned self] metrics, host in
            if let category = budget.category(metrics.categoryID) { openCategoryForm(category, host: host) }
        }
        categoryRows.on(.delete) { [unowned self] metrics, host in
            if let category = budget.category(metrics.categoryID) { confirmDelete(category, host: host) }
        }
        categoryRows.on(.activate, .switchView) { [unowned self] _, _ in
            followCategory()
            focus = .expenses
        }
        expenseRows.onAdd { [unowned self] in openExpenseForm(nil, host: $0) }
        expenseRows.on(.edit) { [unowned self] in openExpenseForm($0, host: $1) }
        expenseRows.on(.delete) { [unowned self] in confirmDelete($0, host: $1) }
        expenseRows.on(.toggle) { [unowned self] expense, host in
            guard expense.paymentStatus == .paid else { return markPaid(expense, host: host) }
            host.run({ await budget.markUnpaid(expense.id) }, undoable: "\(expense.name) is no longer paid", store: budget)
        }
        expenseRows.on(.activate) { [unowned self] in showDetail($0, host: $1) }
    }

    var store: DomainStore? { budget }
    var keyMode: KeyMode { .budget }
    var modeName: String {
        switch focus {
        case .categories: "BUDGET"
        case .expenses: "EXPENSES"
        case .scenarios: scenarios.modeName
        }
    }
    var searchTarget: (any SearchTarget)? { focus == .expenses ? self : nil }
    private var currency: Currency { budget.wedding?.currency ?? .usd }

    var statusContext: String {
        guard focus != .scenarios else { return scenarios.statusContext }
        let categories = budget.categoryMetrics
        let over = categories.filter(\.isOverBudget).count
        var parts = [CountPhrase.of(categories.count, "category") + (over > 0 ? ", \(over) over budget" : "")]
        if let selected = selectedCategory {
            let filter = BudgetForms.summary(budget.filter)
            let count = budget.visibleExpenses.count
            parts.append("\(selected.name): " + CountPhrase.of(count, "expense") + (filter.isEmpty ? "" : " (\(filter))"))
        }
        return parts.joined(separator: " · ")
    }

    // MARK: SearchTarget

    var searchText: String {
        get { budget.searchText }
        set { budget.searchText = newValue }
    }

    var searchMatches: SearchMatches { budget.searchMatches }
    var selectedRow: Int? { expenseRows.selectedRow }

    func selectRow(_ row: Int) { expenseRows.select(row: row) }

    // MARK: Selection

    var noteSubject: RecordSubject? {
        switch focus {
        case .categories: selectedCategory.flatMap { budget.category($0.categoryID) }.map { .record($0) }
        case .expenses: expenseRows.selected.map { .record($0) }
        case .scenarios: nil
        }
    }

    private var selectedCategory: CategoryMetrics? { categoryRows.selected }

    /// Shows the selected category's expenses.
    private func followCategory() {
        let id = selectedCategory?.categoryID
        if budget.filter.categoryID != id { budget.filter.categoryID = id }
    }

    // MARK: Drawing

    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        guard !LoadNotice.render(budget, noun: "budget", into: canvas, rect: rect) else { return }
        guard focus != .scenarios else {
            scenarios.render(into: canvas, rect: rect, keymap: keymap)
            return
        }
        followCategory()
        let summaryRows = summaryLines(width: rect.columns)
            .render(into: canvas, row: rect.row, column: rect.column, width: rect.columns, maxRows: rect.rows / 3)
        let categories = budget.categoryMetrics
        let space = rect.rows - summaryRows - 1
        // A row under the header at least, for the table's "No categories yet" when there are none.
        let categoryRows = min(max(1, categories.count) + 1, max(3, space / 2))
        let categoryRect = CanvasRect(row: rect.row + summaryRows, column: rect.column, rows: categoryRows, columns: rect.columns)
        categoryList.sync(categories)
        let currency = self.currency
        // The bar takes what the amounts leave, so its width is known only once they are fitted.
        var barWidth = 1
        let categoryCell = { (row: Int, column: Int) in
            BudgetColumns.categoryCell(categories[row], column: column, currency: currency, barWidth: barWidth - 1)
        }
        categoryList.model.columns = BudgetColumns.categories.fitting(BudgetColumns.categoryAmounts, rows: categories.indices,
                                                                      cell: categoryCell)
        barWidth = TableLayout.fit(categoryList.model.columns, width: rect.columns).widths[4] ?? 10
        TableView.render(categoryList.model, into: canvas, rect: categoryRect,
                         empty: EmptyListText.noRecords("categories", keymap: keymap, mode: keyMode), cell: categoryCell)

        let titleRow = categoryRect.bottom
        let title = selectedCategory.map { "Expenses · \($0.name)" } ?? "Expenses"
        let marker = focus == .expenses ? "▶ " : "  "
        canvas.draw(DisplayText(marker + title), row: titleRow, column: rect.column, width: rect.columns,
                    style: focus == .expenses ? .accent : .muted)
        let expenses = budget.visibleExpenses
        expenseList.sync(expenses)
        let matches = budget.searchMatches, today = budget.today
        let vendors = self.vendors
        let expenseCell = { (row: Int, column: Int) in
            BudgetColumns.expenseCell(expenses[row], column: column, currency: currency, vendorName: { vendors.vendor($0)?.name },
                                      today: today, isMatch: !matches.isEmpty && matches.contains(row: row))
        }
        expenseList.model.columns = BudgetColumns.expenses(order: budget.order).fitting(BudgetColumns.expenseAmounts,
                                                                                        rows: expenses.indices, cell: expenseCell)
        TableView.render(expenseList.model, into: canvas,
                         rect: CanvasRect(row: titleRow + 1, column: rect.column, rows: rect.bottom - titleRow - 1, columns: rect.columns),
                         empty: selectedCategory == nil ? "" : Self.noExpenses(keymap), cell: expenseCell)
    }

    /// What a category without expenses shows: "No expenses here: Enter, then a adds one.".
    private static func noExpenses(_ keymap: Keymap) -> DisplayText {
        guard let open = keymap.keyName(for: .activate, in: .budget), let add = keymap.keyName(for: .add, in: .budget) else {
            return "No expenses here."
        }
        return DisplayText("No expenses here: \(open), then \(add) adds one.")
    }

    /// The summary's lines at `width`: the figures, broken between figures where the width runs
    /// out, then who is over budget, beside them if that fits, else on a line of its own.
    private func summaryLines(width: Int) -> [SegmentLine] {
        guard let summary = budget.summary else { return [] }
        let money = { Formats.money($0, self.currency) }
        var figures = SegmentLine()
        figures.add(figure: money(summary.totalBudget), label: "total")
        if summary.income != .zero {
            figures.add(figure: "+ " + money(summary.income), label: "gifts and contributions", .success)
        }
        figures.add(figure: money(summary.allocated), label: "allocated", summary.overAllocated > .zero ? .danger : .accent)
        if summary.overAllocated > .zero {
            figures.add(figure: money(summary.overAllocated), label: "allocated beyond the total", .danger)
        }
        figures.add(figure: money(summary.committed), label: "committed")
        figures.add(figure: money(summary.paid), label: "paid", .success)
        figures.add(figure: money(summary.remaining), label: "remaining", summary.remaining < .zero ? .danger : .accent)
        figures.add(figure: money(summary.dueNext30DaysTotal), label: "due in 30 days", summary.dueNext30Days.isEmpty ? .accent : .warning)
        figures.add(figure: money(summary.overdueTotal), label: "overdue", summary.overdue.isEmpty ? .accent : .danger)
        var lines = figures.flowed(toWidth: width)
        if !summary.amountsBeyondLimit.isEmpty {
            lines.append(SegmentLine("Amounts beyond the limit, to correct: " + summary.amountsBeyondLimit.joined(separator: ", "),
                                     .danger))
        }
        let names = summary.overBudgetCategories.map(\.name)
        guard !names.isEmpty else { return lines }
        if let last = lines.last, case let beside = last + Self.overBudget(names, width: .max), beside.width <= width {
            lines[lines.count - 1] = beside
        } else {
            lines.append(Self.overBudget(names, width: width))
        }
        return lines
    }

    /// `OVER BUDGET: Flowers, Music`, or as many names as fit in `width` and how many more there
    /// are (the first name cut short if even it alone does not fit).
    private static func overBudget(_ names: [String], width: Int) -> SegmentLine {
        func more(_ named: Int) -> String { named < names.count ? " and \(names.count - named) more" : "" }
        var named = names.count
        while named > 1 && DisplayText("OVER BUDGET: " + names.prefix(named).joined(separator: ", ") + more(named)).width > width {
            named -= 1
        }
        let room = width - DisplayText("OVER BUDGET: " + more(named)).width
        let shown = named == 1 ? DisplayText(names[0]).truncated(toWidth: max(1, room)).string : names.prefix(named).joined(separator: ", ")
        var line = SegmentLine()
        line.startGroup()
        line.add("OVER BUDGET: " + shown + more(named), .danger)
        return line
    }

    // MARK: Keys

    /// A click or wheel step over either table moves the focus there.
    func handle(_ mouse: MouseEvent) -> Bool {
        guard focus != .scenarios else { return scenarios.handle(mouse) }
        if categoryRows.handle(mouse) {
            focus = .categories
            return true
        }
        guard expenseRows.handle(mouse) else { return false }
        focus = .expenses
        return true
    }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        if Self.keyCommands.perform(action, in: keyMode, on: self, host: host) { return true }
        switch focus {
        case .categories: return handleCategories(action, host: host)
        case .expenses: return handleExpenses(action, host: host)
        case .scenarios:
            if scenarios.handle(action, host: host) { return true }
            guard action == .switchView || action == .cancel else { return false }
            focus = .categories
            return true
        }
    }

    private func handleCategories(_ action: KeyAction, host: any PlannerHost) -> Bool {
        if categoryRows.handle(action, host: host) { return true }
        guard action == .toggle else { return false }
        reportChooseExpense(host)
        return true
    }

    private func reportChooseExpense(_ host: any PlannerHost) {
        let open = host.keymap.hint(.activate, in: keyMode, "opens the category's expenses")
        host.report("Choose an expense first" + (open.map { ": " + $0 } ?? ""), severity: .warning)
    }

    /// Runs `work` on the selected expense; in the categories, says to choose an expense first.
    private func withSelectedExpense(_ host: any PlannerHost, _ work: (Expense) -> Void) -> Bool {
        switch focus {
        case .categories:
            reportChooseExpense(host)
            return true
        case .expenses:
            guard let expense = expenseRows.selected else { return false }
            work(expense)
            return true
        case .scenarios:
            return false
        }
    }

    private func handleExpenses(_ action: KeyAction, host: any PlannerHost) -> Bool {
        if expenseRows.handle(action, host: host) { return true }
        let budget = self.budget
        switch action {
        case .cancel:
            if !budget.searchText.isEmpty {
                budget.searchText = ""
            } else {
                focus = .categories
            }
        case .switchView:
            scenarios.reset()
            focus = .scenarios
        case .cycleSort:
            budget.order.cycle()
            host.report("Expenses sorted by \(budget.order.key.title)")
        case .reverseSort:
            budget.order.reverse()
            host.report("Expenses sorted by \(budget.order.key.title), \(budget.order.ascending ? "ascending" : "descending")")
        case .filter:
            let original = budget.filter
            host.present(FilterOverlay(BudgetForms.filterForm(original),
                                       apply: { budget.filter = BudgetForms.filter(from: $0, keeping: budget.filter, today: budget.today) },
                                       restore: { budget.filter = original }))
        case .clearFilters:
            budget.filter = ExpenseFilter(categoryID: budget.filter.categoryID)
            host.report("Filters cleared")
        default:
            return false
        }
        return true
    }

    /// Shows the expense: its category selected, the expense list in focus on it (a filter that
    /// hides it is cleared).
    func reveal(_ destination: Destination, host: any PlannerHost) -> Bool {
        guard case .expense(let id) = destination, let expense = budget.expense(id) else { return false }
        categoryRows.select(id: expense.categoryID)
        followCategory()
        if !budget.visibleExpenses.contains(id: id) {
            budget.filter = ExpenseFilter(categoryID: expense.categoryID)
            host.report("Filters cleared to show the expense")
        }
        budget.searchText = ""
        focus = .expenses
        expenseRows.select(id: id)
        return true
    }

    /// A category no expense uses is deleted after asking; one in use asks where its expenses go.
    private func confirmDelete(_ category: BudgetCategory, host: any PlannerHost) {
        let budget = self.budget
        let used = budget.expensesUsing(category: category.id).count
        guard used > 0 else {
            host.confirmDelete("category", named: category.name, consequence: "Vendors and tasks linked to it are unlinked.",
                               store: budget) { await budget.deleteCategory(category.id) }
            return
        }
        let others = choices.categories.filter { $0.id != category.id }
        let expenses = CountPhrase.of(used, "expense")
        guard !others.isEmpty else {
            host.report("\(category.name) is used by \(expenses) and there is no other category to move them to", severity: .warning)
            return
        }
        host.present(FormOverlay(BudgetForms.moveExpensesForm(category, used: expenses, to: others), store: budget,
                                 subject: PresenceSubject(category, label: category.name)) { form in
            let target = others[form["target"].selectedIndex]
            return .save(success: "Deleted \(category.name); its \(expenses) moved to \(target.name)") {
                await budget.deleteCategory(category.id, movingExpensesTo: target.id)
            }
        })
    }

    private func showDetail(_ category: BudgetCategory, host: any PlannerHost) {
        let budget = self.budget, vendors = self.vendors, tasks = self.tasks
        host.present(DetailOverlay.record(
            \.name, lines: { BudgetDetail.lines($0, budget: budget, vendors: vendors, tasks: tasks) }, host: host,
            subject: PresenceSubject(category, label: category.name),
            current: { budget.category(category.id) },
            edit: { [weak self] in self?.openCategoryForm($0, host: $1) },
            delete: { [weak self] in self?.confirmDelete($0, host: $1) }))
    }

    private func confirmDelete(_ expense: Expense, host: any PlannerHost) {
        let budget = self.budget
        host.confirmDelete("expense", named: expense.name, consequence: "Its installments go too.", store: budget) {
            await budget.deleteExpense(expense.id)
        }
    }

    private func showDetail(_ expense: Expense, host: any PlannerHost) {
        let budget = self.budget, vendors = self.vendors, keymap = host.keymap
        host.present(DetailOverlay.record(
            \.name, lines: { BudgetDetail.lines($0, budget: budget, vendors: vendors, keymap: keymap) }, host: host,
            subject: PresenceSubject(expense, label: expense.name),
            current: { budget.expense(expense.id) },
            edit: { [weak self] in self?.openExpenseForm($0, host: $1) },
            delete: { [weak self] in self?.confirmDelete($0, host: $1) },
            actions: [
                (.markPaid, "paid", { [weak self] in self?.markPaid($0, host: $1) }),
                (.recordInstallment, "installment", { [weak self] in self?.openInstallmentForm($0, host: $1) }),
                (.editInstallments, "", { [weak self] in self?.openInstallmentsForm($0, host: $1) }),
                (.changeInstallment, "", { [weak self] in self?.openInstallmentChangeForm($0, host: $1) }),
            ]))
    }

    private func markPaid(_ expense: Expense, host: any PlannerHost) {
        let budget = self.budget
        host.run({ await budget.markPaid(expense.id) }, undoable: "\(expense.name) is paid", store: budget)
    }

    // MARK: Forms

    private var choices: BudgetForms.Choices {
        BudgetForms.Choices(categories: budget.categories.sorted { $0.name.lowercased() < $1.name.lowercased() },
                            vendors: vendors.vendors.sorted { $0.name.lowercased() < $1.name.lowercased() }, wedding: budget.wedding)
    }

    private func openCategoryForm(_ category: BudgetCategory?, host: any PlannerHost) {
        let budget = self.budget, choices = self.choices
        let base = category ?? BudgetCategory(name: "")
        let following = category.map { category in
            FormFollowing.record(category, host: host, current: { budget.category(category.id) }) {
                BudgetForms.categoryForm($0, choices: choices)
            }
        }
        host.present(FormOverlay(BudgetForms.categoryForm(category, choices: choices), store: budget,
                                 subject: category.map { PresenceSubject($0, label: $0.name) }, following: following) { [weak self] form in
            switch BudgetForms.category(from: form, base: base, choices: choices) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let edited):
                return .save(success: (category == nil ? "Added " : "Saved ") + edited.name) {
                    let outcome = category == nil ? await budget.createCategory(edited) : await budget.updateCategory(edited)
                    if outcome.isSaved { self?.categoryRows.select(id: edited.id) }
                    return outcome
                }
            }
        })
    }

    private func openExpenseForm(_ expense: Expense?, host: any PlannerHost) {
        let budget = self.budget, choices = self.choices
        let categoryID = budget.filter.categoryID
        let base = expense ?? Expense(name: "", categoryID: categoryID ?? UUID(), amount: .zero)
        let following = expense.map { expense in
            FormFollowing.record(expense, host: host, current: { budget.expense(expense.id) }) {
                BudgetForms.expenseForm($0, in: categoryID, choices: choices)
            }
        }
        host.present(FormOverlay(BudgetForms.expenseForm(expense, in: categoryID, choices: choices), store: budget,
                                 subject: expense.map { PresenceSubject($0, label: $0.name) }, following: following) { [weak self] form in
            switch BudgetForms.expense(from: form, base: base, choices: choices) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let edited):
                return .save(success: (expense == nil ? "Added " : "Saved ") + edited.name) {
                    let outcome = expense == nil ? await budget.createExpense(edited) : await budget.updateExpense(edited)
                    if outcome.isSaved, let self {
                        self.categoryRows.select(id: edited.categoryID)
                        self.followCategory()
                        self.expenseRows.select(id: edited.id)
                    }
                    return outcome
                }
            }
        })
    }

    /// Whether the expense has installments; with none yet, says how to record one.
    private func hasInstallments(_ expense: Expense, host: any PlannerHost) -> Bool {
        guard expense.installments.isEmpty else { return true }
        let record = host.keymap.hint(.recordInstallment, in: keyMode, "records one").map { ": " + $0 } ?? ""
        host.report("\(expense.name) has no installments yet" + record, severity: .warning)
        return false
    }

    /// The form editing the expense's recorded installments; with none yet, says how to record one.
    private func openInstallmentsForm(_ expense: Expense, host: any PlannerHost) {
        guard hasInstallments(expense, host: host) else { return }
        let budget = self.budget, choices = self.choices
        host.present(FormOverlay(BudgetForms.installmentsForm(for: expense, currency: choices.currency), store: budget,
                                 subject: PresenceSubject(expense, label: expense.name)) { form in
            switch BudgetForms.installments(from: form, for: expense, choices: choices) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let installments):
                return .save(success: "Saved the installments of \(expense.name)") {
                    await budget.replaceInstallments(installments, in: expense.id)
                }
            }
        })
    }

    /// The form marking one installment paid or not paid, or deleting it; with none yet, says
    /// how to record one.
    private func openInstallmentChangeForm(_ expense: Expense, host: any PlannerHost) {
        guard hasInstallments(expense, host: host) else { return }
        let budget = self.budget, currency = choices.currency
        host.present(FormOverlay(BudgetForms.installmentChangeForm(for: expense, currency: currency), store: budget,
                                 subject: PresenceSubject(expense, label: expense.name)) { form in
            let (installment, change) = BudgetForms.installmentChange(from: form, for: expense)
            let named = "\(expense.name): \(currency.format(installment.amount))"
            switch change {
            case .paidToday:
                return .save(success: "\(named) paid") { await budget.markInstallmentPaid(installment.id, in: expense.id) }
            case .notPaid:
                return .save(success: "\(named) no longer paid") { await budget.markInstallmentUnpaid(installment.id, in: expense.id) }
            case .deleted:
                return .save(success: "\(named) installment deleted") {
                    await budget.deleteInstallment(installment.id, in: expense.id)
                }
            }
        })
    }

    private func openInstallmentForm(_ expense: Expense, host: any PlannerHost) {
        let budget = self.budget, choices = self.choices
        let form = BudgetForms.installmentForm(for: expense, today: budget.today, currency: choices.currency)
        host.present(FormOverlay(form, store: budget) { form in
            switch BudgetForms.installment(from: form, for: expense, choices: choices) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let installment):
                return .save(success: "Recorded \(Formats.money(installment.amount, choices.currency)) for \(expense.name)") {
                    await budget.saveInstallment(installment, in: expense.id)
                }
            }
        })
    }
}

extension BudgetPane {
    /// The budget's own keys: on the selected expense, the category in view, and the scenarios.
    nonisolated static let keyCommands: [PlannerKeyCommand<BudgetPane>] = [
        HandledKeyCommand(.budget, [.character("D")], .showDocuments, "List the selected expense's documents") {
            $1.showDocuments(ofSelected: $0.noteSubject)
        },
        HandledKeyCommand(.budget, [.character("p")], .markPaid, "Mark the selected expense paid", changesData: true) { pane, host in
            pane.withSelectedExpense(host) { pane.markPaid($0, host: host) }
        },
        HandledKeyCommand(.budget, [.character("i")], .recordInstallment, "Record an installment of the selected expense",
                          changesData: true) { pane, host in
            pane.withSelectedExpense(host) { pane.openInstallmentForm($0, host: host) }
        },
        HandledKeyCommand(.budget, [.character("I")], .editInstallments,
                          "Edit the selected expense's installments (amount, due, paid on; an empty amount deletes one)",
                          changesData: true) { pane, host in
            pane.withSelectedExpense(host) { pane.openInstallmentsForm($0, host: host) }
        },
        HandledKeyCommand(.budget, [.character("P")], .changeInstallment,
                          "Mark one installment of the selected expense paid or not paid, or delete it (asks which)",
                          changesData: true) { pane, host in
            pane.withSelectedExpense(host) { pane.openInstallmentChangeForm($0, host: host) }
        },
        HandledKeyCommand(.budget, [.character("c")], .categoryDetails,
                          "Show the category's details: money, expenses, linked vendors and tasks") { pane, host in
            guard pane.focus != .scenarios,
                  let category = pane.selectedCategory.flatMap({ pane.budget.category($0.categoryID) }) else { return false }
            pane.showDetail(category, host: host)
            return true
        },
        HandledKeyCommand(.budget, [.character("C")], .compareScenario,
                          "Compare the scenario with the live budget per category; again, with the next scenario") { pane, host in
            guard pane.focus == .scenarios else { return false }
            pane.scenarios.compareNext(host: host)
            return true
        },
        HandledKeyCommand(.budget, [.character("L")], .makeLive, "Make the scenario the live budget (asks first, saying what changes)",
                          changesData: true) { pane, host in
            guard pane.focus == .scenarios, let scenario = pane.scenarios.selectedScenario else { return false }
            pane.scenarios.confirmMakeLive(scenario, host: host)
            return true
        },
    ]
}
