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
    /// Create, read, update, delete and import of guests.
    var guestRecords: any RecordRepository<Guest> { get }
    func guestStats(in wedding: WeddingID) async throws -> GuestStats
    func seatingChart(in wedding: WeddingID) async throws -> SeatingChart
    func searchGuests(_ filter: GuestFilter, in wedding: WeddingID) async throws -> [Guest]
}

/// Guests by name, for the command line, CSV transfer and tests: calls to `guestRecords`.
extension GuestRepository {
    public func fetchGuests(in wedding: WeddingID) async throws -> RecordTable<Guest> { try await guestRecords.fetchAll(in: wedding) }
    public func fetchGuest(id: UUID, in wedding: WeddingID) async throws -> Guest { try await guestRecords.fetch(id: id, in: wedding) }
    public func createGuest(_ guest: Guest, in wedding: WeddingID) async throws -> Guest {
        try await guestRecords.create(guest, in: wedding)
    }
    public func updateGuest(_ guest: Guest, in wedding: WeddingID) async throws -> Guest {
        try await guestRecords.update(guest, in: wedding)
    }
    public func deleteGuest(id: UUID, in wedding: WeddingID) async throws { try await guestRecords.delete(id: id, in: wedding) }
    /// Inserts and updates in one all-or-nothing write.
    public func importGuests(_ batch: ImportBatch<Guest>, in wedding: WeddingID) async throws -> ImportSummary {
        try await guestRecords.importBatch(batch, in: wedding).summary
    }
}

/// Budget categories, expenses and their installments.
public protocol BudgetRepository: Sendable {
    /// Create, read, update, delete and import of budget categories.
    var categoryRecords: any RecordRepository<BudgetCategory> { get }
    /// Create, read, update, delete and import of expenses.
    var expenseRecords: any RecordRepository<Expense> { get }
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
                        in wedding: WeddingID) async throws -> ImportOutcome<Expense>
}

/// Categories and expenses by name: calls to `categoryRecords` and `expenseRecords`.
extension BudgetRepository {
    public func fetchCategories(in wedding: WeddingID) async throws -> RecordTable<BudgetCategory> {
        try await categoryRecords.fetchAll(in: wedding)
    }
    public func createCategory(_ category: BudgetCategory, in wedding: WeddingID) async throws -> BudgetCategory {
        try await categoryRecords.create(category, in: wedding)
    }
    public func updateCategory(_ category: BudgetCategory, in wedding: WeddingID) async throws -> BudgetCategory {
        try await categoryRecords.update(category, in: wedding)
    }
    /// Refuses while expenses use the category; unlinks vendors, tasks and child categories.
    public func deleteCategory(id: UUID, in wedding: WeddingID) async throws { try await categoryRecords.delete(id: id, in: wedding) }

    public func fetchExpenses(in wedding: WeddingID) async throws -> RecordTable<Expense> { try await expenseRecords.fetchAll(in: wedding) }
    public func createExpense(_ expense: Expense, in wedding: WeddingID) async throws -> Expense {
        try await expenseRecords.create(expense, in: wedding)
    }
    public func updateExpense(_ expense: Expense, in wedding: WeddingID) async throws -> Expense {
        try await expenseRecords.update(expense, in: wedding)
    }
    public func deleteExpense(id: UUID, in wedding: WeddingID) async throws { try await expenseRecords.delete(id: id, in: wedding) }
}

/// Vendors of one wedding.
public protocol VendorRepository: Sendable {
    /// Create, read, update, delete and import of vendors.
    var vendorRecords: any RecordRepository<Vendor> { get }
    func vendorStats(in wedding: WeddingID) async throws -> VendorStats
    func searchVendors(_ filter: VendorFilter, in wedding: WeddingID) async throws -> [Vendor]
}

/// Vendors by name: calls to `vendorRecords`.
extension VendorRepository {
    public func fetchVendors(in wedding: WeddingID) async throws -> RecordTable<Vendor> { try await vendorRecords.fetchAll(in: wedding) }
    public func createVendor(_ vendor: Vendor, in wedding: WeddingID) async throws -> Vendor {
        try await vendorRecords.create(vendor, in: wedding)
    }
    public func updateVendor(_ vendor: Vendor, in wedding: WeddingID) async throws -> Vendor {
        try await vendorRecords.update(vendor, in: wedding)
    }
    /// Deletes the vendor and unlinks the expenses and tasks that named it.
    public func deleteVendor(id: UUID, in wedding: WeddingID) async throws { try await vendorRecords.delete(id: id, in: wedding) }
    public func importVendors(_ batch: ImportBatch<Vendor>, in wedding: WeddingID) async throws -> ImportSummary {
        try await vendorRecords.importBatch(batch, in: wedding).summary
    }
}

/// Tasks and their subtasks.
public protocol TaskRepository: Sendable {
    /// Create, read, update, delete and import of tasks.
    var taskRecords: any RecordRepository<WeddingTask> { get }
    /// Adds the subtask, or replaces the one with its id; version-checked against the task.
    func saveSubtask(_ subtask: Subtask, taskID: UUID, expectedVersion: Int,
                     in wedding: WeddingID) async throws -> WeddingTask
    func deleteSubtask(id: UUID, taskID: UUID, expectedVersion: Int,
                       in wedding: WeddingID) async throws -> WeddingTask
    func taskStats(asOf today: CalendarDate, in wedding: WeddingID) async throws -> TaskStats
    func searchTasks(_ filter: TaskFilter, in wedding: WeddingID) async throws -> [WeddingTask]
}

/// Tasks by name: calls to `taskRecords`.
extension TaskRepository {
    public func fetchTasks(in wedding: WeddingID) async throws -> RecordTable<WeddingTask> { try await taskRecords.fetchAll(in: wedding) }
    public func createTask(_ task: WeddingTask, in wedding: WeddingID) async throws -> WeddingTask {
        try await taskRecords.create(task, in: wedding)
    }
    public func updateTask(_ task: WeddingTask, in wedding: WeddingID) async throws -> WeddingTask {
        try await taskRecords.update(task, in: wedding)
    }
    public func importTasks(_ batch: ImportBatch<WeddingTask>, in wedding: WeddingID) async throws -> ImportSummary {
        try await taskRecords.importBatch(batch, in: wedding).summary
    }
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

/// What an import wrote: its summary and the records as stored (at their new versions).
public struct ImportOutcome<R: Record>: Sendable {
    public var summary: ImportSummary
    /// The inserted and updated records as stored, in the batch's order (inserts first).
    public var stored: [R]

    public init(summary: ImportSummary, stored: [R]) {
        self.summary = summary
        self.stored = stored
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
