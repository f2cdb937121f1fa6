import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Testing

/// Reading guest lists: headers, values, and what is refused.
@Suite struct GuestImportTests {
    let importer = CSVImporter(wedding: testWedding(), mode: .addOnly)

    private func guests(_ file: String) throws -> [Guest] {
        try importer.planGuests(bytes(file), fileName: "guests.csv", existing: []).batch.inserts
    }

    @Test(arguments: ["First Name", "first_name", "Given name", "Firstname", "FIRST-NAME", " first  name "])
    func firstNameHeaderAliases(header: String) throws {
        #expect(try guests("\(header),Surname\nAna,Lopez\n").first?.firstName == "Ana")
    }

    @Test func headerAliasesForEveryField() throws {
        let file = "Given Name,Family Name,E-mail,Mobile,Response,Plus-One,Table Number,Entrée,Dietary,Party,Side,"
            + "Address 1,Town,Province,Postal Code,Country,Comments\n"
            + "Ana,Lopez,ana@example.com,555-0100,accepted,x,4,vegan,no nuts,The Lopez family,Ben's side,"
            + "1 Main St,Springfield,ON,K1A 0B1,Canada,likes jazz\n"
        let guest = try #require(try guests(file).first)
        #expect(guest.fullName == "Ana Lopez")
        #expect(guest.email == "ana@example.com")
        #expect(guest.phone == "555-0100")
        #expect(guest.rsvp == .attending)
        #expect(guest.plusOneAllowed)
        #expect(guest.table == 4)
        #expect(guest.mealChoice == "Vegan")
        #expect(guest.dietaryRestrictions == "no nuts")
        #expect(guest.household == "The Lopez family")
        #expect(guest.invitedBy == .partner2)
        #expect(guest.address == Address(line1: "1 Main St", city: "Springfield", region: "ON", postalCode: "K1A 0B1",
                                         country: "Canada"))
        #expect(guest.notes == "likes jazz")
    }

    @Test func theOriginalAppsImportSampleHeaderIsFullyUnderstood() throws {
        let header = "First Name,Last Name,Email,Phone,RSVP Status,Plus One Allowed,Plus One Name,Dietary Restrictions,"
            + "Address Line 1,City,State,Zip Code,Country,Invited By,Table Assignment,Notes"
        let plan = try importer.planGuests(bytes(header + "\nAna,Lopez,,,,,,,,,,,,,,\n"), fileName: "guests.csv", existing: [])
        #expect(plan.ignoredColumns.isEmpty)
        #expect(plan.batch.inserts.count == 1)
    }

    @Test func fullNameIsSplitOnlyWithoutNameColumns() throws {
        let split = try guests("Full Name,Email\nMary Ann Smith,\nCher,\n")
        #expect(split.map(\.firstName) == ["Mary Ann", "Cher"])
        #expect(split.map(\.lastName) == ["Smith", ""])
        let beside = try importer.planGuests(bytes("Full Name,First Name,Last Name\nWrong Name,Ana,Lopez\n"),
                                             fileName: "guests.csv", existing: [])
        #expect(beside.batch.inserts.first?.fullName == "Ana Lopez")
        #expect(beside.ignoredColumns.isEmpty)
    }

    @Test(arguments: [
        ("yes", RSVPStatus.attending), ("Y", .attending), ("Accepted", .attending), ("attending", .attending),
        ("Confirmed", .attending), ("coming", .attending),
        ("no", .declined), ("N", .declined), ("Regrets", .declined), ("declined", .declined), ("Not Attending", .declined),
        ("maybe", .maybe), ("Tentative", .maybe),
        ("pending", .pending), ("No response", .pending), ("awaiting", .pending),
        ("", .invited), ("invited", .invited), ("Invitation sent", .invited), ("Save-the-date sent", .invited),
    ])
    func rsvpSynonyms(text: String, status: RSVPStatus) throws {
        #expect(try guests("First Name,RSVP\nAna,\(text)\n").first?.rsvp == status)
    }

    @Test(arguments: [("yes", true), ("No", false), ("TRUE", true), ("false", false), ("1", true), ("0", false),
                      ("x", true), ("", false)])
    func booleanSynonyms(text: String, value: Bool) throws {
        #expect(try guests("First Name,Plus One Allowed\nAna,\(text)\n").first?.plusOneAllowed == value)
    }

    @Test(arguments: [("Ana", InvitedBy.partner1), ("ana lopez", .partner1), ("Ana's side", .partner1),
                      ("Ben", .partner2), ("Ben side", .partner2), ("Partner 2", .partner2), ("p1", .partner1),
                      ("Both", .both), ("", .both), ("mutual", .both)])
    func invitedByUnderstandsThePartnersNames(text: String, value: InvitedBy) throws {
        #expect(try guests("First Name,Invited By\nCy,\(text)\n").first?.invitedBy == value)
    }

    @Test func brideOrGroomSideIsRefusedWithTheChoices() {
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes("First Name,Invited By\nCy,Bride's side\n"), fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == ["guests.csv:2: column \"Invited By\": 'Bride's side' is not who invited the guest "
                                    + "(use one of: Ana Lopez (partner 1), Ben Okafor (partner 2), Both)"])
    }

    @Test func mealIsOneOfTheWeddingsOptionsInItsSpelling() throws {
        #expect(try guests("First Name,Meal\nAna,VEGETARIAN\nBen,\n").map(\.mealChoice) == ["Vegetarian", ""])
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes("First Name,Meal\nAna,Lobster\n"), fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == ["guests.csv:2: column \"Meal\": 'Lobster' is not one of the meal options "
                                    + "(Chicken, Beef, Fish, Vegetarian, Vegan)"])
    }

    @Test func aPlusOnesMealAndDietaryNeedsAreRead() throws {
        let file = "First Name,Plus One Allowed,Plus One Name,Plus One Attending,Plus One Meal,Plus One Dietary\n"
            + "Ana,yes,Jo,yes,FISH,no nuts\nBen,yes,,no,,\n"
        let read = try guests(file)
        #expect(read.map(\.plusOneMealChoice) == ["Fish", ""])
        #expect(read.map(\.plusOneDietaryRestrictions) == ["no nuts", ""])
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes("First Name,Plus One Allowed,Plus One Meal Option\nAna,yes,Lobster\n"),
                                    fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == ["guests.csv:2: column \"Plus One Meal Option\": 'Lobster' is not one of the meal options "
                                    + "(Chicken, Beef, Fish, Vegetarian, Vegan)"])
    }

    @Test func aPlusOneNamedOrComingOnAGuestWithoutOneIsRefusedAndNothingIsImported() {
        let file = "First Name,Plus One Allowed,Plus One Name,Plus One Attending,Plus One Meal Option\n"
            + "Ana,yes,Jo,yes,Fish\n"
            + "Ben,no,Sam,yes,Beef\n"
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == [
            "guests.csv:3: column \"Plus One Name\": no plus-one is allowed, so the plus-one cannot be named",
            "guests.csv:3: column \"Plus One Attending\": no plus-one is allowed, so the plus-one cannot be coming",
            "guests.csv:3: column \"Plus One Meal Option\": no plus-one is allowed, so the plus-one cannot have a meal",
        ])
        #expect(error?.description.hasSuffix("guests.csv: 3 problems; nothing was imported") == true)

        let withoutAllowed = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes("First Name,Plus One Name\nAna,Jo\n"), fileName: "guests.csv", existing: [])
        }
        #expect(messages(withoutAllowed) == [
            "guests.csv:2: column \"Plus One Name\": no plus-one is allowed, so the plus-one cannot be named",
        ])
    }

    @Test func tableNumbersAreWholeNumbersFromOne() throws {
        #expect(try guests("First Name,Table\nAna,12\nBen,\n").map(\.table) == [12, nil])
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes("First Name,Table\nAna,0\nBen,two\nCy,-3\n"), fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == [
            "guests.csv:2: column \"Table\": a table number must be 1 or more",
            "guests.csv:3: column \"Table\": 'two' is not a whole number",
            "guests.csv:4: column \"Table\": a table number must be 1 or more",
        ])
    }

    @Test func unknownColumnsAreIgnoredAndReported() throws {
        let plan = try importer.planGuests(bytes("First Name,Favourite Colour,,Last Name\nAna,teal,?,Lopez\n"),
                                           fileName: "guests.csv", existing: [])
        #expect(plan.batch.inserts.first?.fullName == "Ana Lopez")
        #expect(plan.ignoredColumns == ["Favourite Colour", "column 3 (no header)"])
        #expect(plan.report == "would add 1 guest, update 0, 0 unchanged; ignored columns: \"Favourite Colour\", "
                + "\"column 3 (no header)\"")
    }

    @Test func aFileWithoutANameColumnIsRejected() {
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes("Email,Phone\nana@example.com,555\n"), fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == ["guests.csv:1: there is no \"First Name\", \"Last Name\" or \"Full Name\" column "
                                    + "(the header is: Email, Phone)"])
    }

    @Test func twoHeadersForOneFieldAreRejected() {
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes("First Name,Phone,Mobile\nAna,1,2\n"), fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == ["guests.csv:1: column \"Mobile\": means the same as column \"Phone\"; keep one of them"])
    }

    @Test func everyBadRowIsReportedAndNothingIsPlanned() {
        let file = "First Name,Last Name,Email,RSVP,Table\n"
            + "Ana,Lopez,ana@example.com,yes,1\n"
            + ",,,no,\n"
            + "Ben,Okafor,bob@,perhaps,x\n"
            + "Cy,Ng,cy@example.com,maybe,2\n"
        let error = importError { () throws(CSVImportError) in
            try importer.planGuests(bytes(file), fileName: "guests.csv", existing: [])
        }
        #expect(messages(error) == [
            "guests.csv:3: column \"First Name\": a first or last name is required",
            "guests.csv:4: column \"Email\": 'bob@' is not an email address",
            "guests.csv:4: column \"RSVP\": 'perhaps' is not an RSVP status (use one of: attending, declined, maybe, pending, invited)",
            "guests.csv:4: column \"Table\": 'x' is not a whole number",
        ])
        #expect(error?.description.hasSuffix("guests.csv: 4 problems; nothing was imported") == true)
    }

    @Test func aPlanAppliesCleanlyToTheWedding() throws {
        let plan = try importer.planGuests(bytes("Name,Email,RSVP,Meal,Table\nAna Lopez,ana@example.com,yes,fish,3\n"),
                                           fileName: "guests.csv", existing: [])
        var dataset = WeddingDataset(wedding: importer.wedding)
        try apply(plan, to: &dataset)
        #expect(dataset.guests.records.map(\.fullName) == ["Ana Lopez"])
    }
}
