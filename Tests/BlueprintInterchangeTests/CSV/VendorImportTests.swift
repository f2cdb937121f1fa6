import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Testing

/// Reading vendor lists.
@Suite struct VendorImportTests {
    let importer = CSVImporter(wedding: testWedding(), mode: .addOnly)
    let flowers = BudgetCategory(name: "Flowers")

    private func vendors(_ file: String) throws(CSVImportError) -> [Vendor] {
        try importer.planVendors(bytes(file), fileName: "vendors.csv", existing: [], categories: [flowers]).batch.inserts
    }

    @Test func headerAliasesForEveryField() throws {
        let file = "Business,Contact,Phone,E-mail,Type,Quote,URL,Status,Date Booked,Budget Category,Comments\n"
            + "Petal & Stem,Jo,555-0123,jo@petal.example,Florist,\"$1,234.50\",https://petal.example,hired,2026-03-01,flowers,"
            + "\"peonies, not roses\"\n"
        let vendor = try #require(try vendors(file).first)
        #expect(vendor.name == "Petal & Stem")
        #expect(vendor.contactName == "Jo")
        #expect(vendor.phone == "555-0123")
        #expect(vendor.email == "jo@petal.example")
        #expect(vendor.category == .florist)
        #expect(vendor.quotedAmount == Money(minorUnits: 123_450))
        #expect(vendor.website == "https://petal.example")
        #expect(vendor.status == .booked)
        #expect(vendor.bookedDate == CalendarDate(year: 2026, month: 3, day: 1))
        #expect(vendor.budgetCategoryID == flowers.id)
        #expect(vendor.notes == "peonies, not roses")
    }

    @Test(arguments: [("Photographer", VendorCategory.photography), ("DJ", .music), ("Band", .music),
                      ("Hair and Makeup", .hairAndMakeup), ("Hair & makeup", .hairAndMakeup), ("Caterer", .catering),
                      ("videographer", .videography), ("Venue", .venue), ("", .other), ("Officiant", .officiant)])
    func vendorTypeSynonyms(text: String, category: VendorCategory) throws {
        #expect(try vendors("Vendor Name,Vendor Type\nX,\(text)\n").first?.category == category)
    }

    @Test(arguments: [("booked", VendorStatus.booked), ("Hired", .booked), ("contracted", .booked),
                      ("", .researching), ("considering", .researching), ("Contacted", .contacted),
                      ("quote received", .quoted), ("declined", .declined), ("passed", .declined)])
    func bookingStatusSynonyms(text: String, status: VendorStatus) throws {
        #expect(try vendors("Vendor Name,Booking Status\nX,\(text)\n").first?.status == status)
    }

    @Test func unknownTypesAndCategoriesAreErrors() {
        let error = importError { () throws(CSVImportError) in
            try vendors("Vendor Name,Vendor Type,Budget Category,Quoted Amount\nX,Juggler,Fireworks,12.345\n")
        }
        #expect(messages(error) == [
            "vendors.csv:2: column \"Vendor Type\": 'Juggler' is not a vendor type (use one of: Venue, Catering, "
                + "Photography, Videography, Florist, Music, Officiant, Attire, Hair & makeup, Cake, Stationery, "
                + "Transport, Rentals, Other)",
            "vendors.csv:2: column \"Budget Category\": there is no budget category named 'Fireworks'",
            "vendors.csv:2: column \"Quoted Amount\": '12.345' has more than 2 decimal digits for USD",
        ])
    }

    @Test func aVendorNameColumnIsRequired() {
        let error = importError { () throws(CSVImportError) in try vendors("Contact Name,Phone\nJo,555\n") }
        #expect(messages(error) == ["vendors.csv:1: there is no \"Vendor Name\" column (the header is: Contact Name, Phone)"])
    }

    @Test func mergeMatchesAVendorByEmailThenByName() throws {
        let petal = Vendor(name: "Petal", email: "jo@petal.example")
        let sound = Vendor(name: "Sound Co", category: .music)
        let plan = try CSVImporter(wedding: importer.wedding, mode: .merge).planVendors(
            bytes("Vendor Name,Email,Booking Status\nPetal & Stem,jo@petal.example,booked\nsound co,,quoted\n"),
            fileName: "vendors.csv", existing: [petal, sound], categories: [])
        #expect(plan.batch.updates.map(\.id) == [petal.id, sound.id])
        #expect(plan.batch.updates.map(\.status) == [.booked, .quoted])
        #expect(plan.batch.updates.last?.category == .music)
    }

    @Test func reviewColumnsAndTheirAliases() throws {
        let file = "Vendor Name,Stars,Feedback,Rebook\nPetal,4,\"Lovely, on time\",yes\nSound,,,\nGlam,1,Late,no\n"
        let read = try vendors(file)
        #expect(read.map(\.rating) == [4, nil, 1])
        #expect(read.map(\.review) == ["Lovely, on time", "", "Late"])
        #expect(read.map(\.wouldBookAgain) == [true, nil, false])
    }

    @Test func aRatingOutsideOneToFiveIsReportedAgainstItsColumn() {
        let error = importError { () throws(CSVImportError) in
            try vendors("Vendor Name,Rating,Would Book Again\nX,6,perhaps\nY,lots,\n")
        }
        #expect(messages(error) == [
            "vendors.csv:2: column \"Rating\": the rating must be 1 to 5 stars, not 6",
            "vendors.csv:2: column \"Would Book Again\": 'perhaps' is not yes or no (use one of: yes, no)",
            "vendors.csv:3: column \"Rating\": 'lots' is not a whole number",
        ])
    }

    @Test func theFormerArchivedStatusImportsArchivedAndDeclined() throws {
        let read = try vendors("Vendor Name,Booking Status\nOld Hall,Archived\nOld Lens,ARCHIVED\nNew Hall,booked\n")
        #expect(read.map(\.status) == [.declined, .declined, .booked])
        #expect(read.map(\.isArchived) == [true, true, false])
    }

    @Test func theFormerArchivedStatusWinsOverAnArchivedColumnSayingNoWhicheverComesFirst() throws {
        let statusFirst = try vendors("Vendor Name,Status,Archived\nOld Hall,archived,no\nHall,booked,yes\nBarn,quoted,no\n")
        let flagFirst = try vendors("Vendor Name,Archived,Status\nOld Hall,no,archived\nHall,yes,booked\nBarn,no,quoted\n")
        for read in [statusFirst, flagFirst] {
            #expect(read.map(\.isArchived) == [true, true, false])
            #expect(read.map(\.status) == [.declined, .booked, .quoted])
        }
    }

    @Test func mergingTheFormerArchivedStatusArchivesTheVendorAndKeepsTheRest() throws {
        let hall = Vendor(name: "Old Hall", category: .venue, status: .quoted, email: "hi@hall.example", rating: 3)
        let barn = Vendor(name: "Barn", status: .booked, isArchived: true)
        let plan = try CSVImporter(wedding: importer.wedding, mode: .merge).planVendors(
            bytes("Vendor Name,Booking Status\nOld Hall,Archived\nBarn,booked\n"), fileName: "vendors.csv",
            existing: [hall, barn], categories: [])
        #expect(plan.batch.updates.map(\.id) == [hall.id])
        let merged = try #require(plan.batch.updates.first)
        #expect(merged.status == .declined && merged.isArchived)
        #expect(merged.category == .venue && merged.email == "hi@hall.example" && merged.rating == 3)
        #expect(plan.unchanged == 1, "a status column without the old status leaves an archived vendor archived")
    }

    @Test func anUnknownStatusListsTheStatusesWithoutArchived() {
        let error = importError { () throws(CSVImportError) in try vendors("Vendor Name,Status\nX,on hold\n") }
        #expect(messages(error) == [
            "vendors.csv:2: column \"Status\": 'on hold' is not a booking status "
                + "(use one of: researching, contacted, quoted, booked, declined)",
        ])
    }

    @Test func anArchivedVendorExportsAsDeclinedAndArchivedAndReadsBackTheSame() throws {
        let old = Vendor(name: "Old Hall", status: .declined, isArchived: true)
        let csv = String(decoding: try CSVExporter(wedding: importer.wedding).vendors([old], categories: []), as: UTF8.self)
        let lines = csv.split(whereSeparator: \.isNewline)
        #expect(lines.last == "Old Hall,,,,Other,,,Declined,,,,,,,Yes", "\(csv)")
        let read = try #require(try vendors(csv).first)
        #expect(read.status == .declined && read.isArchived)
    }
}
