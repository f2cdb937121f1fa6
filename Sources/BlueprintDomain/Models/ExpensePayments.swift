/// What is still owed on an expense and when: the one rule behind every money figure (the budget
/// summary and so the header, dashboard and `stats --json`, the vendor ledger, the calendar's
/// to-dos and the status the planner shows).
///
/// Still owed is the amount less what was paid. Unpaid installments are due on their own dates
/// (in date order, never more in all than is owed); whatever they leave is due on the expense's
/// due date. A payment is overdue once its date has passed, or when the expense is marked overdue.
extension Expense {
    /// The dated payments still owed, earliest first. An expense marked overdue without a due
    /// date owes what its installments leave on `today` (left out when `today` is `nil`).
    public func duePayments(today: CalendarDate? = nil) -> [DuePayment] {
        var owed = outstanding
        guard owed > .zero else { return [] }
        var payments: [DuePayment] = []
        let schedule = installments.filter { !$0.isPaid }.sorted { ($0.dueDate, $0.id) < ($1.dueDate, $1.id) }
        for installment in schedule where owed > .zero && installment.amount > .zero {
            let amount = min(installment.amount, owed)
            payments.append(DuePayment(expenseID: id, expenseName: name, installmentID: installment.id,
                                       amount: amount, dueDate: installment.dueDate))
            owed -= amount
        }
        if owed > .zero, let date = dueDate ?? (paymentStatus == .overdue ? today : nil) {
            payments.append(DuePayment(expenseID: id, expenseName: name, installmentID: nil, amount: owed, dueDate: date))
        }
        return payments.sorted { ($0.dueDate, $0.installmentID == nil ? 1 : 0) < ($1.dueDate, $1.installmentID == nil ? 1 : 0) }
    }

    /// Whether `payment`, one of this expense's, is overdue on `today`.
    public func isOverdue(_ payment: DuePayment, today: CalendarDate) -> Bool {
        payment.dueDate < today || paymentStatus == .overdue
    }

    /// Where the expense stands, from its money as of `today`.
    public func standing(today: CalendarDate) -> PaymentStanding {
        switch paymentStatus {
        case .cancelled: return .cancelled
        case .refunded: return .refunded
        case .pending, .partial, .paid, .overdue:
            if outstanding == .zero { return .paid }
            if duePayments(today: today).contains(where: { isOverdue($0, today: today) }) { return .overdue }
            return paid > .zero ? .partlyPaid : .due
        }
    }
}

/// Where an expense stands, derived from its money (`Expense.standing`), as people see it. The
/// cases run from what needs paying first to what is done with, the order sorting by status shows.
public enum PaymentStanding: String, Sendable, CaseIterable {
    case overdue, due, partlyPaid = "part paid", paid, cancelled, refunded
}
