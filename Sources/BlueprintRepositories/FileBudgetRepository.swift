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

    public var categoryRecords: any RecordRepository<BudgetCategory> { FileRecordRepository(access: access) }

    public var expenseRecords: any RecordRepository<Expense> { FileRecordRepository(access: access) }

    // MARK: Installments

    public func saveInstallment(_ installment: Installment, expenseID: UUID, expectedVersion: Int,
                                in wedding: WeddingID) async throws -> Expense {
        let isNew = try await access.read(wedding) {
            try !$0.existing(Expense.self, expenseID).installments.contains { $0.id == installment.id }
        }
        return try await access.write(CacheOperation(isNew ? .installmentCreated : .installmentUpdated, in: wedding)) { transaction in
            var expense = try transaction.dataset.existing(Expense.self, expenseID)
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
            var expense = try transaction.dataset.existing(Expense.self, expenseID)
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
            BudgetSummary(wedding: $0.wedding, categories: $0.categories, expenses: $0.expenses, vendors: $0.vendors, gifts: $0.gifts,
                          moneyOwed: $0.moneyOwed, today: today)
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
                               in wedding: WeddingID) async throws -> ImportOutcome<Expense> {
        // The import also creates the categories its rows name.
        let operation = CacheOperation(.record(.imported, .expense), also: [.record(.created, .category)], in: wedding)
        return try await access.write(operation) { transaction in
            for category in newCategories { try transaction.insert(category) }
            return try transaction.apply(batch)
        }
    }
}
