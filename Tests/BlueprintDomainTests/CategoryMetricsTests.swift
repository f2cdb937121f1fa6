import BlueprintDomain
import Foundation
import Testing

@Suite("CategoryMetrics")
struct CategoryMetricsTests {
    static let cake = BudgetCategory(id: uuid(1), name: "Cake", allocated: usd(400), createdAt: createdTime)
    static let dress = BudgetCategory(id: uuid(2), name: "Dress", allocated: usd(1_000), createdAt: createdTime)
    static let misc = BudgetCategory(id: uuid(3), name: "Misc", createdAt: createdTime)
    static let tips = BudgetCategory(id: uuid(4), name: "Tips", createdAt: createdTime)

    static let expenses = [
        Expense(name: "Tiers", categoryID: cake.id, amount: usd(300), paymentStatus: .paid, createdAt: createdTime),
        Expense(name: "Topper", categoryID: cake.id, amount: usd(150),
                installments: [Installment(amount: usd(50), dueDate: day("2026-05-01"), paidDate: day("2026-05-01")),
                               Installment(amount: usd(100), dueDate: day("2026-09-01"))],
                createdAt: createdTime),
        Expense(name: "Cancelled tasting", categoryID: cake.id, amount: usd(900), paymentStatus: .cancelled, createdAt: createdTime),
        Expense(name: "Gown", categoryID: dress.id, amount: usd(500), createdAt: createdTime),
        Expense(name: "Refunded veil", categoryID: dress.id, amount: usd(80), paymentStatus: .refunded, createdAt: createdTime),
        Expense(name: "Gloves", categoryID: misc.id, amount: usd(20), createdAt: createdTime),
        Expense(name: "Elsewhere", categoryID: uuid(99), amount: usd(5_000), createdAt: createdTime),
    ]

    static var metrics: [CategoryMetrics] {
        CategoryMetrics.all(categories: [cake, dress, misc, tips], expenses: expenses)
    }

    @Test("one entry per category, in the categories' order")
    func oneEach() {
        #expect(Self.metrics.map(\.categoryID) == [uuid(1), uuid(2), uuid(3), uuid(4)])
        #expect(Self.metrics.map(\.name) == ["Cake", "Dress", "Misc", "Tips"])
    }

    @Test("spent counts committed expenses; paid counts paid expenses and installments")
    func spentAndPaid() {
        #expect(Self.metrics.map(\.spent) == [usd(450), usd(500), usd(20), .zero])
        #expect(Self.metrics.map(\.paid) == [usd(350), .zero, .zero, .zero])
        #expect(Self.metrics.map(\.allocated) == [usd(400), usd(1_000), .zero, .zero])
    }

    @Test("remaining and over budget follow from allocated and spent")
    func remaining() {
        #expect(Self.metrics.map(\.remaining) == [usd(-50), usd(500), usd(-20), .zero])
        #expect(Self.metrics.map(\.isOverBudget) == [true, false, true, false])
    }

    @Test("fraction spent: a share of the allocation, 1 when spending without one, 0 when neither")
    func fractionSpent() {
        #expect(Self.metrics.map(\.fractionSpent) == [1.125, 0.5, 1, 0])
    }
}
