/// Budget categories, expenses and their installments.
public struct BudgetCacheStrategy: CacheInvalidationStrategy {
    public init() {}

    public func resources(invalidatedBy action: CacheOperation.Action) -> Set<CacheResource> {
        let categoryFigures: Set<CacheResource> = [.budgetCategories, .budgetSummary, .categoryMetrics]
        let expenseFigures: Set<CacheResource> = [.expenses, .budgetSummary, .categoryMetrics, .vendorPaymentTotals]
        switch action {
        case .categoryCreated, .categoryUpdated:
            return categoryFigures
        case .categoryDeleted:
            // Deleting a category unlinks the vendors and tasks that named it.
            return categoryFigures.union([.vendors, .tasks])
        case .expenseCreated, .expenseUpdated, .expenseDeleted,
             .installmentCreated, .installmentUpdated, .installmentDeleted:
            return expenseFigures
        case .expensesImported:
            // An import also creates the categories its rows name.
            return expenseFigures.union([.budgetCategories])
        default:
            return []
        }
    }
}
