import BlueprintDomain
import Foundation
import Testing

@Suite("VendorPaymentTotal")
struct VendorPaymentTotalTests {
    @Test("sums committed and paid per vendor; expenses without a vendor are left out")
    func perVendor() {
        let expenses = [
            Expense(name: "Deposit", categoryID: uuid(1), vendorID: uuid(11), amount: usd(1_000), paymentStatus: .paid,
                    createdAt: createdTime),
            Expense(name: "Balance", categoryID: uuid(1), vendorID: uuid(11), amount: usd(3_000),
                    installments: [Installment(amount: usd(500), dueDate: day("2026-05-01"), paidDate: day("2026-05-01"))],
                    createdAt: createdTime),
            Expense(name: "Cancelled extra", categoryID: uuid(1), vendorID: uuid(11), amount: usd(700),
                    paymentStatus: .cancelled, createdAt: createdTime),
            Expense(name: "Flowers", categoryID: uuid(2), vendorID: uuid(10), amount: usd(250), createdAt: createdTime),
            Expense(name: "Cash tips", categoryID: uuid(2), amount: usd(300), paymentStatus: .paid, createdAt: createdTime),
        ]
        let totals = VendorPaymentTotal.all(expenses: expenses)
        #expect(totals.map(\.vendorID) == [uuid(10), uuid(11)])
        #expect(totals.map(\.committed) == [usd(250), usd(4_000)])
        #expect(totals.map(\.paid) == [.zero, usd(1_500)])
    }

    @Test("a vendor whose only expense was refunded has nothing committed or paid")
    func refundedOnly() {
        let refunded = Expense(name: "Refunded", categoryID: uuid(1), vendorID: uuid(12), amount: usd(90),
                               paymentStatus: .refunded, createdAt: createdTime)
        let totals = VendorPaymentTotal.all(expenses: [refunded])
        #expect(totals.map(\.vendorID) == [uuid(12)])
        #expect(totals.map(\.committed) == [.zero] && totals.map(\.paid) == [.zero])
    }
}
