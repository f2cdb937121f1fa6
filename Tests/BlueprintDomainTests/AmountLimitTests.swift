import BlueprintDomain
import Foundation
import Testing

/// Amounts are limited on entry (`Money.limit`), and sums never trap on what got past it.
@Suite("AmountLimit")
struct AmountLimitTests {
    static let huge = Money(minorUnits: 99_999_999_999_999_999)

    @Test("typed amounts beyond 10^12 minor units are refused; the limit itself is accepted")
    func parsing() throws {
        #expect(try Currency.usd.parse("10,000,000,000.00") == Money.limit)
        #expect(throws: MoneyParseError.tooLarge("10000000000.01")) { try Currency.usd.parse("10000000000.01") }
        #expect(throws: MoneyParseError.tooLarge("999999999999999.99")) { try Currency.usd.parse("999999999999999.99") }
    }

    @Test("an expense, installment, allocation or quote beyond the limit is a validation issue naming its field")
    func validation() {
        let dataset = WeddingDataset(wedding: fixtureWedding)
        var expense = Expense(name: "Hall", categoryID: uuid(1), amount: Self.huge, createdAt: createdTime)
        expense.installments = [Installment(amount: Self.huge, dueDate: day("2026-06-01"))]
        let fields = expense.validationIssues(in: dataset).map(\.field)
        #expect(fields.contains("amount") && fields.contains("installments[1].amount"))
        #expect(BudgetCategory(name: "Venue", allocated: Self.huge).validationIssues(in: dataset).map(\.field) == ["allocated"])
        #expect(Vendor(name: "Hall", quotedAmount: Self.huge).validationIssues(in: dataset).map(\.field) == ["quotedAmount"])
    }

    @Test("a wedding already holding 100 such amounts still sums without trapping")
    func summingNeverTraps() {
        let expenses = (0..<100).map { Expense(id: uuid(100 + $0), name: "Row \($0)", categoryID: uuid(1), amount: Self.huge,
                                               dueDate: day("2026-06-02"), createdAt: createdTime) }
        let summary = BudgetSummary(wedding: fixtureWedding, categories: [BudgetCategory(name: "Venue", allocated: Self.huge)],
                                    expenses: expenses, today: day("2026-06-01"))
        #expect(summary.committed == Money(minorUnits: .max))
        #expect(summary.amountsBeyondLimit.count == 101)
        #expect(summary.amountsBeyondLimit.first == "category 'Venue' allocated")
        #expect(summary.amountsBeyondLimit.last == "expense 'Row 99' amount")
        #expect(summary.dueNext30DaysTotal == Money(minorUnits: .max))
        #expect(summary.remaining == fixtureWedding.totalBudget - Money(minorUnits: .max))
        #expect(Money(minorUnits: .min) - Money(minorUnits: 1) == Money(minorUnits: .min))
    }
}
