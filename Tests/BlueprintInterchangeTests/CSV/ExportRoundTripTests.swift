import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Testing

/// Exporting, and importing what was exported.
@Suite struct ExportRoundTripTests {
    let wedding = testWedding()
    let venue = BudgetCategory(name: "Venue")
    let flowers = BudgetCategory(name: "Flowers, etc.")
    let hall = Vendor(name: "Grand \"Hall\"", category: .venue)

    /// Guests using every field the CSV carries (new ids and times on each use).
    var guests: [Guest] {
        [
            Guest(firstName: "Ana María", lastName: "López", email: "ana@example.com", phone: "+34 600 000 000",
                  household: "López", invitedBy: .partner1, relationship: "cousin", rsvp: .attending, plusOneAllowed: true,
                  plusOneName: "Jo", plusOneAttending: true, plusOneMealChoice: "Fish", plusOneDietaryRestrictions: "no gluten",
                  mealChoice: "Vegetarian", dietaryRestrictions: "no nuts, no shellfish",
                  accessibilityNeeds: "step-free", table: 3, seat: 7, weddingPartyRole: "maid of honour",
                  address: Address(line1: "1 Calle Mayor", line2: "2º B", city: "Madrid", region: "Madrid",
                                   postalCode: "28013", country: "Spain"),
                  notes: "says \"hola\"\r\nsecond line\nthird"),
            Guest(firstName: " Ben", lastName: "", invitedBy: .partner2, rsvp: .declined),
            Guest(firstName: "", lastName: "Okafor", invitedBy: .both, rsvp: .maybe, notes: "=1+2"),
            Guest(firstName: "Cy", lastName: "Ng", rsvp: .pending),
            Guest(firstName: "Dee", lastName: "Ng", rsvp: .invited, mealChoice: "Fish"),
        ]
    }

    @Test func guestExportUsesTheImportHeaders() throws {
        let text = String(decoding: try CSVExporter(wedding: wedding).guests([]), as: UTF8.self)
        #expect(text == "Full Name,First Name,Last Name,Email,Phone,RSVP Status,Invited By,Household,Relationship,"
                + "Table Assignment,Seat Number,Meal Option,Dietary Restrictions,Accessibility Needs,Plus One Allowed,"
                + "Plus One Name,Plus One Attending,Plus One Meal Option,Plus One Dietary Restrictions,Wedding Party Role,Address Line 1,Address Line 2,City,State,Zip Code,"
                + "Country,Notes\n")
    }

    @Test func guestsRoundTripIntoAnEmptyWedding() throws {
        let data = try CSVExporter(wedding: wedding).guests(guests)
        let plan = try CSVImporter(wedding: wedding, mode: .addOnly).planGuests(data, fileName: "guests.csv", existing: [])
        #expect(plan.ignoredColumns.isEmpty)
        #expect(plan.batch.inserts.map { content($0, id: \.id) } == guests.map { content($0, id: \.id) })
    }

    @Test func guestExportSpellsValuesForPeople() throws {
        let text = String(decoding: try CSVExporter(wedding: wedding).guests(Array(guests.prefix(1))), as: UTF8.self)
        let row = text.split(separator: "\n", maxSplits: 1)[1]
        #expect(row.hasPrefix("Ana María López,Ana María,López,ana@example.com,'+34 600 000 000,Attending,Ana,López,cousin,3,7,"
                              + "Vegetarian,\"no nuts, no shellfish\",step-free,Yes,Jo,Yes,Fish,no gluten,maid of honour,"))
    }

    @Test(arguments: [("Ana Lopez", "Ben Okafor", ["Ana", "Ben", "Both"]),
                      ("", "", ["Partner 1", "Partner 2", "Both"]),
                      ("Alex Smith", "Alex Jones", ["Partner 1", "Partner 2", "Both"])])
    func invitedByIsExportedAsAFirstNameOnlyWhenItReadsBack(partner1: String, partner2: String, labels: [String]) throws {
        let couple = Wedding(name: "Test", partner1Name: partner1, partner2Name: partner2)
        let invited = [InvitedBy.partner1, .partner2, .both].map { Guest(firstName: "G", lastName: "", invitedBy: $0) }
        let data = try CSVExporter(wedding: couple).guests(invited)
        let cells = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst()
            .map { String($0.split(separator: ",", omittingEmptySubsequences: false)[6]) }
        #expect(cells == labels)
        let plan = try CSVImporter(wedding: couple, mode: .addOnly).planGuests(data, fileName: "guests.csv", existing: [])
        #expect(plan.batch.inserts.map(\.invitedBy) == [.partner1, .partner2, .both])
    }

    @Test func reimportingAnExportInMergeModeChangesNothing() throws {
        let stored = guests
        let data = try CSVExporter(wedding: wedding).guests(stored)
        let plan = try CSVImporter(wedding: wedding, mode: .merge).planGuests(data, fileName: "guests.csv", existing: stored)
        #expect(plan.summary == ImportSummary(unchanged: stored.count))
    }

    @Test func vendorsRoundTripIntoAWeddingWithTheirCategories() throws {
        let vendors = [
            Vendor(name: "Petal & Stem", category: .florist, status: .booked, contactName: "Jo", phone: "555-0123",
                   email: "jo@petal.example", website: "https://petal.example", quotedAmount: Money(minorUnits: 123_450),
                   bookedDate: CalendarDate(year: 2026, month: 3, day: 1), budgetCategoryID: flowers.id, notes: "peonies\nnot roses",
                   rating: 5, review: "Lovely, \"on time\"\nwould recommend", wouldBookAgain: true),
            Vendor(name: "Glam Squad", category: .hairAndMakeup, status: .contacted, quotedAmount: .zero, rating: 2,
                   wouldBookAgain: false, isArchived: true),
        ] + VendorCategory.allCases.map { Vendor(name: "Any \($0.rawValue)", category: $0) }
            + VendorStatus.allCases.map { Vendor(name: "Status \($0.rawValue)", status: $0) }
        let data = try CSVExporter(wedding: wedding).vendors(vendors, categories: [venue, flowers])
        let plan = try CSVImporter(wedding: wedding, mode: .addOnly)
            .planVendors(data, fileName: "vendors.csv", existing: [], categories: [venue, flowers])
        #expect(plan.ignoredColumns.isEmpty)
        #expect(plan.batch.inserts.map { content($0, id: \.id) } == vendors.map { content($0, id: \.id) })
    }

    @Test func expensesRoundTripWithTheirVendorsPresent() throws {
        let expenses = [
            Expense(name: "Hall hire", categoryID: venue.id, vendorID: hall.id, amount: Money(minorUnits: 1_234_567),
                    dueDate: CalendarDate(year: 2026, month: 6, day: 30), paymentStatus: .partial, paymentMethod: "bank transfer",
                    notes: "balance due\n30 days before"),
            Expense(name: "Bouquets", categoryID: flowers.id, amount: Money(minorUnits: 5), paymentStatus: .paid),
        ] + PaymentStatus.allCases.map { Expense(name: "Status \($0.rawValue)", categoryID: venue.id, amount: .zero, paymentStatus: $0) }
        let today = CalendarDate(year: 2026, month: 6, day: 1)!
        let data = try CSVExporter(wedding: wedding, today: today).expenses(expenses, categories: [venue, flowers], vendors: [hall])
        let plan = try CSVImporter(wedding: wedding, mode: .addOnly).planExpenses(
            data, fileName: "expenses.csv", existing: [], categories: [venue, flowers], vendors: [hall])
        #expect(plan.newCategories.isEmpty)
        // The status column carries where each expense stands, not its mark: compared apart.
        func unmarked(_ expense: Expense) -> Expense {
            var copy = content(expense, id: \.id)
            copy.paymentStatus = .pending
            return copy
        }
        #expect(plan.batch.inserts.map(unmarked) == expenses.map(unmarked))
        #expect(plan.batch.inserts.map { $0.standing(today: today) } == expenses.map { $0.standing(today: today) })
    }

    @Test("the status column says where each expense stands from its money, as the planner shows it")
    func expenseStatusFollowsTheMoney() throws {
        let today = CalendarDate(year: 2026, month: 6, day: 1)!
        var band = Expense(name: "Band", categoryID: venue.id, amount: Money(minorUnits: 100_000), dueDate: today.adding(days: 20))
        band.installments = [Installment(amount: Money(minorUnits: 40_000), dueDate: today, paidDate: today)]
        let cake = Expense(name: "Cake", categoryID: venue.id, amount: Money(minorUnits: 20_000), dueDate: today.adding(days: -1))
        let hire = Expense(name: "Hire", categoryID: venue.id, amount: Money(minorUnits: 5_000), dueDate: today.adding(days: 3),
                           paymentStatus: .partial, installments: [Installment(amount: Money(minorUnits: 5_000), dueDate: today,
                                                                               paidDate: today)])
        let text = String(decoding: try CSVExporter(wedding: wedding, today: today).expenses([band, cake, hire], categories: [venue],
                                                                                           vendors: []), as: UTF8.self)
        let statuses = text.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[6] }
        #expect(statuses == ["Part paid", "Overdue", "Paid"])
    }

    @Test func expensesInAWeddingWithoutTheirCategoriesRecreateThemByName() throws {
        let expense = Expense(name: "Bouquets", categoryID: flowers.id, amount: Money(minorUnits: 1999))
        let data = try CSVExporter(wedding: wedding).expenses([expense], categories: [flowers], vendors: [])
        let plan = try CSVImporter(wedding: wedding, mode: .addOnly)
            .planExpenses(data, fileName: "expenses.csv", existing: [], categories: [], vendors: [])
        #expect(plan.newCategories.map(\.name) == ["Flowers, etc."])
        #expect(plan.batch.inserts.first?.categoryID == plan.newCategories.first?.id)
        #expect(plan.batch.inserts.first?.amount == expense.amount)
    }

    @Test func moneyWithoutMinorDigitsRoundTrips() throws {
        let yen = Wedding(name: "Yuki & Ren", currency: Currency(code: "JPY")!)
        let expense = Expense(name: "Kimono", categoryID: venue.id, amount: Money(minorUnits: 1_250_000))
        let data = try CSVExporter(wedding: yen).expenses([expense], categories: [venue], vendors: [])
        #expect(String(decoding: data, as: UTF8.self).contains("Venue,Kimono,1250000,"))
        let plan = try CSVImporter(wedding: yen, mode: .addOnly)
            .planExpenses(data, fileName: "expenses.csv", existing: [], categories: [venue], vendors: [])
        #expect(plan.batch.inserts.first?.amount == expense.amount)
    }

    @Test func tasksExportWithNamesAndSubtasks() throws {
        let task = WeddingTask(title: "Book venue", details: "two options", status: .inProgress, priority: .high,
                               dueDate: CalendarDate(year: 2026, month: 2, day: 1), assignees: ["Ana", "Ben"],
                               vendorID: hall.id, budgetCategoryID: venue.id,
                               subtasks: [Subtask(title: "Visit", isDone: true), Subtask(title: "Sign")])
        let text = String(decoding: try CSVExporter(wedding: wedding).tasks([task], categories: [venue], vendors: [hall]),
                          as: UTF8.self)
        #expect(text == "Title,Details,Status,Priority,Due Date,Assignees,Vendor,Budget Category,Subtasks\n"
                + "Book venue,two options,In progress,High,2026-02-01,Ana; Ben,\"Grand \"\"Hall\"\"\",Venue,[x] Visit; [ ] Sign\n")
    }

    @Test func jsonExportIsPrettySortedAndComplete() throws {
        let records = guests
        let data = try JSONExporter.export(records)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("[\n  {\n    \"accessibilityNeeds\" : \"step-free\",\n    \"address\" : {\n"))
        #expect(try JSONDecoder().decode([Guest].self, from: data) == records)
    }

    @Test(arguments: ["guests", "vendors", "expenses"])
    func everyAcceptedHeaderMeansOneColumn(kind: String) {
        let keys: [Set<String>]
        switch kind {
        case "guests": keys = CSVSchema<Guest>.guests.columns.map(\.keys)
        case "vendors": keys = CSVSchema<Vendor>.vendors.columns.map(\.keys)
        default: keys = CSVSchema<Expense>.expenses.columns.map(\.keys)
        }
        let all = keys.flatMap { $0 }
        #expect(Set(all).count == all.count)
        #expect(!all.contains(""))
    }
}
