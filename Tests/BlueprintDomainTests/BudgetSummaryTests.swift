import BlueprintDomain
import Foundation
import Testing

@Suite("BudgetSummary")
struct BudgetSummaryTests {
    static let today = day("2026-06-01")

    static let venue = BudgetCategory(id: uuid(1), name: "Venue", allocated: usd(10_000), createdAt: createdTime)
    static let flowers = BudgetCategory(id: uuid(2), name: "Flowers", allocated: usd(1_000), createdAt: createdTime)
    static let music = BudgetCategory(id: uuid(3), name: "Music", allocated: usd(2_000), createdAt: createdTime)
    static let extras = BudgetCategory(id: uuid(4), name: "Extras", allocated: usd(5_000), createdAt: createdTime)
    static let categories = [venue, flowers, music, extras]

    static let hall = Expense(
        id: uuid(20), name: "Hall", categoryID: venue.id, amount: usd(8_000), paymentStatus: .partial,
        installments: [Installment(id: uuid(201), amount: usd(2_000), dueDate: day("2026-05-01"), paidDate: day("2026-04-30")),
                       Installment(id: uuid(202), amount: usd(3_000), dueDate: day("2026-06-01")),
                       Installment(id: uuid(203), amount: usd(3_000), dueDate: day("2026-07-01"))],
        createdAt: createdTime)
    static let catering = Expense(id: uuid(21), name: "Catering", categoryID: venue.id, amount: usd(4_000),
                                  dueDate: day("2026-07-02"), createdAt: createdTime)
    static let bouquets = Expense(id: uuid(22), name: "Bouquets", categoryID: flowers.id, amount: usd(1_200),
                                  dueDate: day("2026-05-15"), paymentStatus: .paid, createdAt: createdTime)
    static let band = Expense(id: uuid(23), name: "Band", categoryID: music.id, amount: usd(500),
                              dueDate: day("2026-05-01"), paymentStatus: .cancelled, createdAt: createdTime)
    static let dj = Expense(id: uuid(24), name: "DJ", categoryID: music.id, amount: usd(300),
                            dueDate: day("2026-06-05"), paymentStatus: .refunded, createdAt: createdTime)
    static let cake = Expense(id: uuid(25), name: "Cake", categoryID: extras.id, amount: usd(500),
                              dueDate: day("2026-05-20"), paymentStatus: .overdue, createdAt: createdTime)
    static let photos = Expense(id: uuid(26), name: "Photos", categoryID: extras.id, amount: usd(2_500),
                                paymentStatus: .overdue, createdAt: createdTime)
    static let invitations = Expense(id: uuid(27), name: "Invitations", categoryID: extras.id, amount: usd(250),
                                     dueDate: day("2026-05-31"), createdAt: createdTime)
    static let hair = Expense(
        id: uuid(28), name: "Hair", categoryID: extras.id, amount: usd(500), paymentStatus: .overdue,
        installments: [Installment(id: uuid(281), amount: usd(200), dueDate: day("2026-05-01"), paidDate: day("2026-05-01")),
                       Installment(id: uuid(282), amount: usd(300), dueDate: day("2026-05-25"))],
        createdAt: createdTime)
    static let favours = Expense(id: uuid(29), name: "Favours", categoryID: extras.id, amount: usd(100), createdAt: createdTime)
    static let expenses = [hall, catering, bouquets, band, dj, cake, photos, invitations, hair, favours]

    static var summary: BudgetSummary {
        BudgetSummary(wedding: fixtureWedding, categories: categories, expenses: expenses, today: today)
    }

    @Test("allocated sums the categories; committed leaves out cancelled and refunded expenses")
    func totals() {
        let summary = Self.summary
        #expect(summary.totalBudget == usd(30_000))
        #expect(summary.allocated == usd(18_000))
        #expect(summary.committed == usd(8_000 + 4_000 + 1_200 + 500 + 2_500 + 250 + 500 + 100))
        #expect(summary.remaining == usd(30_000) - summary.committed)
    }

    @Test("paid counts expenses marked paid and paid installments")
    func paid() {
        #expect(Self.summary.paid == usd(2_000 + 1_200 + 200))
    }

    @Test("remaining goes negative when commitments exceed the budget")
    func negativeRemaining() {
        var small = fixtureWedding
        small.totalBudget = usd(1_000)
        let summary = BudgetSummary(wedding: small, categories: Self.categories, expenses: Self.expenses, today: Self.today)
        #expect(summary.remaining == usd(1_000) - summary.committed)
        #expect(summary.remaining < .zero)
    }

    @Test("over-budget categories are those whose committed expenses exceed their allocation")
    func overBudget() {
        let over = Self.summary.overBudgetCategories
        #expect(over.map(\.name) == ["Venue", "Flowers"])
        #expect(over.map(\.spent) == [usd(12_000), usd(1_200)])
    }

    @Test("due in the next 30 days: unpaid payments from today through day 30, by date")
    func dueNext30Days() {
        let due = Self.summary.dueNext30Days
        #expect(due.map(\.installmentID) == [uuid(202), uuid(203)])
        #expect(due.map(\.dueDate) == [day("2026-06-01"), day("2026-07-01")])
        #expect(Self.summary.dueNext30DaysTotal == usd(6_000))
    }

    @Test("overdue: unpaid payments past their date and expenses marked overdue, each once")
    func overdue() {
        let overdue = Self.summary.overdue
        #expect(overdue.map(\.expenseName) == ["Cake", "Hair", "Invitations", "Photos"])
        #expect(overdue.map(\.amount) == [usd(500), usd(300), usd(250), usd(2_500)])
        #expect(overdue[1].installmentID == uuid(282))
        #expect(overdue[3].dueDate == Self.today)
        #expect(Self.summary.overdueTotal == usd(3_550))
    }

    @Test("an expense marked overdue before its date is overdue, not also due")
    func markedOverdueCountedOnce() {
        let early = Expense(id: uuid(30), name: "Venue balance", categoryID: Self.venue.id, amount: usd(1_000),
                            dueDate: day("2026-06-20"), paymentStatus: .overdue, createdAt: createdTime)
        let summary = BudgetSummary(wedding: fixtureWedding, categories: Self.categories, expenses: [early],
                                    today: Self.today)
        #expect(summary.overdue.map(\.expenseID) == [early.id])
        #expect(summary.overdueTotal == usd(1_000))
        #expect(summary.dueNext30Days.isEmpty)
    }

    @Test("nothing paid, cancelled or undated is ever due or overdue")
    func neverDue() {
        let summary = BudgetSummary(wedding: fixtureWedding, categories: Self.categories,
                                    expenses: [Self.bouquets, Self.band, Self.dj, Self.favours], today: Self.today)
        #expect(summary.dueNext30Days.isEmpty && summary.overdue.isEmpty)
    }

    @Test("a fully paid expense marked overdue owes nothing")
    func overdueButPaidUp() {
        let settled = Expense(name: "Settled", categoryID: Self.extras.id, amount: usd(100), paymentStatus: .overdue,
                              installments: [Installment(amount: usd(100), dueDate: day("2026-05-01"), paidDate: day("2026-05-02"))],
                              createdAt: createdTime)
        let summary = BudgetSummary(wedding: fixtureWedding, categories: Self.categories, expenses: [settled], today: Self.today)
        #expect(summary.overdue.isEmpty)
        #expect(summary.paid == usd(100))
    }
}
