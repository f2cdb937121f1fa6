@testable import BlueprintDomain
import Foundation
import Testing

/// One change of one described field and the words the feed must say for it.
private struct Wording {
    let kind: RecordKind
    let label: String
    let sentence: String
    let change: (WeddingTransaction) throws -> Void

    init(_ kind: RecordKind, _ label: String, _ sentence: String, _ change: @escaping (WeddingTransaction) throws -> Void) {
        self.kind = kind
        self.label = label
        self.sentence = sentence
        self.change = change
    }

    /// Changes the record of type `R` with `id` in the transaction.
    static func edit<R: TableRecord>(_ type: R.Type, _ id: UUID, _ body: @escaping (inout R) -> Void)
        -> (WeddingTransaction) throws -> Void {
        { transaction in
            var record = try #require(transaction.dataset[keyPath: R.collection][id])
            body(&record)
            try transaction.update(record)
        }
    }

    static func wedding(_ body: @escaping (inout Wedding) -> Void) -> (WeddingTransaction) throws -> Void {
        { transaction in
            var wedding = transaction.dataset.wedding
            body(&wedding)
            try transaction.updateWedding(wedding)
        }
    }
}

@Suite("Activity in plain words: every kind of record, every field it tells")
struct ActivityWordingTests {
    static let parents = MoneyOwed(id: uuid(60), person: "Ana's parents", amount: usd(500), createdAt: createdTime)
    static let vase = Gift(id: uuid(61), guestIDs: [uuid(40)], description: "Vase", value: usd(80), createdAt: createdTime)
    static let dj = Vendor(id: uuid(62), name: "DJ Ñandú", category: .music, status: .contacted, createdAt: createdTime)
    static let firstDance = RunSheetItem(id: uuid(63), day: day("2026-10-10"), start: TimeOfDay(hour: 20, minute: 0)!,
                                         end: TimeOfDay(hour: 20, minute: 15)!, title: "First dance", createdAt: createdTime)
    static let fitting = Milestone(id: uuid(64), title: "Final fitting", date: day("2026-09-01"), createdAt: createdTime)
    static let garden = SeatingTable(id: uuid(65), number: 4, name: "Garden", capacity: 8, createdAt: createdTime)
    static let apart = SeatingRule(id: uuid(66), ruleKind: .apart, guestIDs: [uuid(40), uuid(41)], createdAt: createdTime)
    static let note = Note(id: uuid(67), subject: .record(Sample.ana), text: "Vegan", author: "Sam", createdAt: createdTime)
    static let contract = Document(id: uuid(68), title: "Contract", fileName: "contract.pdf", contentType: "application/pdf",
                                   byteCount: 3, sha256: String(repeating: "a", count: 64), subject: .wedding,
                                   addedBy: "Sam", createdAt: createdTime)
    static let smaller = BudgetScenario(id: uuid(69), name: "Smaller venue", totalBudget: usd(25_000),
                                        lines: [ScenarioLine(categoryID: uuid(1), name: "Venue", allocated: usd(6_000))],
                                        createdAt: createdTime)

    static let invitation = Invitation(id: uuid(69), household: "the lopez family", tokenHash: String(repeating: "ab", count: 32),
                                       issuedAt: Timestamp(millisecondsSince1970: 0))

    static var dataset: WeddingDataset {
        var dataset = Sample.dataset
        dataset.invitations.upsert(invitation)
        var ben = Sample.ben
        ben.plusOneAllowed = true
        dataset.guests.upsert(ben)
        dataset.moneyOwed.upsert(parents)
        dataset.gifts.upsert(vase)
        dataset.vendors.upsert(dj)
        dataset.runSheet.upsert(firstDance)
        dataset.milestones.upsert(fitting)
        dataset.seatingTables.upsert(garden)
        dataset.seatingRules.upsert(apart)
        dataset.notes.upsert(note)
        dataset.documents.upsert(contract)
        dataset.scenarios.upsert(smaller)
        return dataset
    }

    /// Every described field of every kind, changed, with what the feed says.
    private static var wordings: [Wording] {
        let ana = Sample.ana.id, ben = Sample.ben.id, hall = Sample.hallDeposit.id, visit = Sample.visitHall.id, flowers = Sample.flowersCategory.id
        return [
            Wording(.wedding, "name", "changed the name to Ana & Ben's day", Wording.wedding { $0.name = "Ana & Ben's day" }),
            Wording(.wedding, "names of the couple", "changed the names of the couple to Anna and Ben",
                    Wording.wedding { $0.partner1Name = "Anna" }),
            Wording(.wedding, "date", "changed the date to 11 October 2026",
                    Wording.wedding { $0.weddingDate = day("2026-10-11") }),
            Wording(.wedding, "total budget", "changed the total budget to $40,000.00", Wording.wedding { $0.totalBudget = usd(40_000) }),
            Wording(.wedding, "currency", "changed the currency to EUR", Wording.wedding { $0.currency = Currency(code: "EUR")! }),
            Wording(.wedding, "meal options", "changed the meal options to Fish and Veg",
                    Wording.wedding { $0.mealOptions = ["Fish", "Veg"] }),
            Wording(.wedding, "RSVP deadline", "changed the RSVP deadline to none", Wording.wedding { $0.rsvpDeadline = nil }),

            Wording(.guest, "RSVP", "marked Ana Lopez as a maybe", Wording.edit(Guest.self, ana) { $0.rsvp = .maybe }),
            Wording(.guest, "name", "changed Ana Lopes' name", Wording.edit(Guest.self, ana) { $0.lastName = "Lopes" }),
            Wording(.guest, "email", "changed Ana Lopez's email", Wording.edit(Guest.self, ana) { $0.email = "ana@example.com" }),
            Wording(.guest, "phone", "changed Ana Lopez's phone", Wording.edit(Guest.self, ana) { $0.phone = "555 0100" }),
            Wording(.guest, "household", "changed Ana Lopez's household to The Lopez family",
                    Wording.edit(Guest.self, ana) { $0.household = "The Lopez family" }),
            Wording(.guest, "plus-one", "allowed Ana Lopez a plus-one", Wording.edit(Guest.self, ana) { $0.plusOneAllowed = true }),
            Wording(.guest, "plus-one's name", "changed Ben Okafor's plus-one's name",
                    Wording.edit(Guest.self, ben) { $0.plusOneName = "Rui" }),
            Wording(.guest, "plus-one coming", "marked Ben Okafor's plus-one attending",
                    Wording.edit(Guest.self, ben) { $0.plusOneAttending = true }),
            Wording(.guest, "plus-one's meal", "changed Ben Okafor's plus-one's meal to Fish",
                    Wording.edit(Guest.self, ben) { $0.plusOneMealChoice = "Fish" }),
            Wording(.guest, "plus-one's dietary needs", "changed Ben Okafor's plus-one's dietary needs",
                    Wording.edit(Guest.self, ben) { $0.plusOneDietaryRestrictions = "Nuts" }),
            Wording(.guest, "meal", "changed Ana Lopez's meal to Vegan", Wording.edit(Guest.self, ana) { $0.mealChoice = "Vegan" }),
            Wording(.guest, "dietary needs", "changed Ana Lopez's dietary needs",
                    Wording.edit(Guest.self, ana) { $0.dietaryRestrictions = "Vegan" }),
            Wording(.guest, "accessibility needs", "changed Ana Lopez's accessibility needs",
                    Wording.edit(Guest.self, ana) { $0.accessibilityNeeds = "Step-free" }),
            Wording(.guest, "table", "changed Ana Lopez's table to 4", Wording.edit(Guest.self, ana) { $0.table = 4 }),
            Wording(.guest, "seat", "changed Ana Lopez's seat to 2", Wording.edit(Guest.self, ana) { $0.seat = 2 }),
            Wording(.guest, "address", "changed Ana Lopez's address",
                    Wording.edit(Guest.self, ana) { $0.address = Address(line1: "1 Main St") }),
            Wording(.guest, "notes", "changed Ana Lopez's notes", Wording.edit(Guest.self, ana) { $0.notes = "Cousin" }),

            Wording(.category, "name", "changed the name of Blooms", Wording.edit(BudgetCategory.self, flowers) { $0.name = "Blooms" }),
            Wording(.category, "allocation", "changed the allocation of Flowers to $1,800.00",
                    Wording.edit(BudgetCategory.self, flowers) { $0.allocated = usd(1_800) }),
            Wording(.category, "parent", "moved Flowers under Venue",
                    Wording.edit(BudgetCategory.self, flowers) { $0.parentID = Sample.venueCategory.id }),
            Wording(.category, "notes", "changed the notes of Flowers", Wording.edit(BudgetCategory.self, flowers) { $0.notes = "Peonies" }),

            Wording(.expense, "payment status", "marked Hall deposit part paid",
                    Wording.edit(Expense.self, hall) { $0.paymentStatus = .partial }),
            Wording(.expense, "name", "changed the name of Venue deposit", Wording.edit(Expense.self, hall) { $0.name = "Venue deposit" }),
            Wording(.expense, "amount", "changed the amount of Hall deposit to $1,200.50",
                    Wording.edit(Expense.self, hall) { $0.amount = usd(1_200, 50) }),
            Wording(.expense, "category", "changed the category of Hall deposit to Flowers",
                    Wording.edit(Expense.self, hall) { $0.categoryID = flowers }),
            Wording(.expense, "vendor", "changed the vendor of Hall deposit to Petal & Stem",
                    Wording.edit(Expense.self, hall) { $0.vendorID = Sample.florist.id }),
            Wording(.expense, "due date", "changed the due date of Hall deposit to 3 June 2026",
                    Wording.edit(Expense.self, hall) { $0.dueDate = day("2026-06-03") }),
            Wording(.expense, "installments", "changed the installments of Hall deposit",
                    Wording.edit(Expense.self, hall) { $0.installments = [Installment(amount: usd(500), dueDate: day("2026-03-01"))] }),
            Wording(.expense, "split between categories", "changed the split between categories of Hall deposit",
                    Wording.edit(Expense.self, hall) {
                        $0.allocations = [ExpenseAllocation(categoryID: flowers, share: .percent(basisPoints: 2_500))]
                    }),
            Wording(.expense, "notes", "changed the notes of Hall deposit", Wording.edit(Expense.self, hall) { $0.notes = "Cash" }),

            Wording(.vendor, "status", "marked DJ Ñandú booked", Wording.edit(Vendor.self, dj.id) { $0.status = .booked }),
            Wording(.vendor, "name", "changed DJ Nandu's name", Wording.edit(Vendor.self, dj.id) { $0.name = "DJ Nandu" }),
            Wording(.vendor, "category", "changed DJ Ñandú's category to Other", Wording.edit(Vendor.self, dj.id) { $0.category = .other }),
            Wording(.vendor, "contact", "changed DJ Ñandú's contact", Wording.edit(Vendor.self, dj.id) { $0.contactName = "Ñ" }),
            Wording(.vendor, "phone", "changed DJ Ñandú's phone", Wording.edit(Vendor.self, dj.id) { $0.phone = "555" }),
            Wording(.vendor, "email", "changed DJ Ñandú's email", Wording.edit(Vendor.self, dj.id) { $0.email = "dj@example.com" }),
            Wording(.vendor, "website", "changed DJ Ñandú's website", Wording.edit(Vendor.self, dj.id) { $0.website = "dj.example" }),
            Wording(.vendor, "quote", "changed DJ Ñandú's quote to $900.00", Wording.edit(Vendor.self, dj.id) { $0.quotedAmount = usd(900) }),
            Wording(.vendor, "booked date", "changed DJ Ñandú's booked date to 2 February 2026",
                    Wording.edit(Vendor.self, dj.id) { $0.bookedDate = day("2026-02-02") }),
            Wording(.vendor, "rating", "changed DJ Ñandú's rating to 1 star", Wording.edit(Vendor.self, dj.id) { $0.rating = 1 }),
            Wording(.vendor, "review", "changed DJ Ñandú's review", Wording.edit(Vendor.self, dj.id) { $0.review = "Loud" }),
            Wording(.vendor, "archived", "archived DJ Ñandú", Wording.edit(Vendor.self, dj.id) { $0.isArchived = true }),
            Wording(.vendor, "notes", "changed DJ Ñandú's notes", Wording.edit(Vendor.self, dj.id) { $0.notes = "Vinyl" }),

            Wording(.task, "status", "marked Visit the hall on hold", Wording.edit(WeddingTask.self, visit) { $0.status = .onHold }),
            Wording(.task, "title", "changed the title of Tour the hall",
                    Wording.edit(WeddingTask.self, visit) { $0.title = "Tour the hall" }),
            Wording(.task, "due date", "changed the due date of Visit the hall to none",
                    Wording.edit(WeddingTask.self, visit) { $0.dueDate = nil }),
            Wording(.task, "priority", "changed the priority of Visit the hall to urgent",
                    Wording.edit(WeddingTask.self, visit) { $0.priority = .urgent }),
            Wording(.task, "assignees", "changed the assignees of Visit the hall to Mei and Sam",
                    Wording.edit(WeddingTask.self, visit) { $0.assignees = ["Mei", "Sam"] }),
            Wording(.task, "subtasks", "changed the subtasks of Visit the hall",
                    Wording.edit(WeddingTask.self, visit) { $0.subtasks = [Subtask(title: "Call")] }),
            Wording(.task, "details", "changed the details of Visit the hall", Wording.edit(WeddingTask.self, visit) { $0.details = "Bring tape" }),

            Wording(.milestone, "done", "marked Final fitting done", Wording.edit(Milestone.self, fitting.id) { $0.isDone = true }),
            Wording(.milestone, "title", "changed the title of Last fitting",
                    Wording.edit(Milestone.self, fitting.id) { $0.title = "Last fitting" }),
            Wording(.milestone, "date", "changed the date of Final fitting to 8 September 2026",
                    Wording.edit(Milestone.self, fitting.id) { $0.date = day("2026-09-08") }),
            Wording(.milestone, "notes", "changed the notes of Final fitting", Wording.edit(Milestone.self, fitting.id) { $0.notes = "Shoes" }),

            Wording(.runSheetItem, "title", "changed the title of Our first dance",
                    Wording.edit(RunSheetItem.self, firstDance.id) { $0.title = "Our first dance" }),
            Wording(.runSheetItem, "time", "changed the time of First dance to 20:30–20:45",
                    Wording.edit(RunSheetItem.self, firstDance.id) {
                        $0.start = TimeOfDay(hour: 20, minute: 30)!
                        $0.end = TimeOfDay(hour: 20, minute: 45)!
                    }),
            Wording(.runSheetItem, "day", "changed the day of First dance to 11 October 2026",
                    Wording.edit(RunSheetItem.self, firstDance.id) { $0.day = day("2026-10-11") }),
            Wording(.runSheetItem, "place", "changed the place of First dance to Terrace",
                    Wording.edit(RunSheetItem.self, firstDance.id) { $0.place = "Terrace" }),
            Wording(.runSheetItem, "people", "changed the people of First dance to Ana and Ben",
                    Wording.edit(RunSheetItem.self, firstDance.id) { $0.people = ["Ana", "Ben"] }),

            Wording(.gift, "thank-you", "marked the thank-you for Vase from Ana Lopez sent",
                    Wording.edit(Gift.self, vase.id) { $0.thankYouSent = true }),
            Wording(.gift, "description", "changed the description of Tall vase from Ana Lopez",
                    Wording.edit(Gift.self, vase.id) { $0.description = "Tall vase" }),
            Wording(.gift, "giver", "changed the giver of Vase from The Lopez family",
                    Wording.edit(Gift.self, vase.id) { $0.from = "The Lopez family" }),
            Wording(.gift, "value", "changed the value of Vase from Ana Lopez to $95.00", Wording.edit(Gift.self, vase.id) { $0.value = usd(95) }),
            Wording(.gift, "date received", "changed the date received of Vase from Ana Lopez to 12 October 2026",
                    Wording.edit(Gift.self, vase.id) { $0.receivedOn = day("2026-10-12") }),
            Wording(.gift, "notes", "changed the notes of Vase from Ana Lopez", Wording.edit(Gift.self, vase.id) { $0.notes = "Blue" }),

            Wording(.moneyOwed, "amount", "changed Ana's parents' amount to $600.00",
                    Wording.edit(MoneyOwed.self, parents.id) { $0.amount = usd(600) }),
            Wording(.moneyOwed, "amount settled", "marked $200.00 of $500.00 settled with Ana's parents",
                    Wording.edit(MoneyOwed.self, parents.id) { $0.settled = usd(200) }),
            Wording(.moneyOwed, "due date", "changed Ana's parents' due date to 1 December 2026",
                    Wording.edit(MoneyOwed.self, parents.id) { $0.dueOn = day("2026-12-01") }),
            Wording(.moneyOwed, "notes", "changed Ana's parents' notes", Wording.edit(MoneyOwed.self, parents.id) { $0.notes = "Flights" }),

            Wording(.scenario, "name", "changed the name of Small venue",
                    Wording.edit(BudgetScenario.self, smaller.id) { $0.name = "Small venue" }),
            Wording(.scenario, "total", "changed the total of Smaller venue to $24,000.00",
                    Wording.edit(BudgetScenario.self, smaller.id) { $0.totalBudget = usd(24_000) }),
            Wording(.scenario, "lines", "changed the lines of Smaller venue",
                    Wording.edit(BudgetScenario.self, smaller.id) { $0.lines[0].allocated = usd(5_000) }),
            Wording(.scenario, "notes", "changed the notes of Smaller venue",
                    Wording.edit(BudgetScenario.self, smaller.id) { $0.notes = "If the hall falls through" }),

            Wording(.seatingTable, "number", "changed the number of Table 5 · Garden to 5",
                    Wording.edit(SeatingTable.self, garden.id) { $0.number = 5 }),
            Wording(.seatingTable, "name", "changed the name of Table 4 · Rose", Wording.edit(SeatingTable.self, garden.id) { $0.name = "Rose" }),
            Wording(.seatingTable, "capacity", "changed the capacity of Table 4 · Garden to 10 seats",
                    Wording.edit(SeatingTable.self, garden.id) { $0.capacity = 10 }),
            Wording(.seatingTable, "notes", "changed the notes of Table 4 · Garden",
                    Wording.edit(SeatingTable.self, garden.id) { $0.notes = "By the door" }),

            Wording(.seatingRule, "guests", "changed the guests of a keep-apart rule for Ana Lopez, Ben Okafor and Cara Nunes",
                    Wording.edit(SeatingRule.self, apart.id) { $0.guestIDs.append(Sample.cara.id) }),
            Wording(.seatingRule, "note", "changed the note of a keep-apart rule for Ana Lopez and Ben Okafor",
                    Wording.edit(SeatingRule.self, apart.id) { $0.note = "Exes" }),

            Wording(.note, "text", "changed the text of a note on Ana Lopez", Wording.edit(Note.self, note.id) { $0.text = "Vegan, no nuts" }),

            Wording(.document, "trash", "moved Contract to the trash", Wording.edit(Document.self, contract.id) { $0.trashedAt = editTime }),
            Wording(.document, "title", "changed the title of Signed contract",
                    Wording.edit(Document.self, contract.id) { $0.title = "Signed contract" }),
            Wording(.document, "attached to", "attached Contract to Grand Hall",
                    Wording.edit(Document.self, contract.id) { $0.subject = .record(Sample.hall) }),

            Wording(.invitation, "link", "made a new link for the invitation of the lopez family",
                    Wording.edit(Invitation.self, invitation.id) { $0.generation = 2 }),
            Wording(.invitation, "online answer", "changed the online answer of the invitation of the lopez family to \(editTime)",
                    Wording.edit(Invitation.self, invitation.id) { $0.answeredAt = editTime }),
        ]
    }

    private func sentence(_ change: (WeddingTransaction) throws -> Void, in dataset: WeddingDataset = dataset) throws -> String {
        var dataset = dataset
        let (_, _, summary) = try dataset.commit(now: editTime) { try change($0) }
        return ActivityEntry(at: editTime, author: "Mei", operation: "test", summary: summary).sentence
    }

    private static func labels<R: ActivityDescribed>(_ type: R.Type) -> Set<String> { Set(R.describedFields.map(\.label)) }

    @Test("every field the feed tells has its words here: a new field without wording fails")
    func everyFieldIsWorded() {
        for kind in RecordKind.allCases {
            let declared = WeddingDataset.tableRecordType(of: kind).map { Self.labels($0) } ?? Self.labels(Wedding.self)
            let worded = Set(Self.wordings.filter { $0.kind == kind }.map(\.label))
            #expect(declared == worded, "\(kind): without wording \(declared.subtracting(worded).sorted())")
        }
    }

    @Test("each field's change is told in words: verbs for yes-or-no, display words, money, dates, the record named")
    func eachFieldInWords() {
        for wording in Self.wordings {
            do {
                #expect(try sentence(wording.change) == wording.sentence, "\(wording.kind) \(wording.label)")
            } catch {
                Issue.record("\(wording.kind) \(wording.label): \(error)")
            }
        }
    }

    @Test("the defects seen in the feed")
    func defectsSeen() throws {
        #expect(try sentence(Wording.edit(MoneyOwed.self, Self.parents.id) { $0.notes = "Flights" }) == "changed Ana's parents' notes")
        #expect(try sentence(Wording.edit(MoneyOwed.self, Self.parents.id) { $0.settled = usd(500) }) == "settled up with Ana's parents")
        #expect(try sentence(Wording.edit(Vendor.self, Self.dj.id) { $0.isArchived = true }) == "archived DJ Ñandú")
        var archived = Self.dataset
        archived.vendors.upsert({ var dj = Self.dj; dj.isArchived = true; return dj }())
        #expect(try sentence(Wording.edit(Vendor.self, Self.dj.id) { $0.isArchived = false }, in: archived) == "restored DJ Ñandú")
        let rule = SeatingRule(ruleKind: .apart, guestIDs: [Sample.ana.id, Sample.ben.id])
        #expect(try sentence { try $0.insert(rule) } == "added a keep-apart rule for Ana Lopez and Ben Okafor")
        #expect(try sentence { try $0.insert(SeatingTable(number: 5, name: "Patio", capacity: 6)) } == "added Table 5 · Patio")
        let note = Note(subject: .record(Sample.ana), text: "Sits near the door", author: "Mei")
        #expect(try sentence { try $0.insert(note) } == "added a note on Ana Lopez")
        #expect(try sentence { try $0.delete(Note.self, id: Self.note.id) } == "deleted a note on Ana Lopez")
        let live = Self.smaller.liveChanges(wedding: Self.dataset.wedding, categories: Self.dataset.categories.records)
        #expect(try sentence { _ = try $0.apply(live) } == "made scenario “Smaller venue” live", "one entry for the one action")
    }

    @Test("a name ending in s takes only an apostrophe")
    func possessives() {
        #expect("Ana Ruiz".possessive == "Ana Ruiz's")
        #expect("Ana's parents".possessive == "Ana's parents'")
        #expect("Chris".possessive == "Chris'")
        #expect("JAMES".possessive == "JAMES'")
        #expect("Max".possessive == "Max's")
        #expect("Inez".possessive == "Inez's")
    }

    @Test("several changes of one record: each action told, the fields after them without naming the record again")
    func severalChanges() throws {
        #expect(try sentence(Wording.edit(Vendor.self, Self.dj.id) { $0.isArchived = true; $0.status = .declined; $0.phone = "1" })
                == "marked DJ Ñandú declined, archived DJ Ñandú and changed the phone")
        #expect(try sentence(Wording.edit(Expense.self, Sample.hallDeposit.id) { $0.amount = usd(10); $0.notes = "x" })
                == "changed the amount and notes of Hall deposit")
    }
}
