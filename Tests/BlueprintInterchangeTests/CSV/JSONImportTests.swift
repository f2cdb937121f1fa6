import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Testing

/// Importing what `export … --format json` wrote: installments and allocations come back,
/// ids are kept unless taken, and what records name is followed or refused by record and field.
@Suite struct JSONImportTests {
    private let wedding = testWedding()
    private let venue = BudgetCategory(name: "Venue")
    private let flowers = BudgetCategory(name: "Flowers")
    private let cake = BudgetCategory(name: "Cake")
    private var importer: CSVImporter { CSVImporter(wedding: wedding, mode: .addOnly, options: .betweenWeddings) }

    /// An expense with installments and shares in two other categories, paid to `vendor`.
    private func expense(vendor: Vendor) -> Expense {
        Expense(name: "Hall", categoryID: venue.id, vendorID: vendor.id, amount: Money(minorUnits: 100_000),
                paymentStatus: .partial,
                installments: [Installment(amount: Money(minorUnits: 40_000), dueDate: CalendarDate(year: 2026, month: 3, day: 1)!,
                                           paidDate: CalendarDate(year: 2026, month: 3, day: 1)!),
                               Installment(amount: Money(minorUnits: 60_000), dueDate: CalendarDate(year: 2026, month: 6, day: 1)!)],
                allocations: [ExpenseAllocation(categoryID: cake.id, share: .percent(basisPoints: 1_000)),
                              ExpenseAllocation(categoryID: flowers.id, share: .percent(basisPoints: 3_000))])
    }

    @Test func vendorsAndExpensesComeBackWithInstallmentsAndAllocationsUnderTheirIds() throws {
        let vendor = Vendor(name: "Old Mill", budgetCategoryID: venue.id)
        let original = expense(vendor: vendor)
        let vendors = try importer.planVendors(json: try JSONExporter.export([vendor]), fileName: "vendors.json", existing: [],
                                               categories: [venue, flowers, cake])
        #expect(vendors.batch.inserts == [vendor])
        let expenses = try importer.planExpenses(json: try JSONExporter.export([original]), fileName: "expenses.json", existing: [],
                                                 categories: [venue, flowers, cake], vendors: vendors.batch.inserts)
        let imported = try #require(expenses.batch.inserts.first)
        #expect(imported == original)
        #expect(imported.installments.count == 2 && imported.allocations.count == 2)
        var dataset = WeddingDataset(wedding: wedding, categories: [venue, flowers, cake])
        try apply(vendors, to: &dataset)
        try apply(expenses, to: &dataset)
        #expect(dataset.expenses.first?.installments == original.installments)
    }

    @Test func aRecordWhoseIdIsTakenIsAddedUnderANewIdAndItsExpensesFollowIt() throws {
        let vendor = Vendor(name: "Old Mill")
        let vendors = try importer.planVendors(json: try JSONExporter.export([vendor]), fileName: "vendors.json", existing: [vendor],
                                               categories: [venue])
        let renamed = try #require(vendors.renamedIDs[vendor.id])
        #expect(vendors.batch.inserts.map(\.id) == [renamed])
        let expenses = try importer.planExpenses(json: try JSONExporter.export([expense(vendor: vendor)]), fileName: "expenses.json",
                                                 existing: [], categories: [venue, flowers, cake], vendors: [vendor] + vendors.batch.inserts,
                                                 renamedVendors: vendors.renamedIDs)
        #expect(expenses.batch.inserts.first?.vendorID == renamed)
        let merged = try CSVImporter(wedding: wedding, mode: .merge).planVendors(
            json: try JSONExporter.export([vendor]), fileName: "vendors.json", existing: [vendor], categories: [])
        #expect(merged.summary == ImportSummary(inserted: 0, updated: 0, unchanged: 1))
    }

    @Test func whatARecordNamesThatTheWeddingLacksIsRefusedByRecordAndField() {
        let stranger = Vendor(name: "Elsewhere")
        let error = importError { () throws(CSVImportError) in
            try importer.planExpenses(json: try! JSONExporter.export([expense(vendor: stranger)]), fileName: "expenses.json",
                                      existing: [], categories: [venue, cake], vendors: [])
        }
        #expect(messages(error) == ["expenses.json: record 1, allocations[1].categoryID: this wedding has no budget category "
                                    + "with id \(flowers.id.uuidString.lowercased()) (import the categories too: import all with categories.json)"])
    }

    @Test func badJSONNamesTheRecordAndTheField() {
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(json: Data(#"[{"firstName": "Ana"}, {"firstName": 7}]"#.utf8), fileName: "guests.json", existing: [])
        }
        #expect(messages(error).first?.hasPrefix("guests.json: record 1, ") == true, "\(messages(error))")
        let notJSON = importError { () throws(CSVImportError) in
            try importer.planGuests(json: Data("First Name\nAna\n".utf8), fileName: "guests.json", existing: [])
        }
        #expect(messages(notJSON).first?.hasPrefix("guests.json: it is not the JSON that `export --format json` writes") == true,
                "\(messages(notJSON))")
    }

    @Test func aGuestsMealTheWeddingLacksIsCollectedLikeACSVFiles() throws {
        var guest = Guest(firstName: "Ana", lastName: "Lopez")
        guest.mealChoice = "Short rib"
        let plan = try importer.planGuests(json: try JSONExporter.export([guest]), fileName: "guests.json", existing: [])
        #expect(plan.newMealOptions == ["Short rib"])
        #expect(plan.batch.inserts == [guest])
    }

    @Test func categoriesTheWeddingHasByNameAreFollowedAndTheOthersAddedWithTheirParents() throws {
        let ours = BudgetCategory(name: "venue")
        let party = BudgetCategory(name: "Wedding party")
        let attire = BudgetCategory(name: "Attire", parentID: party.id)
        let plan = try importer.planCategories(json: try JSONExporter.export([venue, party, attire]), fileName: "categories.json",
                                               existing: [ours])
        #expect(plan.batch.inserts == [party, attire])
        #expect(plan.renamedIDs == [venue.id: ours.id])
        #expect(plan.report == "would add 2 budget categories, update 0, 1 unchanged")
        let vendor = Vendor(name: "Old Mill", budgetCategoryID: venue.id)
        let vendors = try importer.planVendors(json: try JSONExporter.export([vendor]), fileName: "vendors.json", existing: [],
                                               categories: [ours] + plan.batch.inserts, renamedCategories: plan.renamedIDs)
        #expect(vendors.batch.inserts.first?.budgetCategoryID == ours.id)

        let orphan = BudgetCategory(name: "Shoes", parentID: UUID())
        let error = importError { () throws(CSVImportError) in
            try importer.planCategories(json: try! JSONExporter.export([orphan]), fileName: "categories.json", existing: [])
        }
        #expect(messages(error) == ["categories.json: record 1, parentID: there is no budget category with id "
                                    + orphan.parentID!.uuidString.lowercased()])
    }
}
