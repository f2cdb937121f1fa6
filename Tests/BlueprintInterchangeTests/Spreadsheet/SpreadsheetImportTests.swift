import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Synchronization
import Testing

/// Importing `.xlsx` sheets: the same planning as CSV, from cells as spreadsheets write them.
@Suite struct SpreadsheetImportTests {
    let venue = BudgetCategory(name: "Venue")

    private func guests(_ fixture: String, sheet: String? = nil, existing: [Guest] = [],
                        mode: CSVImportMode = .addOnly) throws -> CSVImportPlan<Guest> {
        try CSVImporter(wedding: testWedding(), mode: mode)
            .planGuests(.spreadsheet(XLSXFixtures.data(fixture), sheet: sheet), fileName: fixture, existing: existing)
    }

    private func expenses(_ fixture: String) throws -> CSVImportPlan<Expense> {
        try CSVImporter(wedding: testWedding(), mode: .addOnly)
            .planExpenses(.spreadsheet(XLSXFixtures.data(fixture), sheet: nil), fileName: fixture, existing: [],
                          categories: [venue], vendors: [])
    }

    /// The error planning `fixture` throws.
    private func guestsError(_ fixture: String, sheet: String? = nil) throws -> CSVImportError? {
        let data = try XLSXFixtures.data(fixture)
        return importError { () throws(CSVImportError) in
            try CSVImporter(wedding: testWedding(), mode: .addOnly)
                .planGuests(.spreadsheet(data, sheet: sheet), fileName: fixture, existing: [])
        }
    }

    @Test func inlineStringsNumbersBooleansRichTextAndAMissingCell() throws {
        let plan = try guests("guests.xlsx")
        let rows = plan.batch.inserts.map { [$0.firstName, $0.lastName, $0.email, $0.phone] }
        #expect(rows == [["Ana", "Lopez", "ana@example.com", "5551234"], ["Zoë", "Ng", "", "+1 555 0100"],
                         ["Sam, Jr.", "Park", "sam@example.com", ""]])
        #expect(plan.batch.inserts.map(\.table) == [3, 4, nil])
        #expect(plan.batch.inserts.map(\.plusOneAllowed) == [true, false, false])
        #expect(plan.ignoredColumns.isEmpty)
    }

    @Test("a title and a blank row above the header, as people lay sheets out: the header is found, and problems name their real cells")
    func aTitleAboveTheHeader() throws {
        #expect(messages(try guestsError("titled_guests.xlsx")) == [
            "titled_guests.xlsx: Guests!C5: column \"Email\": 'bad@' is not an email address",
        ])
        // The same layout as CSV, without the bad row: the guest is read from the header's columns.
        let csv = "Guest list 2027,,\n,,\nFirst Name,Last Name,Email\nAna,Lopez,ana@example.com\n"
        let plan = try CSVImporter(wedding: testWedding(), mode: .addOnly).planGuests(Data(csv.utf8), fileName: "g.csv", existing: [])
        #expect(plan.batch.inserts.map { [$0.firstName, $0.lastName, $0.email] } == [["Ana", "Lopez", "ana@example.com"]])
        #expect(plan.ignoredColumns.isEmpty)
    }

    @Test("a file with no header in its first rows is refused naming the first row, as before")
    func noHeaderAnywhere() throws {
        let csv = "Guest list 2027,,\nAna,Lopez,ana@example.com\n"
        let error = importError { () throws(CSVImportError) in
            try CSVImporter(wedding: testWedding(), mode: .addOnly).planGuests(Data(csv.utf8), fileName: "g.csv", existing: [])
        }
        #expect(messages(error).first?.contains("there is no \"First Name\", \"Last Name\" or \"Full Name\" column "
                                                + "(the header is: Guest list 2027, , )") == true, "\(messages(error))")
    }

    @Test func aSheetIsChosenByItsName() throws {
        let plan = try guests("guests.xlsx", sheet: "Zoë's <Friends> & \"Co\"")
        #expect(plan.batch.inserts.map { [$0.firstName, $0.lastName, $0.email] } == [["Émile", "O'Brien", "emile@example.com"]])
    }

    @Test func anUnknownSheetListsTheSheets() throws {
        #expect(messages(try guestsError("guests.xlsx", sheet: "Sheet1")) == [
            "guests.xlsx: there is no sheet \"Sheet1\"; the sheets are \"Guests\", \"Zoë's <Friends> & \"Co\"\"",
        ])
    }

    @Test func sharedStringsWithRichTextAndPhoneticGuides() throws {
        let plan = try guests("shared_strings.xlsx")
        #expect(plan.batch.inserts.map { [$0.firstName, $0.lastName] } == [["Haru Ko", "Sato"], ["Yuki", "Sato"]])
        #expect(plan.batch.inserts.map(\.plusOneAllowed) == [true, false])
    }

    @Test func cellsWithoutAddressesAndSkippedColumns() throws {
        let plan = try guests("inline.xlsx")
        #expect(plan.batch.inserts.map { [$0.firstName, $0.lastName] } == [["Li Wei", "Chen"]])
        #expect(plan.batch.inserts.map(\.table) == [7])
        #expect(plan.ignoredColumns == ["column 3 (no header)"])
    }

    @Test func datesMoneyAndAMergedHeader() throws {
        let plan = try expenses("expenses.xlsx")
        #expect(plan.batch.inserts.map(\.name) == ["Deposit", "Balance"])
        #expect(plan.batch.inserts.map(\.amount) == [Money(minorUnits: 150_050), Money(minorUnits: 120_000)])
        #expect(plan.batch.inserts.map(\.dueDate) == [CalendarDate(year: 2026, month: 4, day: 1),
                                                       CalendarDate(year: 2026, month: 9, day: 12)])
        #expect(plan.batch.inserts.map(\.paymentStatus) == [.paid, .pending])
        #expect(plan.ignoredColumns == ["column 2 (no header)"])
    }

    @Test func the1904DateSystem() throws {
        let plan = try expenses("expenses_1904.xlsx")
        #expect(plan.batch.inserts.map(\.dueDate) == [CalendarDate(year: 2026, month: 4, day: 1)])
    }

    @Test func vendors() throws {
        let plan = try CSVImporter(wedding: testWedding(), mode: .addOnly)
            .planVendors(.spreadsheet(XLSXFixtures.data("vendors.xlsx"), sheet: nil), fileName: "vendors.xlsx",
                         existing: [], categories: [])
        #expect(plan.batch.inserts.map { [$0.name, $0.email, $0.phone] } == [["Grand Hall", "events@grandhall.example", "555 0199"]])
    }

    @Test func problemsNameTheSheetAndCell() throws {
        let messages = messages(try guestsError("bad_guests.xlsx"))
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("bad_guests.xlsx: Sheet!C4: column \"Email\": ") == true, "\(messages)")
    }

    @Test func aPlusOnesMealAndDietaryNeeds() throws {
        let plan = try guests("plus_ones.xlsx")
        #expect(plan.batch.inserts.map { [$0.plusOneName, $0.plusOneMealChoice, $0.plusOneDietaryRestrictions] }
            == [["Jo", "Fish", "no nuts"]])
        #expect(plan.ignoredColumns.isEmpty)
    }

    @Test func aPlusOneOnAGuestWithoutOneIsRefusedNamingTheSheetCellAndColumn() throws {
        let error = try guestsError("plus_ones_not_allowed.xlsx")
        #expect(messages(error) == [
            "plus_ones_not_allowed.xlsx: Sheet1!C3: column \"Plus One Name\": no plus-one is allowed, so the plus-one cannot be named",
            "plus_ones_not_allowed.xlsx: Sheet1!D3: column \"Plus One Attending\": no plus-one is allowed, so the plus-one cannot be coming",
        ])
        #expect(error?.description.hasSuffix("2 problems; nothing was imported") == true, "\(String(describing: error))")
    }

    @Test func progressCountsTheSheetsRows() throws {
        let reports = Mutex<[CSVProgress]>([])
        _ = try CSVImporter(wedding: testWedding(), mode: .addOnly, progress: { progress in reports.withLock { $0.append(progress) } })
            .planGuests(.spreadsheet(XLSXFixtures.data("guests.xlsx"), sheet: nil), fileName: "guests.xlsx", existing: [])
        let reading = reports.withLock { $0 }.filter { $0.phase == .reading }
        #expect(reading.first == CSVProgress(phase: .reading, done: 0, total: 4))
        #expect(reading.last == CSVProgress(phase: .reading, done: 4, total: 4))
    }

    @Test func mergingMatchesRowsOfASheetAsItDoesLinesOfCSV() throws {
        var ana = Guest(firstName: "Ana", lastName: "Lopez")
        ana.email = "ana@example.com"
        let plan = try guests("guests.xlsx", existing: [ana], mode: .merge)
        #expect(plan.batch.inserts.count == 2)
        #expect(plan.batch.updates.map(\.table) == [3])
    }
}
