import BlueprintDomain
import Foundation
import Testing

@Suite("Record coding")
struct RecordCodingTests {
    func roundTrip<R: Codable & Equatable>(_ value: R) throws -> R {
        try JSONDecoder().decode(R.self, from: JSONEncoder().encode(value))
    }

    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static let fullGuest = Guest(
        id: uuid(1), firstName: "José", lastName: "García", email: "jose@example.com", phone: "+1 555 0100",
        household: "The Garcías", invitedBy: .partner2, relationship: "Cousin", rsvp: .attending, plusOneAllowed: true,
        plusOneName: "Marta", plusOneAttending: true, plusOneMealChoice: "Vegan", plusOneDietaryRestrictions: "No gluten",
        mealChoice: "Fish", dietaryRestrictions: "No nuts",
        accessibilityNeeds: "Step-free", table: 4, seat: 2, weddingPartyRole: "Usher",
        address: Address(line1: "1 Main St", line2: "Apt 2", city: "Lisbon", region: "LX", postalCode: "1000",
                         country: "PT"),
        notes: "Line one\nline two", createdAt: createdTime, version: 3)

    static let fullExpense = Expense(
        id: uuid(2), name: "Photographer", categoryID: uuid(3), vendorID: uuid(4), amount: usd(3_000),
        dueDate: day("2026-09-01"), paymentStatus: .partial, paymentMethod: "Card", notes: "Two instalments",
        installments: [Installment(id: uuid(5), amount: usd(1_000), dueDate: day("2026-03-01"), paidDate: day("2026-02-28")),
                       Installment(id: uuid(6), amount: usd(2_000), dueDate: day("2026-09-01"))],
        createdAt: createdTime, version: 2)

    static let fullVendor = Vendor(
        id: uuid(7), name: "Lens & Light", category: .hairAndMakeup, status: .booked, contactName: "Kim",
        phone: "555-0101", email: "kim@example.com", website: "https://example.com/kim", quotedAmount: usd(3_000),
        bookedDate: day("2026-02-14"), budgetCategoryID: uuid(3), notes: "Books fast", rating: 4,
        review: "Calm on the day", wouldBookAgain: true, isArchived: true, createdAt: createdTime)

    static let fullTask = WeddingTask(
        id: uuid(8), title: "Send invitations", details: "Print, stamp, post", status: .inProgress, priority: .urgent,
        dueDate: day("2026-07-01"), assignees: ["Ana", "Ben"], vendorID: uuid(7), budgetCategoryID: uuid(3),
        subtasks: [Subtask(id: uuid(9), title: "Print", isDone: true), Subtask(id: uuid(10), title: "Post")],
        checklistKey: "invitations", createdAt: createdTime, version: 5)

    static let fullCategory = BudgetCategory(id: uuid(3), name: "Photography", allocated: usd(3_500), parentID: uuid(11),
                                             notes: "Incl. album", createdAt: createdTime, version: 4)

    @Test("every model with every field set decodes back equal")
    func fullRecords() throws {
        #expect(try roundTrip(fixtureWedding) == fixtureWedding)
        #expect(try roundTrip(Self.fullGuest) == Self.fullGuest)
        #expect(try roundTrip(Self.fullCategory) == Self.fullCategory)
        #expect(try roundTrip(Self.fullExpense) == Self.fullExpense)
        #expect(try roundTrip(Self.fullVendor) == Self.fullVendor)
        #expect(try roundTrip(Self.fullTask) == Self.fullTask)
    }

    @Test("a guest exported before plus-ones had a meal and dietary needs decodes with neither")
    func guestWithoutPlusOneMeal() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.fullGuest)) as? [String: Any])
        #expect(object["plusOneMealChoice"] as? String == "Vegan")
        object["plusOneMealChoice"] = nil
        object["plusOneDietaryRestrictions"] = nil
        let older = try JSONDecoder().decode(Guest.self, from: JSONSerialization.data(withJSONObject: object))
        var expected = Self.fullGuest
        expected.plusOneMealChoice = ""
        expected.plusOneDietaryRestrictions = ""
        #expect(older == expected)
    }

    @Test("every model with its optional fields empty decodes back equal, the empties still empty")
    func minimalRecords() throws {
        let wedding = Wedding(id: WeddingID(uuid(12)), name: "W", currency: Currency(code: "JPY")!, mealOptions: [],
                              createdAt: createdTime)
        let guest = Guest(id: uuid(13), firstName: "", lastName: "Solo", createdAt: createdTime)
        let category = BudgetCategory(id: uuid(14), name: "Misc", createdAt: createdTime)
        let expense = Expense(id: uuid(15), name: "Tip", categoryID: uuid(14), amount: .zero, createdAt: createdTime)
        let vendor = Vendor(id: uuid(16), name: "Someone", createdAt: createdTime)
        let task = WeddingTask(id: uuid(17), title: "Think", createdAt: createdTime)
        let decoded = (try roundTrip(wedding), try roundTrip(guest), try roundTrip(category), try roundTrip(expense),
                       try roundTrip(vendor), try roundTrip(task))
        #expect(decoded.0 == wedding && decoded.0.weddingDate == nil && decoded.0.rsvpDeadline == nil)
        #expect(decoded.1 == guest && decoded.1.table == nil && decoded.1.seat == nil)
        #expect(decoded.2 == category && decoded.2.parentID == nil)
        #expect(decoded.3 == expense && decoded.3.vendorID == nil && decoded.3.dueDate == nil)
        #expect(decoded.4 == vendor && decoded.4.quotedAmount == nil && decoded.4.bookedDate == nil)
        #expect(decoded.5 == task && decoded.5.dueDate == nil && decoded.5.subtasks.isEmpty && decoded.5.checklistKey == nil)
    }

    @Test("a task written before checklists (no checklistKey) decodes without one, and a task without one writes none")
    func taskWithoutChecklistKey() throws {
        var text = try json(Self.fullTask)
        #expect(text.contains(#""checklistKey":"invitations""#))
        text = text.replacingOccurrences(of: #""checklistKey":"invitations","#, with: "")
        #expect(!text.contains("checklistKey"))
        var expected = Self.fullTask
        expected.checklistKey = nil
        #expect(try JSONDecoder().decode(WeddingTask.self, from: Data(text.utf8)) == expected)
        #expect(try json(expected) == text)
    }

    @Test("a vendor written before reviews and archiving decodes unrated, unreviewed and not archived")
    func vendorWithoutReview() throws {
        var text = try json(Self.fullVendor)
        for field in [#""isArchived":true,"#, #""rating":4,"#, #""review":"Calm on the day","#, #","wouldBookAgain":true"#] {
            #expect(text.contains(field))
            text = text.replacingOccurrences(of: field, with: "")
        }
        var expected = Self.fullVendor
        expected.rating = nil
        expected.review = ""
        expected.wouldBookAgain = nil
        expected.isArchived = false
        #expect(try JSONDecoder().decode(Vendor.self, from: Data(text.utf8)) == expected)
    }

    /// A vendor put away by a build from before the archive flag, as that build wrote it: the
    /// status "archived", no rating, review or flag.
    static let formerlyArchivedVendor = #"""
        {"budgetCategoryID":"00000000-0000-0000-0000-000000000003","category":"photography","contactName":"Iris",
         "createdAt":"2026-01-10T09:00:00.000Z","email":"iris@goldenhour.example","id":"00000000-0000-0000-0000-000000000021",
         "name":"Golden Hour Studio","notes":"Out of budget","phone":"555-0102","quotedAmount":420000,"status":"archived",
         "updatedAt":"2026-01-12T10:00:00.000Z","version":3,"website":""}
        """#

    @Test("a vendor an older build stored as \"archived\" decodes archived, with the status declined, and writes the flag")
    func vendorWithFormerArchivedStatus() throws {
        let vendor = try JSONDecoder().decode(Vendor.self, from: Data(Self.formerlyArchivedVendor.utf8))
        #expect(vendor.isArchived)
        #expect(vendor.status == .declined)
        #expect(vendor.name == "Golden Hour Studio" && vendor.quotedAmount == usd(4_200) && vendor.version == 3)
        let written = try json(vendor)
        #expect(written.contains(#""status":"declined""#) && written.contains(#""isArchived":true"#))
        #expect(try JSONDecoder().decode(Vendor.self, from: Data(written.utf8)) == vendor)
    }

    @Test("\"archived\" is no longer a status to choose, and a status nobody wrote is still refused by name")
    func archivedIsNotAStatus() throws {
        #expect(VendorStatus.allCases.map(\.rawValue) == ["researching", "contacted", "quoted", "booked", "declined"])
        let text = Self.formerlyArchivedVendor.replacingOccurrences(of: #""status":"archived""#, with: #""status":"on hold""#)
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(Vendor.self, from: Data(text.utf8)) }
        #expect(String(describing: error).contains("Cannot initialize VendorStatus from invalid String value on hold"))
    }

    @Test("date-only fields are written as yyyy-MM-dd, times as ISO-8601 with milliseconds")
    func fieldShapes() throws {
        let text = try json(Self.fullExpense)
        #expect(text.contains(#""dueDate":"2026-09-01""#))
        #expect(text.contains(#""paidDate":"2026-02-28""#))
        #expect(text.contains(#""createdAt":"2026-01-10T09:00:00.000Z""#))
        #expect(text.contains(#""amount":300000"#))
        #expect(text.contains(#""paymentStatus":"partial""#))
        #expect(try json(Self.fullVendor).contains(#""category":"hair-and-makeup""#))
        #expect(try json(Self.fullTask).contains(#""status":"in-progress""#))
    }

    @Test("a wedding is coded under its wedding id")
    func weddingID() throws {
        let text = try json(fixtureWedding)
        #expect(text.contains(#""id":"00000000-0000-0000-0000-000000009999""#))
        #expect(text.contains(#""currency":"USD""#))
        #expect(text.contains(#""weddingDate":"2026-10-10""#))
    }

    @Test("a record with a date-time where a date belongs fails to decode")
    func rejectsDateTimeInDateField() throws {
        let text = try json(Self.fullTask).replacingOccurrences(of: #""2026-07-01""#, with: #""2026-07-01T00:00:00Z""#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WeddingTask.self, from: Data(text.utf8)) }
    }

    @Test("regression: editing a task keeps its due date, in the mutation and when the task is stored")
    func editedTaskKeepsDueDate() throws {
        var dataset = Sample.dataset
        var edited = try #require(dataset.tasks[Sample.visitHall.id])
        edited.title = "Visit the hall again"
        edited.status = .inProgress
        let (saved, mutations) = try dataset.transaction(now: editTime) { try $0.update(edited) }

        #expect(saved.dueDate == day("2026-04-15"))
        var replayed = Sample.dataset
        for mutation in mutations { replayed.apply(mutation) }
        #expect(replayed.tasks[Sample.visitHall.id]?.dueDate == day("2026-04-15"))
        #expect(replayed == dataset)
        let stored = try roundTrip(try #require(dataset.tasks[Sample.visitHall.id]))
        #expect(stored.dueDate == day("2026-04-15"))
        #expect(stored.title == "Visit the hall again")
    }
}
