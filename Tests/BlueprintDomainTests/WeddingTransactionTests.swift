import BlueprintDomain
import Foundation
import Testing

@Suite("WeddingTransaction")
struct WeddingTransactionTests {
    struct Abandoned: Error {}

    /// Replays `mutations` on the original sample data, as the journal would.
    func replayed(_ mutations: [Mutation]) -> WeddingDataset {
        var copy = Sample.dataset
        for mutation in mutations { copy.apply(mutation) }
        return copy
    }

    @Test("insert stamps version 1 and the transaction's time")
    func insertStamps() throws {
        var dataset = Sample.dataset
        let guest = Guest(id: uuid(50), firstName: "Dee", lastName: "Ngo",
                          createdAt: instant("2001-01-01T00:00:00Z"), version: 7)
        let (stored, mutations) = try dataset.transaction(now: editTime) { try $0.insert(guest) }

        #expect(stored.version == 1)
        #expect(stored.createdAt == editTime && stored.updatedAt == editTime)
        #expect(dataset.guests[guest.id] == stored)
        #expect(dataset.guests.records.last == stored)
        #expect(mutations == [.save(stored)])
        #expect(replayed(mutations) == dataset)
    }

    @Test("inserting an id that already exists is a conflict and changes nothing")
    func insertExistingID() {
        var dataset = Sample.dataset
        let duplicate = Guest(id: Sample.ana.id, firstName: "Other", lastName: "Ana", createdAt: createdTime)
        #expect(throws: RepositoryError.conflict(.guest, id: Sample.ana.id, expected: 0, actual: 1)) {
            try dataset.transaction(now: editTime) { try $0.insert(duplicate) }
        }
        #expect(dataset == Sample.dataset)
    }

    @Test("update with the current version increments it and keeps createdAt")
    func updateIncrementsVersion() throws {
        var dataset = Sample.dataset
        var edited = Sample.ana
        edited.email = "ana@example.com"
        edited.createdAt = instant("1999-01-01T00:00:00Z")
        let (stored, mutations) = try dataset.transaction(now: editTime) { try $0.update(edited) }

        #expect(stored.version == 2)
        #expect(stored.createdAt == createdTime)
        #expect(stored.updatedAt == editTime)
        #expect(stored.email == "ana@example.com")
        #expect(dataset.guests[Sample.ana.id] == stored)
        #expect(dataset.guests.index(of: Sample.ana.id) == 0)
        #expect(mutations == [.save(stored)])

        var again = stored
        again.phone = "555"
        let later = instant("2026-02-02T08:00:00Z")
        let (third, _) = try dataset.transaction(now: later) { try $0.update(again) }
        #expect(third.version == 3 && third.updatedAt == later && third.createdAt == createdTime)
    }

    @Test("a clock that runs behind never moves updatedAt backwards")
    func updatedAtNeverGoesBack() throws {
        var dataset = Sample.dataset
        var edited = Sample.ana
        edited.notes = "earlier clock"
        let (stored, _) = try dataset.transaction(now: instant("2025-01-01T00:00:00Z")) { try $0.update(edited) }
        #expect(stored.updatedAt == createdTime)
        #expect(stored.version == 2)
    }

    @Test("a stale version is a conflict naming both versions, and nothing changes")
    func staleVersion() throws {
        var dataset = Sample.dataset
        var first = Sample.ben
        first.notes = "first edit"
        _ = try dataset.transaction(now: editTime) { try $0.update(first) }
        let afterFirst = dataset

        var stale = Sample.ben
        stale.notes = "second edit, from version 1"
        let error = try #require(throws: RepositoryError.self) {
            try dataset.transaction(now: editTime) { try $0.update(stale) }
        }
        #expect(error == .conflict(.guest, id: Sample.ben.id, expected: 1, actual: 2))
        #expect(error.description.contains("version 1") && error.description.contains("version 2"))
        #expect(dataset == afterFirst)
        #expect(dataset.guests[Sample.ben.id]?.notes == "first edit")
    }

    @Test("an update that changes nothing writes nothing")
    func unchangedUpdate() throws {
        var dataset = Sample.dataset
        var same = Sample.cara
        same.updatedAt = instant("2030-01-01T00:00:00Z")
        let (stored, mutations) = try dataset.transaction(now: editTime) { try $0.update(same) }
        #expect(stored == Sample.cara)
        #expect(mutations.isEmpty)
        #expect(dataset == Sample.dataset)
    }

    @Test("updating or deleting a record that does not exist says so")
    func missingRecord() {
        var dataset = Sample.dataset
        let ghost = Guest(id: uuid(404), firstName: "Ghost", lastName: "", createdAt: createdTime)
        #expect(throws: RepositoryError.notFound(.guest, id: uuid(404))) {
            try dataset.transaction(now: editTime) { try $0.update(ghost) }
        }
        #expect(throws: RepositoryError.notFound(.vendor, id: uuid(404))) {
            try dataset.transaction(now: editTime) { try $0.delete(Vendor.self, id: uuid(404)) }
        }
        #expect(dataset == Sample.dataset)
    }

    @Test("an invalid record throws .invalid and rolls back the earlier steps of its transaction")
    func invalidRollsBackEverything() throws {
        var dataset = Sample.dataset
        var renamed = Sample.venueCategory
        renamed.name = "Venue & ceremony"
        var badEmail = Sample.ben
        badEmail.email = "ben at home"

        let error = try #require(throws: RepositoryError.self) {
            try dataset.transaction(now: editTime) { transaction in
                try transaction.insert(Guest(id: uuid(60), firstName: "New", lastName: "Guest", createdAt: createdTime))
                try transaction.update(renamed)
                try transaction.delete(Guest.self, id: Sample.ana.id)
                try transaction.delete(Vendor.self, id: Sample.hall.id)
                try transaction.update(badEmail)
            }
        }
        #expect(error == .invalid(.guest, [ValidationIssue(field: "email", message: "'ben at home' is not an email address")]))
        #expect(dataset == Sample.dataset)
        #expect(dataset.guests.records.map(\.id) == [Sample.ana.id, Sample.ben.id, Sample.cara.id])
        #expect(dataset.expenses[Sample.hallDeposit.id]?.vendorID == Sample.hall.id)
    }

    @Test("any error thrown by the body rolls the transaction back and is rethrown")
    func bodyErrorRollsBack() {
        var dataset = Sample.dataset
        #expect(throws: Abandoned.self) {
            try dataset.transaction(now: editTime) { transaction in
                try transaction.delete(Guest.self, id: Sample.ben.id)
                try transaction.delete(BudgetCategory.self, id: Sample.flowersCategory.id)
                throw Abandoned()
            }
        }
        #expect(dataset == Sample.dataset)
    }

    @Test("an invalid insert leaves nothing behind")
    func invalidInsert() {
        var dataset = Sample.dataset
        let orphan = Expense(name: "Orphan", categoryID: uuid(777), amount: usd(1), createdAt: createdTime)
        #expect(throws: RepositoryError.invalid(.expense, [
            ValidationIssue(field: "category", message: "no budget category with id 00000000-0000-0000-0000-000000000777"),
        ])) {
            try dataset.transaction(now: editTime) { try $0.insert(orphan) }
        }
        #expect(dataset == Sample.dataset)
    }

    @Test("deleting a vendor unlinks its expenses and tasks")
    func deleteVendorUnlinks() throws {
        var dataset = Sample.dataset
        let (_, mutations) = try dataset.transaction(now: editTime) { try $0.delete(Vendor.self, id: Sample.hall.id) }

        #expect(dataset.vendors[Sample.hall.id] == nil)
        let deposit = try #require(dataset.expenses[Sample.hallDeposit.id])
        #expect(deposit.vendorID == nil && deposit.version == 2 && deposit.updatedAt == editTime)
        let visit = try #require(dataset.tasks[Sample.visitHall.id])
        #expect(visit.vendorID == nil && visit.version == 2)
        #expect(visit.budgetCategoryID == Sample.venueCategory.id)
        #expect(dataset.tasks[Sample.chooseFlowers.id] == Sample.chooseFlowers)
        #expect(mutations == [.save(deposit), .save(visit), .delete(Vendor.self, id: Sample.hall.id)])
        #expect(replayed(mutations) == dataset)
    }

    @Test("a category that expenses use cannot be deleted")
    func deleteUsedCategoryRefused() throws {
        var dataset = Sample.dataset
        let error = try #require(throws: RepositoryError.self) {
            try dataset.transaction(now: editTime) { try $0.delete(BudgetCategory.self, id: Sample.venueCategory.id) }
        }
        #expect(error == .stillReferenced(.category, id: Sample.venueCategory.id, by: "1 expense"))
        #expect(error.description == "cannot delete this budget category: it is used by 1 expense")
        #expect(dataset == Sample.dataset)
    }

    @Test("deleting an unused category unlinks its vendors, tasks and child categories")
    func deleteCategoryUnlinks() throws {
        var dataset = Sample.dataset
        let child = BudgetCategory(id: uuid(4), name: "Bouquets", parentID: Sample.flowersCategory.id, createdAt: createdTime)
        _ = try dataset.transaction(now: createdTime) { try $0.insert(child) }
        let before = dataset

        let (_, mutations) = try dataset.transaction(now: editTime) {
            try $0.delete(BudgetCategory.self, id: Sample.flowersCategory.id)
        }
        #expect(dataset.categories[Sample.flowersCategory.id] == nil)
        #expect(dataset.vendors[Sample.florist.id]?.budgetCategoryID == nil)
        #expect(dataset.tasks[Sample.chooseFlowers.id]?.budgetCategoryID == nil)
        #expect(dataset.tasks[Sample.chooseFlowers.id]?.vendorID == Sample.florist.id)
        #expect(dataset.categories[child.id]?.parentID == nil)
        #expect(dataset.categories[Sample.ceremonyCategory.id] == Sample.ceremonyCategory)
        #expect(mutations.map(\.kind) == [.vendor, .task, .category, .category])
        #expect(mutations.last == .delete(BudgetCategory.self, id: Sample.flowersCategory.id))
        var replay = before
        for mutation in mutations { replay.apply(mutation) }
        #expect(replay == dataset)
    }

    @Test("the mutations of a mixed transaction replay on the original to the same result")
    func replayReproducesResult() throws {
        var dataset = Sample.dataset
        let (_, mutations) = try dataset.transaction(now: editTime) { transaction in
            let cake = try transaction.insert(BudgetCategory(id: uuid(5), name: "Cake", allocated: usd(400),
                                                             createdAt: createdTime))
            try transaction.insert(Expense(id: uuid(21), name: "Cake", categoryID: cake.id, amount: usd(350),
                                           installments: [Installment(id: uuid(22), amount: usd(100), dueDate: day("2026-06-01"))],
                                           createdAt: createdTime))
            var ben = Sample.ben
            ben.rsvp = .attending
            ben.mealChoice = "Beef"
            let updatedBen = try transaction.update(ben)
            var benAgain = updatedBen
            benAgain.table = 2
            try transaction.update(benAgain)
            try transaction.delete(Guest.self, id: Sample.ana.id)
            try transaction.delete(Vendor.self, id: Sample.florist.id)
            try transaction.insert(Guest(id: Sample.ana.id, firstName: "Ana", lastName: "Lopez-Ng", createdAt: createdTime))
            var wedding = fixtureWedding
            wedding.totalBudget = usd(35_000)
            try transaction.updateWedding(wedding)
        }
        #expect(dataset.guests[Sample.ben.id]?.version == 3)
        #expect(dataset.guests.records.map(\.id) == [Sample.ben.id, Sample.cara.id, Sample.ana.id])
        #expect(dataset.wedding.version == 2 && dataset.wedding.totalBudget == usd(35_000))
        #expect(mutations.count == 9)
        #expect(replayed(mutations) == dataset)
    }

    @Test("replaying a journal twice is harmless")
    func replayIsIdempotent() throws {
        var dataset = Sample.dataset
        let (_, mutations) = try dataset.transaction(now: editTime) { try $0.delete(Vendor.self, id: Sample.hall.id) }
        #expect(replayed(mutations + mutations) == dataset)
    }

    @Test("wedding settings are version-checked and validated like records")
    func updateWedding() throws {
        var dataset = Sample.dataset
        var settings = fixtureWedding
        settings.mealOptions = ["Tacos", "Salad"]
        let (stored, mutations) = try dataset.transaction(now: editTime) { transaction in
            let stored = try transaction.updateWedding(settings)
            // Later steps of the same transaction see the new options.
            try transaction.insert(Guest(id: uuid(70), firstName: "Eve", lastName: "", mealChoice: "Tacos", createdAt: createdTime))
            return stored
        }
        #expect(stored.version == 2 && stored.updatedAt == editTime && stored.createdAt == createdTime)
        #expect(mutations.first == .saveWedding(stored))

        #expect(throws: RepositoryError.conflict(.wedding, id: fixtureWedding.id, expected: 1, actual: 2)) {
            try dataset.transaction(now: editTime) { try $0.updateWedding(settings) }
        }
        var blank = stored
        blank.name = " "
        #expect(throws: RepositoryError.invalid(.wedding, [ValidationIssue(field: "name", message: "a wedding name is required")])) {
            try dataset.transaction(now: editTime) { try $0.updateWedding(blank) }
        }
        #expect(dataset.wedding == stored)
        let (same, none) = try dataset.transaction(now: editTime) { try $0.updateWedding(stored) }
        #expect(same == stored && none.isEmpty)
    }
}

@Suite("Record tables")
struct RecordTableOwnershipTests {
    @Test("records hands out an array with storage of its own, so holding it never makes an edit copy the table")
    func recordsOwnTheirStorage() {
        var table = RecordTable([Guest(firstName: "A", lastName: "One"), Guest(firstName: "B", lastName: "Two")])
        let held = table.records
        let again = table.records
        #expect(held.withUnsafeBufferPointer { $0.baseAddress } != again.withUnsafeBufferPointer { $0.baseAddress })
        var renamed = held[0]
        renamed.firstName = "Changed"
        table.upsert(renamed)
        #expect(held[0].firstName == "A")
        #expect(table[held[0].id]?.firstName == "Changed")
        #expect(table.map(\.firstName) == ["Changed", "B"])
    }

    @Test("a later record with the same id replaces the earlier one")
    func duplicatesKeepTheLast() {
        let id = UUID()
        let table = RecordTable([Guest(id: id, firstName: "First", lastName: "X"), Guest(id: id, firstName: "Second", lastName: "X")])
        #expect(table.count == 1)
        #expect(table[id]?.firstName == "Second")
    }
}
