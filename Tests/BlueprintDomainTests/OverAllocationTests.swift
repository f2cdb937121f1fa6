import BlueprintDomain
import Foundation
import Testing

@Suite("OverAllocation")
struct OverAllocationTests {
    @Test("$40,000 allocated against a $25,000 total is $15,000 beyond it; within the total it is zero")
    func beyondTheTotal() {
        var wedding = fixtureWedding
        wedding.totalBudget = usd(25_000)
        let categories = [BudgetCategory(name: "Venue", allocated: usd(30_000), createdAt: createdTime),
                          BudgetCategory(name: "Food", allocated: usd(10_000), createdAt: createdTime)]
        let summary = BudgetSummary(wedding: wedding, categories: categories, expenses: [], today: day("2026-06-01"))
        #expect(summary.overAllocated == usd(15_000))
        wedding.totalBudget = usd(40_000)
        #expect(BudgetSummary(wedding: wedding, categories: categories, expenses: [], today: day("2026-06-01")).overAllocated == .zero)
    }
}
