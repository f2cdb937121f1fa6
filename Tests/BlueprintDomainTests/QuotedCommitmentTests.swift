import BlueprintDomain
import Foundation
import Testing

/// A booked vendor's quote counts as committed until its linked expenses reach it.
@Suite("QuotedCommitment")
struct QuotedCommitmentTests {
    static let today = day("2026-06-01")
    static let band = Vendor(id: uuid(1), name: "Band", status: .booked, quotedAmount: usd(12_500), createdAt: createdTime)
    static let deposit = Expense(id: uuid(10), name: "Band deposit", categoryID: uuid(2), vendorID: band.id, amount: usd(2_500),
                                 dueDate: today, createdAt: createdTime)

    static func committed(_ vendors: [Vendor], _ expenses: [Expense]) -> Money {
        BudgetSummary(wedding: fixtureWedding, categories: [], expenses: expenses, vendors: vendors, today: today).committed
    }

    @Test("a booked vendor's quote with no expense yet is committed, and remaining shrinks by it")
    func quoteWithoutExpense() {
        let summary = BudgetSummary(wedding: fixtureWedding, categories: [], expenses: [], vendors: [Self.band], today: Self.today)
        #expect(summary.committed == usd(12_500))
        #expect(summary.quoted == usd(12_500))
        #expect(summary.remaining == fixtureWedding.totalBudget - usd(12_500))
    }

    @Test("expenses below the quote leave the quote committed; above it, the expenses count")
    func expensesReachTheQuote() {
        #expect(Self.committed([Self.band], [Self.deposit]) == usd(12_500))
        var big = Self.deposit
        big.amount = usd(13_000)
        #expect(Self.committed([Self.band], [big]) == usd(13_000))
    }

    @Test("a vendor not booked, or archived, commits nothing by its quote")
    func notBooked() {
        var quoted = Self.band
        quoted.status = .quoted
        #expect(Self.committed([quoted], [Self.deposit]) == usd(2_500))
        var archived = Self.band
        archived.isArchived = true
        #expect(Self.committed([archived], []) == .zero)
    }
}
