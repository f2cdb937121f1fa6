import Foundation

/// One category's money: what was allocated, committed, paid and what is left.
public struct CategoryMetrics: Hashable, Sendable, Codable, Identifiable {
    public var id: UUID { categoryID }
    public var categoryID: UUID
    public var name: String
    public var allocated: Money
    /// Committed expenses in the category (cancelled and refunded excluded), each split
    /// expense counting only its share here.
    public var spent: Money
    public var paid: Money
    public var remaining: Money { allocated - spent }
    public var isOverBudget: Bool { spent > allocated }
    /// Spent as a share of allocated; above 1 when over budget, 0 with nothing allocated and nothing spent.
    public var fractionSpent: Double {
        allocated.minorUnits == 0 ? (spent.minorUnits == 0 ? 0 : 1) : Double(spent.minorUnits) / Double(allocated.minorUnits)
    }

    public static func all(categories: some Collection<BudgetCategory>, expenses: some Collection<Expense>) -> [CategoryMetrics] {
        var spent: [UUID: Money] = [:], paid: [UUID: Money] = [:]
        for expense in expenses {
            for share in expense.shares(of: expense.committed) { spent[share.categoryID, default: .zero] += share.amount }
            for share in expense.shares(of: expense.paid) { paid[share.categoryID, default: .zero] += share.amount }
        }
        return categories.map {
            CategoryMetrics(categoryID: $0.id, name: $0.name, allocated: $0.allocated,
                            spent: spent[$0.id] ?? .zero, paid: paid[$0.id] ?? .zero)
        }
    }
}

/// A payment still to make (`Expense.duePayments`): an unpaid installment, or what the
/// installments leave unpaid, due on the expense's due date (`installmentID` `nil`).
public struct DuePayment: Hashable, Sendable, Codable {
    public var expenseID: UUID
    public var expenseName: String
    public var installmentID: UUID?
    public var amount: Money
    public var dueDate: CalendarDate
}

/// The budget at a glance.
public struct BudgetSummary: Hashable, Sendable, Codable {
    public var totalBudget: Money
    /// Sum of the categories' allocations.
    public var allocated: Money
    /// What the allocations exceed the total budget by; zero when they fit in it.
    public var overAllocated: Money { max(.zero, allocated - totalBudget) }
    /// Committed expenses (cancelled and refunded excluded) plus `quoted`.
    public var committed: Money
    /// Booked vendors' quotes their expenses do not yet reach (`Vendor.uncoveredQuote`).
    public var quoted: Money
    public var paid: Money
    /// What counts as income: money gifts and contributions marked to count (`Gift.income`,
    /// `MoneyOwed.income`).
    public var income: Money
    /// Total budget plus income, minus committed.
    public var remaining: Money
    public var overBudgetCategories: [CategoryMetrics]
    /// Payments still owed from today through 30 days ahead (`Expense.duePayments`), overdue ones excluded.
    public var dueNext30Days: [DuePayment]
    /// Payments still owed that are overdue (`Expense.isOverdue`): past their date, or of an expense marked overdue.
    public var overdue: [DuePayment]
    /// Records holding an amount beyond `Money.limit` (only another program could write one), as
    /// "expense 'Hall' amount": the figures above cannot be trusted until they are corrected.
    public var amountsBeyondLimit: [String]
    public var dueNext30DaysTotal: Money { dueNext30Days.sum(\.amount) }
    public var overdueTotal: Money { overdue.sum(\.amount) }

    /// The summary as of `today`; `vendors` bring their booked quotes, `gifts` and `moneyOwed`
    /// what counts as income.
    public init(wedding: Wedding, categories: some Collection<BudgetCategory>, expenses: some Collection<Expense>,
                vendors: some Collection<Vendor> = [Vendor](), gifts: some Collection<Gift> = [Gift](),
                moneyOwed: some Collection<MoneyOwed> = [MoneyOwed](), today: CalendarDate) {
        totalBudget = wedding.totalBudget
        amountsBeyondLimit = Self.recordsBeyondLimit(wedding: wedding, categories: categories, expenses: expenses, vendors: vendors)
        allocated = categories.sum(\.allocated)
        quoted = vendors.sum { $0.uncoveredQuote(expenses: expenses) }
        committed = expenses.sum(\.committed) + quoted
        paid = expenses.sum(\.paid)
        income = gifts.sum(\.income) + moneyOwed.sum(\.income)
        remaining = totalBudget + income - committed
        overBudgetCategories = CategoryMetrics.all(categories: categories, expenses: expenses).filter(\.isOverBudget)
        let horizon = today.adding(days: 30)
        var due: [DuePayment] = [], overdue: [DuePayment] = []
        for expense in expenses {
            for payment in expense.duePayments(today: today) {
                if expense.isOverdue(payment, today: today) {
                    overdue.append(payment)
                } else if payment.dueDate <= horizon {
                    due.append(payment)
                }
            }
        }
        let byDate: (DuePayment, DuePayment) -> Bool = { ($0.dueDate, $0.expenseName) < ($1.dueDate, $1.expenseName) }
        dueNext30Days = due.sorted(by: byDate)
        self.overdue = overdue.sorted(by: byDate)
    }

    /// The records holding an amount beyond `Money.limit`, each with its field: "expense 'Hall' amount".
    public static func recordsBeyondLimit(wedding: Wedding, categories: some Collection<BudgetCategory>,
                                          expenses: some Collection<Expense>, vendors: some Collection<Vendor>) -> [String] {
        var found: [String] = []
        func check(_ amount: Money?, _ record: String, _ field: String) {
            if let amount, !amount.isWithinLimit { found.append("\(record) \(field)") }
        }
        check(wedding.totalBudget, "the wedding's", "total budget")
        for category in categories { check(category.allocated, "category '\(category.name)'", "allocated") }
        for expense in expenses {
            check(expense.amount, "expense '\(expense.name)'", "amount")
            for (index, installment) in expense.installments.enumerated() {
                check(installment.amount, "expense '\(expense.name)'", "installment \(index + 1)")
            }
        }
        for vendor in vendors { check(vendor.quotedAmount, "vendor '\(vendor.name)'", "quote") }
        return found
    }
}

/// What is committed to and paid to one vendor through expenses.
public struct VendorPaymentTotal: Hashable, Sendable, Codable, Identifiable {
    public var id: UUID { vendorID }
    public var vendorID: UUID
    public var committed: Money
    public var paid: Money

    public static func all(expenses: some Collection<Expense>) -> [VendorPaymentTotal] {
        var totals: [UUID: VendorPaymentTotal] = [:]
        for expense in expenses {
            guard let vendorID = expense.vendorID else { continue }
            totals[vendorID, default: VendorPaymentTotal(vendorID: vendorID, committed: .zero, paid: .zero)]
                .committed += expense.committed
            totals[vendorID]!.paid += expense.paid
        }
        return totals.values.sorted { $0.vendorID < $1.vendorID }
    }
}
