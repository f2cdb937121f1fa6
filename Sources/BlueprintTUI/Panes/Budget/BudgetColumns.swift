import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The budget's two tables: categories (money and a bar) and the selected category's expenses.
@MainActor
enum BudgetColumns {
    static let categories = [
        TableColumn("Category", minWidth: 12, maxWidth: 28, flex: 2, priority: 10),
        TableColumn("Allocated", minWidth: 11, alignment: .right, priority: 6),
        TableColumn("Spent", minWidth: 11, alignment: .right, priority: 7),
        TableColumn("Remaining", minWidth: 15, alignment: .right, priority: 9),
        TableColumn("Used", minWidth: 10, maxWidth: 24, flex: 1, priority: 5),
        TableColumn("Paid", minWidth: 11, alignment: .right, priority: 4),
    ]

    /// Allocated, spent, remaining ("OVER -$12,500.00") and paid: money is never cut (`TableColumn.fitting`).
    static let categoryAmounts = [1, 2, 3, 5]

    /// The amount and what is paid of it.
    static let expenseAmounts = [2, 3]

    static func expenses(order: ListOrder<ExpenseSortKey>) -> [TableColumn] {
        func title(_ text: String, _ key: ExpenseSortKey?) -> DisplayText {
            guard let key, key == order.key else { return DisplayText(text) }
            return DisplayText(text + (order.ascending ? " ▲" : " ▼"))
        }
        return [
            TableColumn(title("Expense", .name), minWidth: 12, maxWidth: 32, flex: 2, priority: 10),
            TableColumn(title("Vendor", nil), minWidth: 10, maxWidth: 22, flex: 1, priority: 3),
            TableColumn(title("Amount", .amount), minWidth: 11, alignment: .right, priority: 9),
            TableColumn(title("Paid", nil), minWidth: 11, alignment: .right, priority: 5),
            TableColumn(title("Due", .dueDate), minWidth: 10, priority: 8),
            TableColumn(title("Status", .status), minWidth: 9, priority: 7),
            TableColumn(title("Plan", nil), minWidth: 21, maxWidth: 30, flex: 1, priority: 2),
        ]
    }

    /// A category's cells. Over budget shows in the danger style and says so in words, so it
    /// is unmistakable without colour too.
    static func categoryCell(_ metrics: CategoryMetrics, column: Int, currency: Currency, barWidth: Int) -> TableCell {
        let over = metrics.isOverBudget
        switch column {
        case 0: return TableCell(DisplayText(metrics.name), style: over ? .danger : .normal)
        case 1: return TableCell(DisplayText(Formats.money(metrics.allocated, currency)))
        case 2: return TableCell(DisplayText(Formats.money(metrics.spent, currency)), style: over ? .danger : .normal)
        case 3:
            let remaining = Formats.money(metrics.remaining, currency)
            return over ? TableCell(DisplayText("OVER " + remaining), style: .danger) : TableCell(DisplayText(remaining))
        case 4:
            let bar = Formats.bar(metrics.fractionSpent, width: max(1, barWidth))
            return TableCell(DisplayText(over ? bar + "!" : bar), style: over ? .danger : metrics.fractionSpent >= 0.9 ? .warning : .success)
        default: return TableCell(DisplayText(Formats.money(metrics.paid, currency)), style: .muted)
        }
    }

    static func expenseCell(_ expense: Expense, column: Int, currency: Currency, vendorName: (UUID) -> String?,
                            today: CalendarDate, isMatch: Bool) -> TableCell {
        switch column {
        case 0: return TableCell(DisplayText(expense.name), style: isMatch ? .accent : .normal)
        case 1: return TableCell(DisplayText(expense.vendorID.flatMap(vendorName) ?? ""), style: .muted)
        case 2: return TableCell(DisplayText(Formats.money(expense.amount, currency)))
        case 3: return TableCell(DisplayText(Formats.money(expense.paid, currency)), style: .muted)
        case 4:
            let late = isLate(expense, today: today)
            return TableCell(DisplayText(Formats.date(expense.dueDate)), style: late ? .danger : .normal)
        case 5:
            let standing = expense.standing(today: today)
            return TableCell(DisplayText(Formats.label(standing.rawValue)), style: style(standing))
        default: return TableCell(DisplayText(plan(expense, currency: currency)), style: .muted)
        }
    }

    /// With installments, how much of the amount is paid ("$400 of $1,000 paid"); else empty.
    static func plan(_ expense: Expense, currency: Currency) -> String {
        guard !expense.installments.isEmpty else { return "" }
        return "\(Formats.shortMoney(expense.paid, currency)) of \(Formats.shortMoney(expense.amount, currency)) paid"
    }

    /// Something owed on it is overdue (`Expense.standing`).
    static func isLate(_ expense: Expense, today: CalendarDate) -> Bool {
        expense.standing(today: today) == .overdue
    }

    static func style(_ standing: PaymentStanding) -> TextStyle {
        switch standing {
        case .paid: .success
        case .overdue: .danger
        case .partlyPaid: .warning
        case .cancelled, .refunded: .muted
        case .due: .normal
        }
    }
}
