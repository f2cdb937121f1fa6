import BlueprintDomain
import Foundation
import Testing

@Suite("VendorLedger")
struct VendorLedgerTests {
    static let hall = Vendor(id: uuid(1), name: "Hall", status: .booked, quotedAmount: Money(minorUnits: 800_000),
                             createdAt: createdTime)
    static let today = day("2026-05-01")

    static let expenses = [
        // 6,000.00 in two installments: the first paid, the second past its date.
        Expense(name: "Hire", categoryID: uuid(9), vendorID: uuid(1), amount: Money(minorUnits: 600_000),
                paymentStatus: .partial,
                installments: [Installment(amount: Money(minorUnits: 250_050), dueDate: day("2026-03-01"), paidDate: day("2026-02-27")),
                               Installment(amount: Money(minorUnits: 349_950), dueDate: day("2026-04-30"))],
                createdAt: createdTime),
        // 1,234.56 due later, no schedule.
        Expense(name: "Bar", categoryID: uuid(9), vendorID: uuid(1), amount: Money(minorUnits: 123_456), dueDate: day("2026-06-01"),
                createdAt: createdTime),
        // Paid in full.
        Expense(name: "Tasting", categoryID: uuid(9), vendorID: uuid(1), amount: Money(minorUnits: 10_001), paymentStatus: .paid,
                createdAt: createdTime),
        // Cancelled: counts for nothing.
        Expense(name: "Fireworks", categoryID: uuid(9), vendorID: uuid(1), amount: Money(minorUnits: 99_999),
                dueDate: day("2026-04-01"), paymentStatus: .cancelled, createdAt: createdTime),
        // Marked overdue though its date is still ahead.
        Expense(name: "Chairs", categoryID: uuid(9), vendorID: uuid(1), amount: Money(minorUnits: 5_000), dueDate: day("2026-05-10"),
                paymentStatus: .overdue, createdAt: createdTime),
        // Another vendor's.
        Expense(name: "Flowers", categoryID: uuid(9), vendorID: uuid(2), amount: Money(minorUnits: 70_000), dueDate: day("2026-04-01"),
                createdAt: createdTime),
    ]

    @Test("quoted, committed, paid and outstanding add up in minor units, cancelled and other vendors' expenses left out")
    func totals() {
        let ledger = VendorLedger(vendor: Self.hall, expenses: Self.expenses, today: Self.today)
        #expect(ledger.quoted == Money(minorUnits: 800_000))
        #expect(ledger.committed == Money(minorUnits: 600_000 + 123_456 + 10_001 + 5_000))
        #expect(ledger.paid == Money(minorUnits: 250_050 + 10_001))
        #expect(ledger.outstanding == Money(minorUnits: 349_950 + 123_456 + 5_000))
    }

    @Test("the dated payments owed, earliest first, those past their date or marked overdue flagged")
    func due() {
        let ledger = VendorLedger(vendor: Self.hall, expenses: Self.expenses, today: Self.today)
        #expect(ledger.due.map(\.payment.expenseName) == ["Hire", "Chairs", "Bar"])
        #expect(ledger.due.map(\.payment.amount.minorUnits) == [349_950, 5_000, 123_456])
        #expect(ledger.due.map(\.isOverdue) == [true, true, false])
        #expect(ledger.overdueTotal == Money(minorUnits: 354_950))
    }

    @Test("a vendor without a quote or expenses has an empty ledger")
    func empty() {
        let ledger = VendorLedger(vendor: Vendor(name: "New", createdAt: createdTime), expenses: Self.expenses, today: Self.today)
        #expect(ledger.quoted == nil && ledger.committed == .zero && ledger.paid == .zero && ledger.outstanding == .zero)
        #expect(ledger.due.isEmpty && ledger.overdueTotal == .zero)
    }
}
