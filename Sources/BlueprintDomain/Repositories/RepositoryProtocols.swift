import Foundation

/// Weddings in one data directory. A planner keeps many; a couple usually one.
public protocol WeddingRepository: Sendable {
    func fetchWeddings() async throws -> [Wedding]
    func fetchWedding(_ id: WeddingID) async throws -> Wedding
    /// Resolves what a user typed: an id, or an exact (case-insensitive) display name.
    func findWedding(_ nameOrID: String) async throws -> Wedding
    func createWedding(_ wedding: Wedding) async throws -> Wedding
    /// Stores a new wedding together with all the records of `dataset` (a demo, a restore).
    func createWedding(from dataset: WeddingDataset) async throws -> Wedding
    /// Saves settings (names, date, currency, total budget, meal options); version-checked.
    func updateWedding(_ wedding: Wedding) async throws -> Wedding
    func deleteWedding(_ id: WeddingID) async throws
    /// What the wedding's first frame shows, read without loading its guest list, when the
    /// storage keeps a current one; `nil` otherwise (the full load then shows everything).
    func fetchPreview(_ id: WeddingID) async -> WeddingPreview?
}

/// The guest list of one wedding per call.
public protocol GuestRepository: Sendable {
    func fetchGuests(in wedding: WeddingID) async throws -> [Guest]
    func fetchGuest(id: UUID, in wedding: WeddingID) async throws -> Guest
    func createGuest(_ guest: Guest, in wedding: WeddingID) async throws -> Guest
    func updateGuest(_ guest: Guest, in wedding: WeddingID) async throws -> Guest
    func deleteGuest(id: UUID, in wedding: WeddingID) async throws
    func guestStats(in wedding: WeddingID) async throws -> GuestStats
    func seatingChart(in wedding: WeddingID) async throws -> SeatingChart
    func searchGuests(_ filter: GuestFilter, in wedding: WeddingID) async throws -> [Guest]
    /// Inserts and updates in one all-or-nothing write.
    func importGuests(_ batch: ImportBatch<Guest>, in wedding: WeddingID) async throws -> ImportSummary
}

/// Budget categories, expenses and their installments.
public protocol BudgetRepository: Sendable {
    func fetchCategories(in wedding: WeddingID) async throws -> [BudgetCategory]
    func fetchCategory(id: UUID, in wedding: WeddingID) async throws -> BudgetCategory
    func createCategory(_ category: BudgetCategory, in wedding: WeddingID) async throws -> BudgetCategory
    func updateCategory(_ category: BudgetCategory, in wedding: WeddingID) async throws -> BudgetCategory
    /// Refuses while expenses use the category; unlinks vendors, tasks and child categories.
    func deleteCategory(id: UUID, in wedding: WeddingID) async throws

    func fetchExpenses(in wedding: WeddingID) async throws -> [Expense]
    func fetchExpense(id: UUID, in wedding: WeddingID) async throws -> Expense
    func createExpense(_ expense: Expense, in wedding: WeddingID) async throws -> Expense
    func updateExpense(_ expense: Expense, in wedding: WeddingID) async throws -> Expense
    func deleteExpense(id: UUID, in wedding: WeddingID) async throws
    /// Adds the installment, or replaces the one with its id; version-checked against the expense.
    func saveInstallment(_ installment: Installment, expenseID: UUID, expectedVersion: Int,
                         in wedding: WeddingID) async throws -> Expense
    func deleteInstallment(id: UUID, expenseID: UUID, expectedVersion: Int,
                           in wedding: WeddingID) async throws -> Expense

    func budgetSummary(asOf today: CalendarDate, in wedding: WeddingID) async throws -> BudgetSummary
    func categoryMetrics(in wedding: WeddingID) async throws -> [CategoryMetrics]
    func vendorPaymentTotals(in wedding: WeddingID) async throws -> [VendorPaymentTotal]
    func searchExpenses(_ filter: ExpenseFilter, in wedding: WeddingID) async throws -> [Expense]
    /// Creates `newCategories` (named by imported rows but not yet in the wedding), then applies
    /// the batch, all in one all-or-nothing write.
    func importExpenses(_ batch: ImportBatch<Expense>, newCategories: [BudgetCategory],
                        in wedding: WeddingID) async throws -> ImportSummary
}

/// Vendors of one wedding.
public protocol VendorRepository: Sendable {
    func fetchVendors(in wedding: WeddingID) async throws -> [Vendor]
    func fetchVendor(id: UUID, in wedding: WeddingID) async throws -> Vendor
    func createVendor(_ vendor: Vendor, in wedding: WeddingID) async throws -> Vendor
    func updateVendor(_ vendor: Vendor, in wedding: WeddingID) async throws -> Vendor
    /// Deletes the vendor and unlinks the expenses and tasks that named it.
    func deleteVendor(id: UUID, in wedding: WeddingID) async throws
    func vendorStats(in wedding: WeddingID) async throws -> VendorStats
    func searchVendors(_ filter: VendorFilter, in wedding: WeddingID) async throws -> [Vendor]
    func importVendors(_ batch: ImportBatch<Vendor>, in wedding: WeddingID) async throws -> ImportSummary
}

/// Tasks and their subtasks.
public protocol TaskRepository: Sendable {
    func fetchTasks(in wedding: WeddingID) async throws -> [WeddingTask]
    func fetchTask(id: UUID, in wedding: WeddingID) async throws -> WeddingTask
    func createTask(_ task: WeddingTask, in wedding: WeddingID) async throws -> WeddingTask
    func updateTask(_ task: WeddingTask, in wedding: WeddingID) async throws -> WeddingTask
    func deleteTask(id: UUID, in wedding: WeddingID) async throws
    /// Adds the subtask, or replaces the one with its id; version-checked against the task.
    func saveSubtask(_ subtask: Subtask, taskID: UUID, expectedVersion: Int,
                     in wedding: WeddingID) async throws -> WeddingTask
    func deleteSubtask(id: UUID, taskID: UUID, expectedVersion: Int,
                       in wedding: WeddingID) async throws -> WeddingTask
    func taskStats(asOf today: CalendarDate, in wedding: WeddingID) async throws -> TaskStats
    func searchTasks(_ filter: TaskFilter, in wedding: WeddingID) async throws -> [WeddingTask]
    func importTasks(_ batch: ImportBatch<WeddingTask>, in wedding: WeddingID) async throws -> ImportSummary
}

/// Records to insert and records to update, applied together or not at all.
public struct ImportBatch<R: Record>: Sendable {
    public var inserts: [R]
    /// Each carries the version it was read at; a stale one fails the whole batch.
    public var updates: [R]

    public init(inserts: [R] = [], updates: [R] = []) {
        self.inserts = inserts
        self.updates = updates
    }
}

/// What an import wrote (or, in a dry run, would write).
public struct ImportSummary: Hashable, Sendable, Codable {
    public var inserted: Int
    public var updated: Int
    public var unchanged: Int

    public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }
}
