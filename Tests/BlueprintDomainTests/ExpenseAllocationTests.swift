import BlueprintDomain
import Foundation
import Testing

@Suite("Expense allocations")
struct ExpenseAllocationTests {
    static let own = uuid(1), flowers = uuid(2), ceremony = uuid(3)

    static func split(_ amount: Money, _ allocations: [ExpenseAllocation], status: PaymentStatus = .pending) -> Expense {
        Expense(id: uuid(50), name: "Split", categoryID: own, amount: amount, paymentStatus: status,
                allocations: allocations, createdAt: createdTime)
    }

    static func percent(_ category: UUID, _ basisPoints: Int) -> ExpenseAllocation {
        ExpenseAllocation(categoryID: category, share: .percent(basisPoints: basisPoints))
    }

    static func amounts(_ shares: [CategoryShare]) -> [Int64] { shares.map(\.amount.minorUnits) }

    @Test("100.00 split 33.33% and 33.33%: the own category keeps the rest, 33.34")
    func thirds() {
        let expense = Self.split(usd(100), [Self.percent(Self.flowers, 3_333), Self.percent(Self.ceremony, 3_333)])
        let shares = expense.shares(of: expense.amount)
        #expect(shares.map(\.categoryID) == [Self.own, Self.flowers, Self.ceremony])
        #expect(Self.amounts(shares) == [3_334, 3_333, 3_333])
    }

    @Test("0.01 split 50/50 into two categories: the one cent goes to the earlier share")
    func oneCentHalves() {
        let expense = Self.split(usd(0, 1), [Self.percent(Self.flowers, 5_000), Self.percent(Self.ceremony, 5_000)])
        #expect(Self.amounts(expense.shares(of: expense.amount)) == [0, 1, 0])
    }

    @Test("0.01 half in another category: the half rounds up to the share")
    func oneCentHalf() {
        let expense = Self.split(usd(0, 1), [Self.percent(Self.flowers, 5_000)])
        #expect(Self.amounts(expense.shares(of: expense.amount)) == [0, 1])
    }

    @Test("a fixed share and a percent share: the own category counts what is left")
    func fixedAndPercent() {
        let expense = Self.split(usd(1_000), [Self.percent(Self.flowers, 3_000),
                                              ExpenseAllocation(categoryID: Self.ceremony, share: .amount(usd(120)))])
        #expect(Self.amounts(expense.shares(of: expense.amount)) == [58_000, 30_000, 12_000])
    }

    @Test("percents summing to 100% hand out every cent by largest remainder")
    func wholeByPercent() {
        let expense = Self.split(usd(99, 99), [Self.percent(Self.flowers, 3_333), Self.percent(Self.ceremony, 3_333),
                                               Self.percent(uuid(4), 3_334)])
        let shares = expense.shares(of: expense.amount)
        #expect(Self.amounts(shares) == [0, 3_333, 3_333, 3_333])
        #expect(shares.sum(\.amount) == expense.amount)
    }

    @Test("what is paid is split like the amount, and a cancelled expense counts nothing anywhere")
    func paidAndCancelled() {
        let allocations = [Self.percent(Self.flowers, 2_500)]
        var expense = Self.split(usd(200), allocations)
        expense.installments = [Installment(amount: usd(50, 1), dueDate: day("2026-05-01"), paidDate: day("2026-05-01"))]
        #expect(Self.amounts(expense.shares(of: expense.paid)) == [3_751, 1_250])
        let cancelled = Self.split(usd(200), allocations, status: .cancelled)
        #expect(Self.amounts(cancelled.shares(of: cancelled.committed)) == [0, 0])
    }

    @Test("category figures count each share once and add up to the budget's totals")
    func categoryFiguresAddUp() {
        let categories = [BudgetCategory(id: Self.own, name: "Venue", allocated: usd(500)),
                          BudgetCategory(id: Self.flowers, name: "Flowers", allocated: usd(100)),
                          BudgetCategory(id: Self.ceremony, name: "Ceremony", allocated: usd(100))]
        let thirds = Self.split(usd(100), [Self.percent(Self.flowers, 3_333), Self.percent(Self.ceremony, 3_333)], status: .paid)
        var mixed = Self.split(usd(333, 33), [Self.percent(Self.flowers, 1_250),
                                              ExpenseAllocation(categoryID: Self.ceremony, share: .amount(usd(10, 1)))])
        mixed.id = uuid(51)
        let plain = Expense(id: uuid(52), name: "Chairs", categoryID: Self.flowers, amount: usd(7, 77), createdAt: createdTime)
        let expenses = [thirds, mixed, plain]
        let metrics = CategoryMetrics.all(categories: categories, expenses: expenses)
        // Venue: 33.34 + (333.33 − 41.67 − 10.01); Flowers: 33.33 + 41.67 + 7.77; Ceremony: 33.33 + 10.01.
        #expect(metrics.map(\.spent.minorUnits) == [31_499, 8_277, 4_334])
        #expect(metrics.map(\.paid.minorUnits) == [3_334, 3_333, 3_333])
        let summary = BudgetSummary(wedding: fixtureWedding, categories: categories, expenses: expenses, today: day("2026-06-01"))
        #expect(metrics.sum(\.spent) == summary.committed)
        #expect(metrics.sum(\.paid) == summary.paid)
        #expect(summary.overBudgetCategories.map(\.name) == [])
    }

    @Test("vendor payment totals stay per expense, whatever the split")
    func vendorTotalsWhole() {
        var expense = Self.split(usd(100), [Self.percent(Self.flowers, 5_000)], status: .paid)
        expense.vendorID = uuid(70)
        #expect(VendorPaymentTotal.all(expenses: [expense]).map(\.committed) == [usd(100)])
    }

    @Test("a category that a share of an expense uses cannot be deleted")
    func deleteSharedCategoryRefused() throws {
        let venue = BudgetCategory(id: Self.own, name: "Venue", createdAt: createdTime)
        let flowers = BudgetCategory(id: Self.flowers, name: "Flowers", createdAt: createdTime)
        var dataset = WeddingDataset(wedding: fixtureWedding, categories: [venue, flowers],
                                     expenses: [Self.split(usd(100), [Self.percent(Self.flowers, 5_000)])])
        let before = dataset
        let error = try #require(throws: RepositoryError.self) {
            try dataset.transaction(now: editTime) { try $0.delete(BudgetCategory.self, id: Self.flowers) }
        }
        #expect(error.description == "cannot delete this budget category: it is used by 1 expense")
        #expect(dataset == before)
    }
}
