import BlueprintDomain

/// The columns the expense list sorts by.
public enum ExpenseSortKey: String, ListSortKey {
    case dueDate, name, amount, status

    public var title: String {
        switch self {
        case .dueDate: return "Due"
        case .name: return "Expense"
        case .amount: return "Amount"
        case .status: return "Status"
        }
    }

    /// Due dates ascending put undated expenses last; statuses ascending put what is overdue
    /// first (`PaymentStanding`'s order), as the money says on `today`.
    public func sortValue(of expense: Expense, today: CalendarDate) -> (rank: Int64, text: String) {
        let name = expense.name.lowercased()
        switch self {
        case .dueDate: return (expense.dueDate.map { Int64($0.daysSince1970) } ?? .max, name)
        case .name: return (0, name)
        case .amount: return (expense.amount.minorUnits, name)
        case .status: return (Int64(PaymentStanding.allCases.firstIndex(of: expense.standing(today: today))!), name)
        }
    }
}
