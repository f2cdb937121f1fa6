import BlueprintDomain
import BlueprintStorage
import BlueprintStores
import Foundation

/// The five repositories of `Repositories`, with each call passing a `LoadProbe` first.
///
/// Store loads are reads: `fetchWedding` (wedding), `fetchGuests`, `fetchExpenses` (budget),
/// `fetchVendors`, `fetchTasks`. Every create, update, delete, save and import is a write of
/// its store. Other calls pass unwatched.
struct ProbedRepositories: WeddingRepository, GuestRepository, BudgetRepository, VendorRepository, TaskRepository, ChangeFeed {
    let base: Repositories
    let probe: LoadProbe

    private func read(_ domain: StoreDomain, _ wedding: WeddingID) async throws {
        try await probe.enter(.read(domain), wedding: wedding)
    }

    private func write(_ domain: StoreDomain, _ wedding: WeddingID) async throws {
        try await probe.enter(.write(domain), wedding: wedding)
    }

    func changes(in wedding: WeddingID) -> AsyncStream<RepositoryChange> { base.changes(in: wedding) }
    func isLive(_ wedding: WeddingID) -> Bool { base.isLive(wedding) }
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

    func fetchGuests(in wedding: WeddingID) async throws -> [Guest] {
        try await read(.guests, wedding)
        return try await base.guests.fetchGuests(in: wedding)
    }
    func fetchGuest(id: UUID, in wedding: WeddingID) async throws -> Guest { try await base.guests.fetchGuest(id: id, in: wedding) }
    func createGuest(_ guest: Guest, in wedding: WeddingID) async throws -> Guest {
        try await write(.guests, wedding)
        return try await base.guests.createGuest(guest, in: wedding)
    }
    func updateGuest(_ guest: Guest, in wedding: WeddingID) async throws -> Guest {
        try await write(.guests, wedding)
        return try await base.guests.updateGuest(guest, in: wedding)
    }
    func deleteGuest(id: UUID, in wedding: WeddingID) async throws {
        try await write(.guests, wedding)
        try await base.guests.deleteGuest(id: id, in: wedding)
    }
    func guestStats(in wedding: WeddingID) async throws -> GuestStats { try await base.guests.guestStats(in: wedding) }
    func seatingChart(in wedding: WeddingID) async throws -> SeatingChart { try await base.guests.seatingChart(in: wedding) }
    func searchGuests(_ filter: GuestFilter, in wedding: WeddingID) async throws -> [Guest] {
        try await base.guests.searchGuests(filter, in: wedding)
    }
    func importGuests(_ batch: ImportBatch<Guest>, in wedding: WeddingID) async throws -> ImportSummary {
        try await write(.guests, wedding)
        return try await base.guests.importGuests(batch, in: wedding)
    }

    // MARK: Budget

    func fetchCategories(in wedding: WeddingID) async throws -> [BudgetCategory] { try await base.budget.fetchCategories(in: wedding) }
    func fetchCategory(id: UUID, in wedding: WeddingID) async throws -> BudgetCategory {
        try await base.budget.fetchCategory(id: id, in: wedding)
    }
    func createCategory(_ category: BudgetCategory, in wedding: WeddingID) async throws -> BudgetCategory {
        try await write(.budget, wedding)
        return try await base.budget.createCategory(category, in: wedding)
    }
    func updateCategory(_ category: BudgetCategory, in wedding: WeddingID) async throws -> BudgetCategory {
        try await write(.budget, wedding)
        return try await base.budget.updateCategory(category, in: wedding)
    }
    func deleteCategory(id: UUID, in wedding: WeddingID) async throws {
        try await write(.budget, wedding)
        try await base.budget.deleteCategory(id: id, in: wedding)
    }
    func fetchExpenses(in wedding: WeddingID) async throws -> [Expense] {
        try await read(.budget, wedding)
        return try await base.budget.fetchExpenses(in: wedding)
    }
    func fetchExpense(id: UUID, in wedding: WeddingID) async throws -> Expense { try await base.budget.fetchExpense(id: id, in: wedding) }
    func createExpense(_ expense: Expense, in wedding: WeddingID) async throws -> Expense {
        try await write(.budget, wedding)
        return try await base.budget.createExpense(expense, in: wedding)
    }
    func updateExpense(_ expense: Expense, in wedding: WeddingID) async throws -> Expense {
        try await write(.budget, wedding)
        return try await base.budget.updateExpense(expense, in: wedding)
    }
    func deleteExpense(id: UUID, in wedding: WeddingID) async throws {
        try await write(.budget, wedding)
        try await base.budget.deleteExpense(id: id, in: wedding)
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
                        in wedding: WeddingID) async throws -> ImportSummary {
        try await write(.budget, wedding)
        return try await base.budget.importExpenses(batch, newCategories: newCategories, in: wedding)
    }

    // MARK: Vendors

    func fetchVendors(in wedding: WeddingID) async throws -> [Vendor] {
        try await read(.vendors, wedding)
        return try await base.vendors.fetchVendors(in: wedding)
    }
    func fetchVendor(id: UUID, in wedding: WeddingID) async throws -> Vendor { try await base.vendors.fetchVendor(id: id, in: wedding) }
    func createVendor(_ vendor: Vendor, in wedding: WeddingID) async throws -> Vendor {
        try await write(.vendors, wedding)
        return try await base.vendors.createVendor(vendor, in: wedding)
    }
    func updateVendor(_ vendor: Vendor, in wedding: WeddingID) async throws -> Vendor {
        try await write(.vendors, wedding)
        return try await base.vendors.updateVendor(vendor, in: wedding)
    }
    func deleteVendor(id: UUID, in wedding: WeddingID) async throws {
        try await write(.vendors, wedding)
        try await base.vendors.deleteVendor(id: id, in: wedding)
    }
    func vendorStats(in wedding: WeddingID) async throws -> VendorStats { try await base.vendors.vendorStats(in: wedding) }
    func searchVendors(_ filter: VendorFilter, in wedding: WeddingID) async throws -> [Vendor] {
        try await base.vendors.searchVendors(filter, in: wedding)
    }
    func importVendors(_ batch: ImportBatch<Vendor>, in wedding: WeddingID) async throws -> ImportSummary {
        try await write(.vendors, wedding)
        return try await base.vendors.importVendors(batch, in: wedding)
    }

    // MARK: Tasks

    func fetchTasks(in wedding: WeddingID) async throws -> [WeddingTask] {
        try await read(.tasks, wedding)
        return try await base.tasks.fetchTasks(in: wedding)
    }
    func fetchTask(id: UUID, in wedding: WeddingID) async throws -> WeddingTask { try await base.tasks.fetchTask(id: id, in: wedding) }
    func createTask(_ task: WeddingTask, in wedding: WeddingID) async throws -> WeddingTask {
        try await write(.tasks, wedding)
        return try await base.tasks.createTask(task, in: wedding)
    }
    func updateTask(_ task: WeddingTask, in wedding: WeddingID) async throws -> WeddingTask {
        try await write(.tasks, wedding)
        return try await base.tasks.updateTask(task, in: wedding)
    }
    func deleteTask(id: UUID, in wedding: WeddingID) async throws {
        try await write(.tasks, wedding)
        try await base.tasks.deleteTask(id: id, in: wedding)
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
    func importTasks(_ batch: ImportBatch<WeddingTask>, in wedding: WeddingID) async throws -> ImportSummary {
        try await write(.tasks, wedding)
        return try await base.tasks.importTasks(batch, in: wedding)
    }
}
