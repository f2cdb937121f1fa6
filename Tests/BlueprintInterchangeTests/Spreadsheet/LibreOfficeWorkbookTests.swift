import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Testing

/// Importing workbooks as LibreOffice Calc saves them (`*_libreoffice.xlsx`, converted by
/// LibreOffice from the `.fods` beside them): shared strings, `t="b"` booleans, dates as serial
/// numbers in custom formats, currency formats, a formula's cached value, a merged header cell
/// and second sheets.
@Suite struct LibreOfficeWorkbookTests {
    let importer = CSVImporter(wedding: testWedding(), mode: .addOnly)
    let venue = BudgetCategory(name: "Venue")

    private func guests(sheet: String? = nil) throws -> CSVImportPlan<Guest> {
        try importer.planGuests(.spreadsheet(XLSXFixtures.data("guests_libreoffice.xlsx"), sheet: sheet),
                                fileName: "guests_libreoffice.xlsx", existing: [])
    }

    @Test func guestsWithAccentsBooleansNumbersAndEmptyCells() throws {
        let plan = try guests()
        let guests = plan.batch.inserts
        #expect(guests.map(\.firstName) == ["Zoë", "José", "Siobhán", "Åsa"])
        #expect(guests.map(\.lastName) == ["Müller", "Núñez", "Ó Briain", "Lindqvist-Øberg"])
        #expect(guests.map(\.email) == ["zoe.muller@example.com", "", "siobhan@example.ie", "asa@example.se"])
        #expect(guests.map(\.rsvp) == [.attending, .declined, .attending, .maybe])
        #expect(guests.map(\.table) == [3, nil, 12, nil])
        #expect(guests.map(\.plusOneAllowed) == [true, false, true, false])
        #expect(plan.ignoredColumns.contains("Gift Received"), "gifts are records of their own, not a guest column")
        #expect(guests.map(\.phone) == ["5550123", "+34 600 123 456", "", ""])
        #expect(guests.map(\.notes) == ["Flies in from Zürich", "", "Plus one: Ciarán", ""])
    }

    @Test func theSecondSheetByItsNameWithAnApostropheAndASpace() throws {
        let guests = try guests(sheet: "Bride's family").batch.inserts
        #expect(guests.map { [$0.firstName, $0.lastName, $0.email] } == [
            ["Élodie", "Fontaine-Castañeda", "elodie@example.fr"], ["Grégoire", "Fontaine", ""],
        ])
        #expect(guests.map(\.plusOneAllowed) == [true, false])
    }

    @Test func expensesWithDatesInThreeFormatsMoneyAFormulaAndAMergedHeader() throws {
        let plan = try importer.planExpenses(.spreadsheet(XLSXFixtures.data("expenses_libreoffice.xlsx"), sheet: nil),
                                             fileName: "expenses_libreoffice.xlsx", existing: [], categories: [venue],
                                             vendors: [])
        let expenses = plan.batch.inserts
        #expect(expenses.map(\.name) == ["Château deposit", "Balance", "Crème brûlée tasting", "Bouquets & boutonnières"])
        #expect(expenses.map(\.amount.minorUnits) == [150_050, 1_049_950, 8_999, 64_000])
        #expect(expenses.map(\.dueDate) == [CalendarDate(year: 2026, month: 4, day: 1), CalendarDate(year: 2026, month: 9, day: 12),
                                            CalendarDate(year: 2026, month: 5, day: 15), nil])
        #expect(expenses.map(\.paymentStatus) == [.paid, .pending, .pending, .pending])
        #expect(expenses.map(\.paymentMethod) == ["Bank transfer", "", "Carte bancaire", ""])
        #expect(plan.newCategories.map(\.name) == ["Catering", "Flowers"])
        #expect(expenses.map(\.categoryID) == [venue.id, venue.id] + plan.newCategories.map(\.id))
        #expect(plan.ignoredColumns == ["column 2 (no header)"], "the merged header names its first column only")
    }

    @Test func vendorsFromTheSecondSheetTheFormerArchivedStatusIncluded() throws {
        let plan = try importer.planVendors(.spreadsheet(XLSXFixtures.data("expenses_libreoffice.xlsx"), sheet: "Vendors"),
                                            fileName: "expenses_libreoffice.xlsx", existing: [], categories: [])
        let vendors = plan.batch.inserts
        #expect(vendors.map(\.name) == ["Château de Lumière", "Pâtisserie Étoile", "Fleurs & Cie"])
        #expect(vendors.map(\.category) == [.venue, .cake, .florist])
        #expect(vendors.map(\.status) == [.booked, .declined, .quoted])
        #expect(vendors.map(\.isArchived) == [false, true, false])
        #expect(vendors.map(\.quotedAmount) == [Money(minorUnits: 1_200_000), Money(minorUnits: 45_000), Money(minorUnits: 125_075)])
        #expect(vendors.map(\.bookedDate) == [CalendarDate(year: 2026, month: 1, day: 20), nil, nil])
        #expect(vendors.map(\.rating) == [5, nil, nil])
        #expect(vendors.map(\.wouldBookAgain) == [true, false, nil])
    }

    @Test func aProblemInTheSecondSheetNamesThatSheet() throws {
        let data = try XLSXFixtures.data("expenses_libreoffice.xlsx")
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(.spreadsheet(data, sheet: "Vendors"), fileName: "expenses_libreoffice.xlsx", existing: [])
        }
        #expect(messages(error) == [
            "expenses_libreoffice.xlsx: Vendors row 1: there is no \"First Name\", \"Last Name\" or \"Full Name\" column "
                + "(the header is: Vendor Name, Vendor Type, Booking Status, Quoted Amount, Booked Date, Rating, Would Book Again)",
        ])
    }
}
