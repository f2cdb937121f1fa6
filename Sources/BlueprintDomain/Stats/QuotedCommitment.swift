/// A booked vendor's quote counts as committed until the expenses linked to the vendor reach it;
/// from then on the expenses alone count. Archived vendors and those not booked commit nothing.
extension Vendor {
    /// What of the quote the linked committed expenses do not yet cover (zero unless booked
    /// with a quote); `expenses` may include other vendors' (they are ignored).
    public func uncoveredQuote(expenses: some Collection<Expense>) -> Money {
        guard status == .booked, !isArchived, let quote = quotedAmount else { return .zero }
        let expensed = expenses.filter { $0.vendorID == id }.sum(\.committed)
        return max(.zero, quote - expensed)
    }
}
