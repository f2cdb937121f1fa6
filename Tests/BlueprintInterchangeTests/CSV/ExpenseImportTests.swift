import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Testing

/// Reading expenses: money, dates, categories and vendors by name.
@Suite struct ExpenseImportTests {
    let venue = BudgetCategory(name: "Venue")
    let hall = Vendor(name: "Grand Hall", category: .venue)

    private func plan(_ file: String, currency: Currency = .usd, existing: [Expense] = [],
                      mode: CSVImportMode = .addOnly) throws(CSVImportError) -> CSVImportPlan<Expense> {
        try CSVImporter(wedding: testWedding(currency: currency), mode: mode)
            .planExpenses(bytes(file), fileName: "expenses.csv", existing: existing, categories: [venue], vendors: [hall])
    }

    private func amounts(_ texts: [String], currency: Currency = .usd) throws(CSVImportError) -> [Int64] {
        let rows = texts.map { "Venue,x,\"\($0)\"\n" }.joined()
        return try plan("Category,Description,Amount\n" + rows, currency: currency).batch.inserts.map(\.amount.minorUnits)
    }

    @Test func headerAliasesForEveryField() throws {
        let file = "Budget Category,Item,Cost,Date,Method,Payee,Status,Comments\n"
            + "venue,Deposit,\"$1,500.00\",2026-04-01,card,grand hall,paid in full,first half\n"
        let expense = try #require(try plan(file).batch.inserts.first)
        #expect(expense.categoryID == venue.id)
        #expect(expense.name == "Deposit")
        #expect(expense.amount == Money(minorUnits: 150_000))
        #expect(expense.dueDate == CalendarDate(year: 2026, month: 4, day: 1))
        #expect(expense.paymentMethod == "card")
        #expect(expense.vendorID == hall.id)
        #expect(expense.paymentStatus == .paid)
        #expect(expense.notes == "first half")
    }

    @Test func moneyIsReadInTheWeddingsCurrency() throws {
        #expect(try amounts(["$1,234.50", "1234.5", "USD 1,234", "0.07", "12"]) == [123_450, 123_450, 123_400, 7, 1200]
                .map(Int64.init))
        #expect(try amounts(["¥1,200", "JPY 1200", "1200"], currency: Currency(code: "JPY")!) == [1200, 1200, 1200])
    }

    @Test func moneyWithTooManyMinorDigitsOrNoNumberIsRejected() {
        let usd = importError { () throws(CSVImportError) in
            try plan("Category,Description,Amount\nVenue,a,12.345\nVenue,b,twelve\nVenue,c,\nVenue,d,-5\n")
        }
        #expect(messages(usd) == [
            "expenses.csv:2: column \"Amount\": '12.345' has more than 2 decimal digits for USD",
            "expenses.csv:3: column \"Amount\": 'twelve' is not an amount",
            "expenses.csv:4: column \"Amount\": an amount is required",
            "expenses.csv:5: column \"Amount\": the amount cannot be negative",
        ])
        let yen = importError { () throws(CSVImportError) in
            try plan("Category,Description,Amount\nVenue,a,1200.5\n", currency: Currency(code: "JPY")!)
        }
        #expect(messages(yen) == ["expenses.csv:2: column \"Amount\": '1200.5' has more than 0 decimal digits for JPY"])
    }

    @Test func datesAreYearMonthDayOrUnambiguousSlashDates() throws {
        let file = "Category,Description,Amount,Due Date\nVenue,a,1,2026-09-12\nVenue,b,1,04/25/2026\nVenue,c,1,25/04/2026\n"
            + "Venue,d,1,05/05/2026\nVenue,e,1,\n"
        #expect(try plan(file).batch.inserts.map(\.dueDate) == [
            CalendarDate(year: 2026, month: 9, day: 12), CalendarDate(year: 2026, month: 4, day: 25),
            CalendarDate(year: 2026, month: 4, day: 25), CalendarDate(year: 2026, month: 5, day: 5), nil,
        ])
    }

    @Test func impossibleAndAmbiguousDatesAreRejected() {
        let file = "Category,Description,Amount,Due Date\nVenue,a,1,2026-02-30\nVenue,b,1,04/05/2026\nVenue,c,1,13/13/2026\n"
            + "Venue,d,1,next week\n"
        let error = importError { () throws(CSVImportError) in try plan(file) }
        #expect(messages(error) == [
            "expenses.csv:2: column \"Due Date\": '2026-02-30' is not a date (use yyyy-MM-dd, such as 2026-09-12)",
            "expenses.csv:3: column \"Due Date\": '04/05/2026' could be 2026-04-05 or 2026-05-04; write it as yyyy-MM-dd",
            "expenses.csv:4: column \"Due Date\": '13/13/2026' is not a date (use yyyy-MM-dd, such as 2026-09-12)",
            "expenses.csv:5: column \"Due Date\": 'next week' is not a date (use yyyy-MM-dd, such as 2026-09-12)",
        ])
    }

    @Test(arguments: [("paid", PaymentStatus.paid), ("Settled", .paid), ("", .pending), ("unpaid", .pending),
                      ("partially paid", .partial), ("late", .overdue), ("canceled", .cancelled), ("Refunded", .refunded)])
    func paymentStatusSynonyms(text: String, status: PaymentStatus) throws {
        #expect(try plan("Category,Description,Amount,Payment Status\nVenue,a,1,\(text)\n").batch.inserts.first?.paymentStatus
                == status)
    }

    @Test func unknownCategoriesBecomeNewCategoriesOncePerName() throws {
        let file = "Category,Description,Amount\nFlowers,Bouquet,200\nflowers ,Buttonholes,50\nVenue,Hall,1000\nCake,Cake,300\n"
        let result = try plan(file)
        #expect(result.newCategories.map(\.name) == ["Flowers", "Cake"])
        let flowers = try #require(result.newCategories.first)
        #expect(result.batch.inserts.map(\.categoryID) == [flowers.id, flowers.id, venue.id, result.newCategories[1].id])
        #expect(result.report == "would add 4 expenses, update 0, 0 unchanged; new budget categories: \"Flowers\", \"Cake\"")
        var dataset = WeddingDataset(wedding: testWedding(), categories: [venue], vendors: [hall])
        try apply(result, to: &dataset)
        #expect(dataset.categories.records.map(\.name) == ["Venue", "Flowers", "Cake"])
        #expect(dataset.expenses.count == 4)
    }

    @Test func unknownVendorsAndMissingCategoriesAreErrors() {
        let file = "Category,Description,Amount,Vendor\nVenue,Hall,1000,Tiny Hall\n,Tip,20,\n"
        let error = importError { () throws(CSVImportError) in try plan(file) }
        #expect(messages(error) == [
            "expenses.csv:2: column \"Vendor\": there is no vendor named 'Tiny Hall'",
            "expenses.csv:3: column \"Category\": a budget category is required",
        ])
    }

    @Test func categoryDescriptionAndAmountColumnsAreRequired() {
        let error = importError { () throws(CSVImportError) in try plan("Item,Vendor\nHall,\n") }
        #expect(messages(error) == [
            "expenses.csv:1: there is no \"Category\" column (the header is: Item, Vendor)",
            "expenses.csv:1: there is no \"Amount\" column (the header is: Item, Vendor)",
        ])
    }

    @Test func mergeMatchesAnExpenseByDescriptionWithinItsCategory() throws {
        let deposit = Expense(name: "Deposit", categoryID: venue.id, amount: Money(minorUnits: 50_000),
                              installments: [Installment(amount: Money(minorUnits: 10_000),
                                                         dueDate: CalendarDate(year: 2026, month: 1, day: 1)!)])
        let result = try plan("Category,Description,Amount,Payment Status\nVenue,deposit,500,paid\nFlowers,Deposit,80,\n",
                              existing: [deposit], mode: .merge)
        #expect(result.batch.updates.map(\.id) == [deposit.id])
        #expect(result.batch.updates.first?.paymentStatus == .paid)
        #expect(result.batch.updates.first?.installments == deposit.installments)
        #expect(result.batch.inserts.map(\.name) == ["Deposit"])
    }

    @Test func aMergedAmountBelowItsInstallmentsIsRejected() {
        let deposit = Expense(name: "Deposit", categoryID: venue.id, amount: Money(minorUnits: 50_000),
                              installments: [Installment(amount: Money(minorUnits: 40_000),
                                                         dueDate: CalendarDate(year: 2026, month: 1, day: 1)!)])
        let error = importError { () throws(CSVImportError) in
            try plan("Category,Description,Amount\nVenue,Deposit,100\n", existing: [deposit], mode: .merge)
        }
        #expect(messages(error) == ["expenses.csv:2: the installments add up to more than the expense amount"])
    }
}

extension ExpenseImportTests {
    @Test func amountsBeyondTheLimitAreRefusedByLineAndColumnAndNothingIsImported() throws {
        let rows = String(repeating: "Venue,a,999999999999999.99\n", count: 100)
        let error = importError { () throws(CSVImportError) in try plan("Category,Description,Amount\n" + rows) }
        let found = messages(error)
        #expect(found.count == 100)
        #expect(found.first == "expenses.csv:2: column \"Amount\": '999999999999999.99' is more than the largest amount allowed "
                + "(1,000,000,000,000 cents or other minor units)")
        #expect(try amounts(["10,000,000,000.00"]) == [1_000_000_000_000])
    }
}
