import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Testing

/// Files exported from another wedding, read with `CSVImportOptions.betweenWeddings`: other
/// partners, meal options and categories are taken in and listed, never refused.
@Suite struct BetweenWeddingsImportTests {
    /// Cleo and Dan's wedding, with two meal options.
    private let wedding = Wedding(name: "Cleo & Dan", partner1Name: "Cleo Park", partner2Name: "Dan Reyes",
                                  currency: .usd, mealOptions: ["Chicken", "Vegan"])
    private var importer: CSVImporter { CSVImporter(wedding: wedding, mode: .addOnly, options: .betweenWeddings) }

    @Test func anotherWeddingsPartnersReadAsBothAndAreCountedInTheReport() throws {
        let file = "First Name,Invited By\nAnn,Ana\nBo,Ben\nCy,ana\nDi,Cleo\nEd,Both\n"
        let plan = try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
        #expect(plan.batch.inserts.map(\.invitedBy) == [.both, .both, .both, .partner1, .both])
        #expect(plan.otherInvitedBy == [OtherInvitedBy(name: "Ana", guests: 2), OtherInvitedBy(name: "Ben", guests: 1)])
        #expect(plan.report == "would add 5 guests, update 0, 0 unchanged; "
                + "\"Invited By\" naming neither partner, read as both: \"Ana\" (2 guests), \"Ben\" (1 guest)")
    }

    @Test func mealOptionsTheWeddingLacksAreCollectedOnceAndTheGuestsKeepThem() throws {
        let file = "First Name,Meal,Plus One Allowed,Plus One Meal\nAnn,fish,yes,Beef\nBo,Fish,no,\nCy,vegan,no,\n"
        let plan = try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
        #expect(plan.newMealOptions == ["fish", "Beef"])
        #expect(plan.batch.inserts.map(\.mealChoice) == ["fish", "fish", "Vegan"])
        #expect(plan.batch.inserts[0].plusOneMealChoice == "Beef")
        #expect(plan.report == "would add 3 guests, update 0, 0 unchanged; new meal options: \"fish\", \"Beef\"")
        // With the options added, as the command adds them in the same write, the domain takes every guest.
        var withOptions = wedding
        withOptions.mealOptions += plan.newMealOptions
        var dataset = WeddingDataset(wedding: withOptions)
        try apply(plan, to: &dataset)
        #expect(dataset.guests.count == 3)
    }

    @Test func aVendorsMissingCategoryIsCreatedOnceAndListed() throws {
        let plan = try importer.planVendors(bytes("Vendor Name,Budget Category\nPetal,Flowers\nBloom,flowers\nHall,\n"),
                                            fileName: "vendors.csv", existing: [], categories: [])
        #expect(plan.newCategories.map(\.name) == ["Flowers"])
        #expect(plan.batch.inserts.map(\.budgetCategoryID) == [plan.newCategories[0].id, plan.newCategories[0].id, nil])
        #expect(plan.report == "would add 3 vendors, update 0, 0 unchanged; new budget categories: \"Flowers\"")
        var dataset = WeddingDataset(wedding: wedding)
        try apply(plan, to: &dataset)
        #expect(dataset.vendors.count == 3 && dataset.categories.count == 1)
    }

    @Test func withoutTheOptionsTheSameFilesAreStillRefused() {
        let strict = CSVImporter(wedding: wedding, mode: .addOnly)
        let error = importError { () throws(CSVImportError) in
            try strict.planGuests(bytes("First Name,Invited By,Meal\nAnn,Ana,Fish\n"), fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == [
            "guests.csv:2: column \"Invited By\": 'Ana' is not who invited the guest "
                + "(use one of: Cleo Park (partner 1), Dan Reyes (partner 2), Both)",
            "guests.csv:2: column \"Meal\": 'Fish' is not one of the meal options (Chicken, Vegan)",
        ])
    }
}
