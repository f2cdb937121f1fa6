import BlueprintDomain
import Foundation

/// The budget of the open wedding, ready to draw: the summary as of today (with the gifts and
/// contributions that count as income), each category's money, the expense rows after filter,
/// sort and search, and the what-if scenarios. Intents change categories, expenses,
/// installments and scenarios at once and roll back if the write fails.
///
/// Scenarios live here rather than in a store of their own: making one live changes the
/// categories and the wedding's total this store shows, as one undo step of the budget pane.
@MainActor
public final class BudgetStore: DomainStore {
    public static let validity = Duration.seconds(5 * 60)

    private let repository: any BudgetRepository
    private let weddings: any WeddingRepository
    private lazy var categoryRecords = RecordCollection(RecordGateway(repository.categoryRecords, in: weddingID), in: self)
    private lazy var expenseRecords = RecordCollection(RecordGateway(repository.expenseRecords, in: weddingID), in: self)
    private lazy var giftRecords = RecordCollection(RecordGateway(context.records.records(Gift.self), in: weddingID), in: self)
    private lazy var moneyOwedRecords = RecordCollection(RecordGateway(context.records.records(MoneyOwed.self), in: weddingID),
                                                         in: self)
    private lazy var vendorRecords = RecordCollection(RecordGateway(context.records.records(Vendor.self), in: weddingID), in: self)
    private lazy var scenarioRecords = RecordCollection(RecordGateway(context.records.records(BudgetScenario.self), in: weddingID),
                                                        in: self)
    private var list: RowList<ExpenseSortKey>

    /// The wedding, for its total budget and currency; `nil` until loaded.
    public private(set) var wedding: Wedding?
    public var categories: RecordTable<BudgetCategory> { categoryRecords.records }
    /// Every expense, in the order loaded.
    public var expenses: RecordTable<Expense> { expenseRecords.records }
    /// The expenses to show: filtered by `filter`, sorted by `order`.
    public var visibleExpenses: ListedRows<Expense> { list.visible(in: expenseRecords.records) }
    /// Where `searchText` matches among `visibleExpenses`.
    public var searchMatches: SearchMatches { list.matches }
    /// Totals, over-budget categories and payments due, as of `today` (derived again when the day
    /// changes: what is overdue moves with it); `nil` until loaded.
    public var summary: BudgetSummary? {
        if derivedSummary?.day != today { derivedSummary = (today, summary(asOf: today)) }
        return derivedSummary?.summary
    }
    private var derivedSummary: (day: CalendarDate, summary: BudgetSummary?)?
    /// Allocated, spent and paid per category, by category name.
    public private(set) var categoryMetrics: [CategoryMetrics] = []
    /// The what-if scenarios, by name.
    public private(set) var scenarios: [BudgetScenario] = []
    /// The open conflict, if an edit to a scenario lost to someone else's.
    public var scenarioConflict: EditConflict<BudgetScenario>? { scenarioRecords.conflict }
    /// The open conflict, if an edit to a category lost to someone else's.
    public var categoryConflict: EditConflict<BudgetCategory>? { categoryRecords.conflict }
    /// The open conflict, if an edit to an expense (or its installments) lost to someone else's.
    public var expenseConflict: EditConflict<Expense>? { expenseRecords.conflict }

    public var filter = ExpenseFilter() {
        didSet {
            guard filter != oldValue else { return }
            list.setFilter(filter, in: expenseRecords.records)
            noteChange()
        }
    }

    public var order: ListOrder<ExpenseSortKey> {
        get { list.order }
        set {
            guard newValue != list.order else { return }
            list.setOrder(newValue, in: expenseRecords.records)
            noteChange()
        }
    }

    /// What `/` searches for among the visible expenses (name, payment method, notes); empty
    /// ends the search.
    public var searchText = "" {
        didSet {
            guard searchText != oldValue else { return }
            list.setSearch(searchText, in: expenseRecords.records)
            noteChange()
        }
    }

    public init(wedding: WeddingID, context: StoreContext) {
        repository = context.budget
        weddings = context.weddings
        list = RowList(order: ListOrder(ExpenseSortKey.dueDate), today: context.today)
        // The total budget lives on the wedding record, so its changes reload the budget too;
        // vendors their booked quotes; gifts and money owed bring the income.
        super.init(weddingID: wedding, domain: .budget, validity: Self.validity,
                   recordKinds: [.wedding, .category, .expense, .vendor, .gift, .moneyOwed, .scenario], context: context)
    }

    public func category(_ id: UUID) -> BudgetCategory? { categoryRecords[id] }
    public func expense(_ id: UUID) -> Expense? { expenseRecords[id] }
    public func scenario(_ id: UUID) -> BudgetScenario? { scenarioRecords[id] }

    // MARK: Category intents

    @discardableResult
    public func createCategory(_ category: BudgetCategory) async -> EditOutcome {
        await categoryRecords.create(category, title: "add category")
    }

    @discardableResult
    public func updateCategory(_ category: BudgetCategory) async -> EditOutcome {
        await categoryRecords.update(category, title: "edit category")
    }

    /// Refused while expenses use the category (`expensesUsing`). Vendors, tasks and child
    /// categories that named it are unlinked (undo does not relink them).
    @discardableResult
    public func deleteCategory(_ id: UUID) async -> EditOutcome {
        await categoryRecords.delete(id: id, title: "delete category")
    }

    /// The expenses counted in the category, as their own or as a share of a split.
    public func expensesUsing(category id: UUID) -> [Expense] {
        expenseRecords.records.filter { $0.categoryID == id || $0.allocatedCategoryIDs.contains(id) }
    }

    /// Moves the category's expenses (and shares of splits) to `target`, then deletes it, as
    /// one undo step. A share moved into the expense's own category joins what it leaves there.
    @discardableResult
    public func deleteCategory(_ id: UUID, movingExpensesTo target: UUID) async -> EditOutcome {
        var changes = RecordChangeSet()
        for var expense in expensesUsing(category: id) {
            if expense.categoryID == id { expense.categoryID = target }
            let own = expense.categoryID
            expense.allocations = expense.allocations.compactMap { allocation in
                guard allocation.categoryID == id else { return allocation }
                guard target != own else { return nil }
                var moved = allocation
                moved.categoryID = target
                return moved
            }
            changes.update(expense)
        }
        changes.delete(BudgetCategory.self, id: id)
        return await commit(changes, title: "delete category")
    }

    // MARK: Expense intents

    @discardableResult
    public func createExpense(_ expense: Expense) async -> EditOutcome {
        await expenseRecords.create(expense, title: "add expense")
    }

    @discardableResult
    public func updateExpense(_ expense: Expense) async -> EditOutcome {
        await expenseRecords.update(expense, title: "edit expense")
    }

    @discardableResult
    public func deleteExpense(_ id: UUID) async -> EditOutcome {
        await expenseRecords.delete(id: id, title: "delete expense")
    }

    /// Marks the whole expense paid. Its installments keep their own record, so `markUnpaid`
    /// takes back exactly this mark.
    @discardableResult
    public func markPaid(_ expenseID: UUID) async -> EditOutcome {
        guard var expense = expenseRecords[expenseID] else { return .failed(.notLoaded(.expense, id: expenseID)) }
        expense.paymentStatus = .paid
        return await expenseRecords.update(expense, title: "mark paid")
    }

    /// Takes back the mark `markPaid` set: the expense is pending again, and what its paid
    /// installments paid is all that counts as paid.
    @discardableResult
    public func markUnpaid(_ expenseID: UUID) async -> EditOutcome {
        guard var expense = expenseRecords[expenseID] else { return .failed(.notLoaded(.expense, id: expenseID)) }
        expense.paymentStatus = .pending
        return await expenseRecords.update(expense, title: "mark unpaid")
    }

    // MARK: Installment intents

    /// Adds the installment to the expense, or replaces the one with its id.
    @discardableResult
    public func saveInstallment(_ installment: Installment, in expenseID: UUID) async -> EditOutcome {
        guard var expense = expenseRecords[expenseID] else { return .failed(.notLoaded(.expense, id: expenseID)) }
        if let index = expense.installments.firstIndex(where: { $0.id == installment.id }) {
            expense.installments[index] = installment
        } else {
            expense.installments.append(installment)
        }
        let repository = self.repository, wedding = weddingID, version = expense.version
        return await expenseRecords.change(expense, title: "save installment") {
            try await repository.saveInstallment(installment, expenseID: expenseID, expectedVersion: version, in: wedding)
        }
    }

    /// Marks the installment paid today; a pending expense becomes paid once its paid
    /// installments cover its amount, else partly paid.
    @discardableResult
    public func markInstallmentPaid(_ id: UUID, in expenseID: UUID) async -> EditOutcome {
        guard var expense = expenseRecords[expenseID],
              let index = expense.installments.firstIndex(where: { $0.id == id }) else {
            return .failed(.notLoaded(.expense, id: expenseID))
        }
        expense.installments[index].paidDate = today
        if expense.paymentStatus.isCommitted && expense.paymentStatus != .paid {
            expense.paymentStatus = expense.outstanding == .zero ? .paid : .partial
        }
        return await expenseRecords.update(expense, title: "mark installment paid")
    }

    /// Takes back an installment's payment: it is owed again on its due date. An expense marked
    /// paid or partly paid loses that mark (its paid installments then say what was paid), so
    /// its money says what is still owed.
    @discardableResult
    public func markInstallmentUnpaid(_ id: UUID, in expenseID: UUID) async -> EditOutcome {
        guard var expense = expenseRecords[expenseID],
              let index = expense.installments.firstIndex(where: { $0.id == id }) else {
            return .failed(.notLoaded(.expense, id: expenseID))
        }
        expense.installments[index].paidDate = nil
        if expense.paymentStatus == .paid || expense.paymentStatus == .partial {
            expense.paymentStatus = expense.installments.contains(where: \.isPaid) ? .partial : .pending
        }
        return await expenseRecords.update(expense, title: "mark installment not paid")
    }

    /// Replaces the expense's installments with `installments` (edited, some removed), as one
    /// undo step.
    @discardableResult
    public func replaceInstallments(_ installments: [Installment], in expenseID: UUID) async -> EditOutcome {
        guard var expense = expenseRecords[expenseID] else { return .failed(.notLoaded(.expense, id: expenseID)) }
        expense.installments = installments
        return await expenseRecords.update(expense, title: "edit installments")
    }

    @discardableResult
    public func deleteInstallment(_ id: UUID, in expenseID: UUID) async -> EditOutcome {
        guard var expense = expenseRecords[expenseID], expense.installments.contains(where: { $0.id == id }) else {
            return .failed(.notLoaded(.expense, id: expenseID))
        }
        expense.installments.removeAll { $0.id == id }
        let repository = self.repository, wedding = weddingID, version = expense.version
        return await expenseRecords.change(expense, title: "delete installment") {
            try await repository.deleteInstallment(id: id, expenseID: expenseID, expectedVersion: version, in: wedding)
        }
    }

    /// Creates `newCategories`, then adds and updates many expenses, in one all-or-nothing write
    /// (a CSV import). Not undoable.
    public func importExpenses(_ batch: ImportBatch<Expense>, newCategories: [BudgetCategory] = [])
        async -> Result<ImportSummary, StoreError> {
        let repository = self.repository, wedding = weddingID
        return await expenseRecords.importRecords(batch.inserts + batch.updates) {
            try await repository.importExpenses(batch, newCategories: newCategories, in: wedding)
        }
    }

    /// The summary as of `today`, income counted; `nil` until loaded.
    public func summary(asOf today: CalendarDate) -> BudgetSummary? {
        wedding.map {
            BudgetSummary(wedding: $0, categories: categoryRecords.records, expenses: expenseRecords.records,
                          vendors: vendorRecords.records, gifts: giftRecords.records, moneyOwed: moneyOwedRecords.records, today: today)
        }
    }

    // MARK: Scenario intents

    /// Copies the live budget (the wedding's total, each category's allocation) into a new
    /// scenario named `name`.
    @discardableResult
    public func copyLiveBudget(named name: String) async -> EditOutcome {
        guard let wedding else { return .failed(.notLoaded(.wedding, id: weddingID.rawValue)) }
        let scenario = BudgetScenario.copying(wedding, categories: categoryRecords.records, named: name,
                                              createdAt: context.clock.now())
        return await scenarioRecords.create(scenario, title: "copy budget into scenario")
    }

    /// Saves `scenario` (its name, total and lines), which carries the version it was read at.
    @discardableResult
    public func updateScenario(_ scenario: BudgetScenario) async -> EditOutcome {
        await scenarioRecords.update(scenario, title: "edit scenario")
    }

    @discardableResult
    public func renameScenario(_ id: UUID, to name: String) async -> EditOutcome {
        await changeScenario(id, title: "rename scenario") { $0.name = name }
    }

    /// Sets the scenario's total budget.
    @discardableResult
    public func setScenarioTotal(_ id: UUID, to total: Money) async -> EditOutcome {
        await changeScenario(id, title: "change scenario total") { $0.totalBudget = total }
    }

    /// Sets the amount of the scenario's line `lineID`.
    @discardableResult
    public func setScenarioLine(_ lineID: UUID, in id: UUID, to amount: Money) async -> EditOutcome {
        guard scenarioRecords[id]?.lines.contains(where: { $0.id == lineID }) == true else {
            return .failed(.notLoaded(.scenario, id: id))
        }
        return await changeScenario(id, title: "change scenario line") { scenario in
            for index in scenario.lines.indices where scenario.lines[index].id == lineID { scenario.lines[index].allocated = amount }
        }
    }

    /// Adds a line for a category the live budget may not have (making the scenario live creates it).
    @discardableResult
    public func addScenarioLine(named name: String, amount: Money, to id: UUID) async -> EditOutcome {
        await changeScenario(id, title: "add scenario line") { $0.lines.append(ScenarioLine(name: name, allocated: amount)) }
    }

    @discardableResult
    public func removeScenarioLine(_ lineID: UUID, from id: UUID) async -> EditOutcome {
        await changeScenario(id, title: "remove scenario line") { $0.lines.removeAll { $0.id == lineID } }
    }

    @discardableResult
    public func deleteScenario(_ id: UUID) async -> EditOutcome {
        await scenarioRecords.delete(id: id, title: "delete scenario")
    }

    /// What making the scenario live would change: the categories created and updated, and the
    /// wedding's new total if it changes (see `BudgetScenario.liveChanges`).
    public func liveChanges(of id: UUID) -> RecordChangeSet? {
        guard let scenario = scenarioRecords[id], let wedding else { return nil }
        return scenario.liveChanges(wedding: wedding, categories: categoryRecords.records)
    }

    /// Makes the scenario the live budget: its lines become the categories' allocations and its
    /// total the wedding's total budget, in one write, undone as one step.
    @discardableResult
    public func makeLive(_ id: UUID) async -> EditOutcome {
        guard let changes = liveChanges(of: id) else { return .failed(.notLoaded(.scenario, id: id)) }
        guard !changes.isEmpty else { return .saved }
        return await commit(changes, title: "make scenario live")
    }

    /// The scenario compared with the live budget (`other` `nil`) or another scenario, the
    /// scenario on the left.
    public func compare(_ id: UUID, with other: UUID?) -> ScenarioComparison? {
        guard let scenario = scenarioRecords[id], let wedding else { return nil }
        let right: ScenarioComparison.Side
        if let other {
            guard let otherScenario = scenarioRecords[other] else { return nil }
            right = ScenarioComparison.Side(otherScenario)
        } else {
            right = .live(wedding: wedding, categories: categoryRecords.records)
        }
        return ScenarioComparison(ScenarioComparison.Side(scenario), right)
    }

    private func changeScenario(_ id: UUID, title: String, _ change: (inout BudgetScenario) -> Void) async -> EditOutcome {
        guard var scenario = scenarioRecords[id] else { return .failed(.notLoaded(.scenario, id: id)) }
        change(&scenario)
        return await scenarioRecords.update(scenario, title: title)
    }

    // MARK: Loading and deriving

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let categoryMark = categoryRecords.loadMark(), expenseMark = expenseRecords.loadMark()
        let giftMark = giftRecords.loadMark(), owedMark = moneyOwedRecords.loadMark(), scenarioMark = scenarioRecords.loadMark()
        let vendorMark = vendorRecords.loadMark()
        let (weddings, categories, expenses, id) = (self.weddings, categoryRecords.gateway, expenseRecords.gateway, weddingID)
        let vendors = vendorRecords.gateway
        let (gifts, owed, scenarios) = (giftRecords.gateway, moneyOwedRecords.gateway, scenarioRecords.gateway)
        async let wedding = weddings.fetchWedding(id)
        async let loadedCategories = categories.fetchAll()
        async let loadedExpenses = expenses.fetchAll()
        async let loadedGifts = gifts.fetchAll()
        async let loadedOwed = owed.fetchAll()
        async let loadedScenarios = scenarios.fetchAll()
        async let loadedVendors = vendors.fetchAll()
        let loaded = try await (wedding, loadedCategories, loadedExpenses, loadedVendors)
        let more = try await (loadedGifts, loadedOwed, loadedScenarios)
        return {
            self.wedding = loaded.0
            self.categoryRecords.show(loaded.1, loadedFrom: categoryMark)
            self.expenseRecords.show(loaded.2, loadedFrom: expenseMark)
            self.vendorRecords.show(loaded.3, loadedFrom: vendorMark)
            self.giftRecords.show(more.0, loadedFrom: giftMark)
            self.moneyOwedRecords.show(more.1, loadedFrom: owedMark)
            self.scenarioRecords.show(more.2, loadedFrom: scenarioMark)
        }
    }

    override func apply(_ change: RecordChange) {
        switch change.mutation {
        case .saveWedding(let stored) where stored.weddingID == weddingID && stored.version > (wedding?.version ?? 0):
            wedding = stored
            recordsDidChange()
        case _ where change.kind == .category: categoryRecords.apply(change)
        case _ where change.kind == .expense: expenseRecords.apply(change)
        case _ where change.kind == .vendor: vendorRecords.apply(change)
        case _ where change.kind == .gift: giftRecords.apply(change)
        case _ where change.kind == .moneyOwed: moneyOwedRecords.apply(change)
        case _ where change.kind == .scenario: scenarioRecords.apply(change)
        default: break
        }
    }

    override func recordsDidChange() {
        let categories = categoryRecords.records, expenses = expenseRecords.records
        derivedSummary = (today, summary(asOf: today))
        scenarios = scenarioRecords.records
            .sorted { (ScenarioLine.folded($0.name), $0.id) < (ScenarioLine.folded($1.name), $1.id) }
        categoryMetrics = CategoryMetrics.all(categories: categories, expenses: expenses)
            .sorted { ($0.name.lowercased(), $0.categoryID) < ($1.name.lowercased(), $1.categoryID) }
        list.show(expenseRecords.records, today: today)
        super.recordsDidChange()
    }
}
