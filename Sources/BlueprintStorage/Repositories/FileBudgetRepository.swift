import BlueprintCache
import BlueprintDomain
import Foundation

/// Budget categories, expenses and installments, read through the cache and written durably
/// to a `WeddingDataHost`.
public struct FileBudgetRepository: BudgetRepository {
    let access: DataAccess

    public init(host: any WeddingDataHost, cache: RepositoryCache) {
        access = DataAccess(host: host, cache: cache)
    }

    // MARK: Categories

    public func fetchCategories(in wedding: WeddingID) async throws -> [BudgetCategory] {
        try await access.cached(.budgetCategories, wedding) { $0.categories.records }
    }

    public func fetchCategory(id: UUID, in wedding: WeddingID) async throws -> BudgetCategory {
        try await access.read(wedding) { dataset in
            guard let category = dataset.categories[id] else { throw RepositoryError.notFound(.category, id: id) }
            return category
        }
    }

    public func createCategory(_ category: BudgetCategory, in wedding: WeddingID) async throws -> BudgetCategory {
        try await access.write(CacheOperation(.created, .category, in: wedding)) { try $0.insert(category) }
    }

    public func updateCategory(_ category: BudgetCategory, in wedding: WeddingID) async throws -> BudgetCategory {
        try await access.write(CacheOperation(.updated, .category, in: wedding)) { try $0.update(category) }
    }

    public func deleteCategory(id: UUID, in wedding: WeddingID) async throws {
        try await access.write(CacheOperation(.deleted, .category, in: wedding)) { try $0.delete(BudgetCategory.self, id: id) }
    }

    // MARK: Expenses and installments

    public func fetchExpenses(in wedding: WeddingID) async throws -> [Expense] {
        try await access.cached(.expenses, wedding) { $0.expenses.records }
    }

    public func fetchExpense(id: UUID, in wedding: WeddingID) async throws -> Expense {
        try await access.read(wedding) { try $0.expense(id) }
    }

    public func createExpense(_ expense: Expense, in wedding: WeddingID) async throws -> Expense {
        try await access.write(CacheOperation(.created, .expense, in: wedding)) { try $0.insert(expense) }
    }

    public func updateExpense(_ expense: Expense, in wedding: WeddingID) async throws -> Expense {
        try await access.write(CacheOperation(.updated, .expense, in: wedding)) { try $0.update(expense) }
    }

    public func deleteExpense(id: UUID, in wedding: WeddingID) async throws {
        try await access.write(CacheOperation(.deleted, .expense, in: wedding)) { try $0.delete(Expense.self, id: id) }
    }

    public func saveInstallment(_ installment: Installment, expenseID: UUID, expectedVersion: Int,
                                in wedding: WeddingID) async throws -> Expense {
        let isNew = try await access.read(wedding) { try !$0.expense(expenseID).installments.contains { $0.id == installment.id } }
        return try await access.write(CacheOperation(isNew ? .installmentCreated : .installmentUpdated, in: wedding)) { transaction in
            var expense = try transaction.dataset.expense(expenseID)
            expense.version = expectedVersion
            if let index = expense.installments.firstIndex(where: { $0.id == installment.id }) {
                expense.installments[index] = installment
            } else {
                expense.installments.append(installment)
            }
            return try transaction.update(expense)
        }
    }

    public func deleteInstallment(id: UUID, expenseID: UUID, expectedVersion: Int,
                                  in wedding: WeddingID) async throws -> Expense {
        try await access.write(CacheOperation(.installmentDeleted, in: wedding)) { transaction in
            var expense = try transaction.dataset.expense(expenseID)
            guard let index = expense.installments.firstIndex(where: { $0.id == id }) else {
                throw RepositoryError.invalid(.expense, [ValidationIssue(
                    field: "installments", message: "no installment with id \(id.uuidString.lowercased())")])
            }
            expense.version = expectedVersion
            expense.installments.remove(at: index)
            return try transaction.update(expense)
        }
    }

    // MARK: Figures

    public func budgetSummary(asOf today: CalendarDate, in wedding: WeddingID) async throws -> BudgetSummary {
        try await access.cached(.budgetSummary, wedding, asOf: today) {
            BudgetSummary(wedding: $0.wedding, categories: $0.categories, expenses: $0.expenses, today: today)
        }
    }

    public func categoryMetrics(in wedding: WeddingID) async throws -> [CategoryMetrics] {
        try await access.cached(.categoryMetrics, wedding) {
            CategoryMetrics.all(categories: $0.categories, expenses: $0.expenses)
        }
    }

    public func vendorPaymentTotals(in wedding: WeddingID) async throws -> [VendorPaymentTotal] {
        try await access.cached(.vendorPaymentTotals, wedding) { VendorPaymentTotal.all(expenses: $0.expenses) }
    }

    public func searchExpenses(_ filter: ExpenseFilter, in wedding: WeddingID) async throws -> [Expense] {
        try await fetchExpenses(in: wedding).filter(filter.matches)
    }

    public func importExpenses(_ batch: ImportBatch<Expense>, newCategories: [BudgetCategory],
                               in wedding: WeddingID) async throws -> ImportSummary {
        try await access.write(CacheOperation(.record(.imported, .expense), also: [.record(.created, .category)], in: wedding)) { transaction in
            for category in newCategories { try transaction.insert(category) }
            return try transaction.apply(batch)
        }
    }
}
