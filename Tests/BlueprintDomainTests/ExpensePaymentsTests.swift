import BlueprintDomain
import Foundation
import Testing

/// What is still owed on an expense and when (`Expense.duePayments`), as every figure shows it.
@Suite("ExpensePayments")
struct ExpensePaymentsTests {
    static let today = day("2026-06-01")
    static let venue = BudgetCategory(id: uuid(1), name: "Venue", allocated: usd(20_000), createdAt: createdTime)
    static let hall = Vendor(id: uuid(2), name: "Hall", status: .booked, createdAt: createdTime)

    /// $12,000 due in two weeks with a $5,000 installment paid today.
    static let partlyPaid = Expense(
        id: uuid(10), name: "Hall hire", categoryID: venue.id, vendorID: hall.id, amount: usd(12_000),
        dueDate: today.adding(days: 14), paymentStatus: .partial,
        installments: [Installment(id: uuid(11), amount: usd(5_000), dueDate: today, paidDate: today)], createdAt: createdTime)

    static func summary(_ expenses: [Expense]) -> BudgetSummary {
        BudgetSummary(wedding: fixtureWedding, categories: [venue], expenses: expenses, today: today)
    }

    @Test("a partial payment leaves the rest due on the expense's date: header, stats and ledger all show $7,000")
    func partialPaymentLeavesTheRestDue() {
        let summary = Self.summary([Self.partlyPaid])
        #expect(summary.dueNext30DaysTotal == usd(7_000))
        #expect(summary.dueNext30Days.map(\.dueDate) == [Self.today.adding(days: 14)])
        #expect(summary.overdueTotal == .zero)
        let ledger = VendorLedger(vendor: Self.hall, expenses: [Self.partlyPaid], today: Self.today)
        #expect(ledger.due.map(\.payment.amount) == [usd(7_000)])
        #expect(ledger.outstanding == usd(7_000))
    }

    @Test("scheduled installments are due on their own dates and the rest on the expense's date")
    func scheduleAndRest() {
        var expense = Self.partlyPaid
        expense.installments.append(Installment(id: uuid(12), amount: usd(3_000), dueDate: Self.today.adding(days: 7)))
        #expect(expense.duePayments().map(\.amount) == [usd(3_000), usd(4_000)])
        #expect(expense.duePayments().map(\.installmentID) == [uuid(12), nil])
    }

    @Test("installments scheduled beyond the amount never owe more than is left")
    func overScheduled() {
        var expense = Self.partlyPaid
        expense.installments += [Installment(id: uuid(12), amount: usd(6_000), dueDate: Self.today.adding(days: 3)),
                                 Installment(id: uuid(13), amount: usd(6_000), dueDate: Self.today.adding(days: 5))]
        #expect(expense.duePayments().map(\.amount) == [usd(6_000), usd(1_000)])
        #expect(Self.summary([expense]).dueNext30DaysTotal == usd(7_000))
    }

    @Test("what is owed past its date is overdue though nobody marked it so")
    func overdueWithoutTheMark() {
        var expense = Self.partlyPaid
        expense.dueDate = Self.today.adding(days: -3)
        let summary = Self.summary([expense])
        #expect(summary.overdueTotal == usd(7_000))
        #expect(summary.dueNext30Days.isEmpty)
        #expect(expense.standing(today: Self.today) == .overdue)
        #expect(VendorLedger(vendor: Self.hall, expenses: [expense], today: Self.today).overdueTotal == usd(7_000))
    }

    @Test("the status people see follows the money: due, part paid, overdue, paid")
    func standing() {
        let plain = Expense(name: "Cake", categoryID: Self.venue.id, amount: usd(1_000), dueDate: Self.today.adding(days: 5),
                            createdAt: createdTime)
        #expect(plain.standing(today: Self.today) == .due)
        var part = plain
        part.installments = [Installment(amount: usd(400), dueDate: Self.today, paidDate: Self.today)]
        #expect(part.standing(today: Self.today) == .partlyPaid)
        #expect(part.paid == usd(400))
        #expect(part.standing(today: Self.today.adding(days: 6)) == .overdue)
        part.installments.append(Installment(amount: usd(600), dueDate: Self.today, paidDate: Self.today))
        #expect(part.standing(today: Self.today.adding(days: 6)) == .paid, "paid in full by installments, unmarked")
        var cancelled = plain
        cancelled.paymentStatus = .cancelled
        #expect(cancelled.standing(today: Self.today) == .cancelled)
    }
}
