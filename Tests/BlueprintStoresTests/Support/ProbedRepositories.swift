import BlueprintDomain
import BlueprintRepositories
import BlueprintStores
import Foundation

/// The repositories of `Repositories`, with each call passing a `LoadProbe` first.
///
/// Store loads are reads: `fetchWedding` (wedding), and fetching all guests, expenses (budget),
/// vendors, tasks or milestones (timeline) (`ProbedRecords`). Every create, update, delete, save and import is a write
/// of its store. Other calls pass unwatched.
struct ProbedRepositories: WeddingRepository, GuestRepository, BudgetRepository, VendorRepository, TaskRepository, ChangeFeed, RecordRepositories {
    let base: Repositories
    let probe: LoadProbe

    private func read(_ domain: StoreDomain, _ wedding: WeddingID) async throws {
        try await probe.enter(.read(domain), wedding: wedding)
    }

    private func write(_ domain: StoreDomain, _ wedding: WeddingID) async throws {
        try await probe.enter(.write(domain), wedding: wedding)
    }

    var author: String { base.author }
    func activity(in wedding: WeddingID) async throws -> ActivityLog { try await base.activity(in: wedding) }
    func changes(in wedding: WeddingID) -> AsyncStream<RepositoryChange> { base.changes(in: wedding) }
    func connection(_ wedding: WeddingID) -> FeedConnection { base.connection(wedding) }
    func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection> { base.connectionChanges(in: wedding) }
    func catchUp(on wedding: WeddingID) async throws {
        try await probe.enter(.catchUp, wedding: wedding)
        try await base.catchUp(on: wedding)
    }

    // MARK: Weddings

    func fetchWeddings() async throws -> [Wedding] { try await base.weddings.fetchWeddings() }
    func fetchWedding(_ id: WeddingID) async throws -> Wedding {
        try await read(.wedding, id)
        return try await base.weddings.fetchWedding(id)
    }
    func findWedding(_ nameOrID: String) async throws -> Wedding { try await base.weddings.findWedding(nameOrID) }
    func createWedding(_ wedding: Wedding) async throws -> Wedding { try await base.weddings.createWedding(wedding) }
    func createWedding(from dataset: WeddingDataset) async throws -> Wedding { try await base.weddings.createWedding(from: dataset) }
    func updateWedding(_ wedding: Wedding) async throws -> Wedding {
        try await write(.wedding, wedding.weddingID)
        return try await base.weddings.updateWedding(wedding)
    }
    func deleteWedding(_ id: WeddingID) async throws { try await base.weddings.deleteWedding(id) }
    func fetchPreview(_ id: WeddingID) async -> WeddingPreview? { await base.weddings.fetchPreview(id) }

    // MARK: Guests

    var guestRecords: any RecordRepository<Guest> {
        ProbedRecords(base: base.guests.guestRecords, probe: probe, reads: .guests, writes: .guests)
    }
    func guestStats(in wedding: WeddingID) async throws -> GuestStats { try await base.guests.guestStats(in: wedding) }
    func seatingChart(in wedding: WeddingID) async throws -> SeatingChart { try await base.guests.seatingChart(in: wedding) }
    func searchGuests(_ filter: GuestFilter, in wedding: WeddingID) async throws -> [Guest] {
        try await base.guests.searchGuests(filter, in: wedding)
    }

    // MARK: Budget

    /// The budget store loads categories with expenses: one read, counted on the expenses.
    var categoryRecords: any RecordRepository<BudgetCategory> {
        ProbedRecords(base: base.budget.categoryRecords, probe: probe, reads: nil, writes: .budget)
    }
    var expenseRecords: any RecordRepository<Expense> {
        ProbedRecords(base: base.budget.expenseRecords, probe: probe, reads: .budget, writes: .budget)
    }
    func saveInstallment(_ installment: Installment, expenseID: UUID, expectedVersion: Int,
                         in wedding: WeddingID) async throws -> Expense {
        try await write(.budget, wedding)
        return try await base.budget.saveInstallment(installment, expenseID: expenseID, expectedVersion: expectedVersion, in: wedding)
    }
    func deleteInstallment(id: UUID, expenseID: UUID, expectedVersion: Int, in wedding: WeddingID) async throws -> Expense {
        try await write(.budget, wedding)
        return try await base.budget.deleteInstallment(id: id, expenseID: expenseID, expectedVersion: expectedVersion, in: wedding)
    }
    func budgetSummary(asOf today: CalendarDate, in wedding: WeddingID) async throws -> BudgetSummary {
        try await base.budget.budgetSummary(asOf: today, in: wedding)
    }
    func categoryMetrics(in wedding: WeddingID) async throws -> [CategoryMetrics] { try await base.budget.categoryMetrics(in: wedding) }
    func vendorPaymentTotals(in wedding: WeddingID) async throws -> [VendorPaymentTotal] {
        try await base.budget.vendorPaymentTotals(in: wedding)
    }
    func searchExpenses(_ filter: ExpenseFilter, in wedding: WeddingID) async throws -> [Expense] {
        try await base.budget.searchExpenses(filter, in: wedding)
    }
    func importExpenses(_ batch: ImportBatch<Expense>, newCategories: [BudgetCategory],
                        in wedding: WeddingID) async throws -> ImportOutcome<Expense> {
        try await write(.budget, wedding)
        return try await base.budget.importExpenses(batch, newCategories: newCategories, in: wedding)
    }

    // MARK: Vendors

    var vendorRecords: any RecordRepository<Vendor> {
        ProbedRecords(base: base.vendors.vendorRecords, probe: probe, reads: .vendors, writes: .vendors)
    }
    func vendorStats(in wedding: WeddingID) async throws -> VendorStats { try await base.vendors.vendorStats(in: wedding) }
    func searchVendors(_ filter: VendorFilter, in wedding: WeddingID) async throws -> [Vendor] {
        try await base.vendors.searchVendors(filter, in: wedding)
    }

    // MARK: Tasks

    var taskRecords: any RecordRepository<WeddingTask> {
        ProbedRecords(base: base.tasks.taskRecords, probe: probe, reads: .tasks, writes: .tasks)
    }
    func saveSubtask(_ subtask: Subtask, taskID: UUID, expectedVersion: Int, in wedding: WeddingID) async throws -> WeddingTask {
        try await write(.tasks, wedding)
        return try await base.tasks.saveSubtask(subtask, taskID: taskID, expectedVersion: expectedVersion, in: wedding)
    }
    func deleteSubtask(id: UUID, taskID: UUID, expectedVersion: Int, in wedding: WeddingID) async throws -> WeddingTask {
        try await write(.tasks, wedding)
        return try await base.tasks.deleteSubtask(id: id, taskID: taskID, expectedVersion: expectedVersion, in: wedding)
    }
    func taskStats(asOf today: CalendarDate, in wedding: WeddingID) async throws -> TaskStats {
        try await base.tasks.taskStats(asOf: today, in: wedding)
    }
    func searchTasks(_ filter: TaskFilter, in wedding: WeddingID) async throws -> [WeddingTask] {
        try await base.tasks.searchTasks(filter, in: wedding)
    }

    // MARK: Plain records

    /// Each plain record kind probed as the store that shows it: the timeline store loads the
    /// run sheet with the milestones, one read counted on the milestones; the gift store loads
    /// the money owed with the gifts, one read counted on the gifts; the budget store loads the
    /// scenarios (and the vendors, for their booked quotes) with the expenses.
    private static let domains: [RecordKind: (reads: StoreDomain?, writes: StoreDomain)] = [
        .milestone: (.timeline, .timeline), .runSheetItem: (nil, .timeline), .scenario: (nil, .budget),
        .gift: (.gifts, .gifts), .moneyOwed: (nil, .gifts), .seatingTable: (.seating, .seating), .seatingRule: (nil, .seating),
        .note: (.notes, .notes), .document: (.documents, .documents), .vendor: (nil, .vendors),
        .invitation: (nil, .guests),
    ]

    /// A change set is a write of each store whose kinds it changes.
    func commit(_ changes: RecordChangeSet, operation: String, in wedding: WeddingID) async throws -> CommittedChanges {
        var written: [StoreDomain] = []
        for step in changes.steps {
            let kind: RecordKind = switch step {
            case .create(let record), .recreate(let record), .update(let record): type(of: record).kind
            case .delete(let type, _): type.kind
            case .updateWedding: .wedding
            }
            if let domain = Self.writers[kind], !written.contains(domain) { written.append(domain) }
        }
        for domain in written { try await write(domain, wedding) }
        return try await base.commit(changes, operation: operation, in: wedding)
    }

    private static let writers: [RecordKind: StoreDomain] = [
        .wedding: .wedding, .guest: .guests, .category: .budget, .expense: .budget, .vendor: .vendors, .task: .tasks,
        .milestone: .timeline, .runSheetItem: .timeline, .scenario: .budget, .gift: .gifts, .moneyOwed: .gifts,
        .seatingTable: .seating, .seatingRule: .seating, .note: .notes, .document: .documents,
        .invitation: .guests,
    ]

    func records<R: TableRecord>(_ type: R.Type) -> any RecordRepository<R> {
        guard let domains = Self.domains[R.kind] else { preconditionFailure("no store shows \(R.kind) records yet") }
        return ProbedRecords(base: base.records(R.self), probe: probe, reads: domains.reads, writes: domains.writes)
    }
}
