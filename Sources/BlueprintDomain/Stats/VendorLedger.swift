/// One vendor's money: the quote, what its linked expenses commit, what is paid, and the dated
/// payments still owed, the overdue ones marked.
public struct VendorLedger: Hashable, Sendable {
    /// A dated payment still owed to the vendor.
    public struct Due: Hashable, Sendable {
        public var payment: DuePayment
        /// Its date has passed, or its expense is marked overdue.
        public var isOverdue: Bool
    }

    /// The vendor's quote, if it gave one.
    public var quoted: Money?
    /// The linked expenses' amounts (cancelled and refunded excluded).
    public var committed: Money
    public var paid: Money
    /// Committed minus paid, dated or not.
    public var outstanding: Money
    /// Payments still owed with a date (`Expense.duePayments`), earliest first.
    public var due: [Due]
    public var overdueTotal: Money { due.filter(\.isOverdue).sum(\.payment.amount) }

    /// The ledger of `vendor` from the wedding's `expenses` (those linked to other vendors are ignored).
    public init(vendor: Vendor, expenses: some Collection<Expense>, today: CalendarDate) {
        let linked = expenses.filter { $0.vendorID == vendor.id }
        quoted = vendor.quotedAmount
        committed = linked.sum(\.committed)
        paid = linked.sum(\.paid)
        outstanding = linked.sum(\.outstanding)
        due = linked.flatMap { expense in
            expense.duePayments(today: today).map { Due(payment: $0, isOverdue: expense.isOverdue($0, today: today)) }
        }.sorted { ($0.payment.dueDate, $0.payment.expenseName) < ($1.payment.dueDate, $1.payment.expenseName) }
    }
}
