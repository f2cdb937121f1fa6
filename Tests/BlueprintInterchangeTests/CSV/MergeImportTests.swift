import BlueprintDomain
@testable import BlueprintInterchange
import Foundation
import Testing

/// Merge mode: rows that name an existing record update it; others are added.
@Suite struct MergeImportTests {
    let wedding = testWedding()
    let ana = Guest(firstName: "Ana", lastName: "Lopez", email: "ana@example.com", phone: "555-0100", table: 5,
                    notes: "sister", version: 3)
    let ben = Guest(firstName: "Ben", lastName: "Okafor", email: "ben@example.com", rsvp: .attending)

    private func plan(_ file: String, existing: [Guest],
                      mode: CSVImportMode = .merge) throws(CSVImportError) -> CSVImportPlan<Guest> {
        try CSVImporter(wedding: wedding, mode: mode).planGuests(bytes(file), fileName: "guests.csv", existing: existing)
    }

    @Test func aRowMatchedByEmailUpdatesOnlyTheColumnsTheFileHas() throws {
        let result = try plan("First Name,Last Name,Email,RSVP\nAna,Lopez-Ng,ANA@example.com,yes\n", existing: [ana, ben])
        let updated = try #require(result.batch.updates.first)
        #expect(result.batch.inserts.isEmpty)
        #expect(updated.id == ana.id)
        #expect(updated.version == 3)
        #expect(updated.lastName == "Lopez-Ng")
        #expect(updated.email == "ANA@example.com")
        #expect(updated.rsvp == .attending)
        #expect(updated.phone == "555-0100")
        #expect(updated.table == 5)
        #expect(updated.notes == "sister")
    }

    @Test("merging by email needs no name column: matched rows update, a new row without a name is refused by its line")
    func mergeByEmailAlone() throws {
        let result = try plan("Email,RSVP\nana@example.com,yes\nBEN@example.com,no\n", existing: [ana, ben])
        #expect(result.batch.inserts.isEmpty)
        #expect(Set(result.batch.updates.map(\.id)) == [ana.id, ben.id])
        #expect(result.batch.updates.first { $0.id == ana.id }?.rsvp == .attending)
        #expect(result.batch.updates.first { $0.id == ana.id }?.firstName == "Ana")
        let unknown = importError { () throws(CSVImportError) in
            _ = try plan("Email,RSVP\nnew@example.com,yes\n", existing: [ana, ben])
        }
        #expect(messages(unknown).count == 1)
        #expect(messages(unknown).first?.contains("guests.csv:2") == true, "\(messages(unknown))")
        let adding = importError { () throws(CSVImportError) in
            _ = try plan("Email,RSVP\nana@example.com,yes\n", existing: [ana], mode: .addOnly)
        }
        #expect(messages(adding).first?.contains("there is no \"First Name\", \"Last Name\" or \"Full Name\" column") == true,
                "adding still needs a name: \(messages(adding))")
    }

    @Test func withoutAnEmailMatchARowIsMatchedByFullName() throws {
        let result = try plan("Full Name,Phone\n  ben   OKAFOR ,555-0199\n", existing: [ana, ben])
        let updated = try #require(result.batch.updates.first)
        #expect(updated.id == ben.id)
        #expect(updated.phone == "555-0199")
        #expect(updated.email == "ben@example.com")
        #expect(updated.fullName == "ben OKAFOR")
    }

    @Test func identicalRowsCountAsUnchangedAndNewRowsAreAdded() throws {
        let file = "First Name,Last Name,Email,RSVP\nBen,Okafor,ben@example.com,attending\nAna,Lopez,ana@example.com,no\n"
            + "Cy,Ng,cy@example.com,\n"
        let result = try plan(file, existing: [ana, ben])
        #expect(result.summary == ImportSummary(inserted: 1, updated: 1, unchanged: 1))
        #expect(result.report == "would add 1 guest, update 1, 1 unchanged")
        var dataset = WeddingDataset(wedding: wedding, guests: [ana, ben])
        try apply(result, to: &dataset)
        #expect(dataset.guests[ana.id]?.rsvp == .declined)
        #expect(dataset.guests[ana.id]?.version == 4)
        #expect(dataset.guests[ben.id] == ben)
        #expect(dataset.guests.count == 3)
    }

    @Test func addOnlyInsertsEvenRowsThatMatch() throws {
        let result = try plan("First Name,Last Name,Email\nAna,Lopez,ana@example.com\n", existing: [ana], mode: .addOnly)
        #expect(result.summary == ImportSummary(inserted: 1))
        #expect(result.batch.inserts.first?.id != ana.id)
    }

    @Test func twoRowsForOneExistingGuestAreAnError() {
        let file = "First Name,Last Name,Email\nAna,Lopez,ana@example.com\nAnita,L,ANA@EXAMPLE.COM\n"
        let error = importError { () throws(CSVImportError) in try plan(file, existing: [ana]) }
        #expect(messages(error) == ["guests.csv:3: Anita L is the same guest as on line 2"])
    }

    @Test func twoRowsForOneNewGuestAreAnError() {
        let file = "First Name,Last Name,Email\nCy,Ng,\nDee,Ng,dee@example.com\ncy,ng,\n"
        let error = importError { () throws(CSVImportError) in try plan(file, existing: [ana]) }
        #expect(messages(error) == ["guests.csv:4: cy ng is the same guest as on line 2"])
    }

    @Test func aNameSharedByTwoExistingGuestsIsAmbiguous() {
        let twin = Guest(firstName: "Ana", lastName: "Lopez")
        let error = importError { () throws(CSVImportError) in
            try plan("Full Name,Table\nAna Lopez,2\n", existing: [ana, twin])
        }
        #expect(messages(error) == ["guests.csv:2: Ana Lopez matches 2 existing guests; merge cannot tell which to update"])
    }

    @Test func mergedRecordsAreValidatedToo() {
        let error = importError { () throws(CSVImportError) in
            try plan("Email,First Name,Last Name\nana@example.com,,\n", existing: [ana])
        }
        #expect(messages(error) == ["guests.csv:2: column \"First Name\": a first or last name is required"])
    }
}
