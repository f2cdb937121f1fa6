import BlueprintCache
import BlueprintDomain
import BlueprintStorage
import Foundation
import Testing

@Suite("Repositories over a host")
struct RepositoryBehaviourTests {
    @Test("create, fetch, update and delete a guest, with versions", arguments: TestHost.allCases)
    func guestLifecycle(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let guests = fixture.repositories.guests
        let created = try await fixture.addGuest("Chidi", "Okafor")
        #expect(created.version == 1)
        #expect(try await guests.fetchGuest(id: created.id, in: fixture.wedding) == created)

        var edited = created
        edited.rsvp = .attending
        let updated = try await guests.updateGuest(edited, in: fixture.wedding)
        #expect(updated.version == 2)
        #expect(updated.createdAt == created.createdAt)
        #expect(try await guests.fetchGuests(in: fixture.wedding).map(\.rsvp) == [.attending])

        try await guests.deleteGuest(id: created.id, in: fixture.wedding)
        #expect(try await guests.fetchGuests(in: fixture.wedding).isEmpty)
        await #expect(throws: RepositoryError.notFound(.guest, id: created.id)) {
            try await guests.fetchGuest(id: created.id, in: fixture.wedding)
        }
    }

    @Test("an update based on a stale version is a conflict and changes nothing", arguments: TestHost.allCases)
    func staleUpdateConflicts(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let guests = fixture.repositories.guests
        let original = try await fixture.addGuest("Mei", "Lin")
        var first = original
        first.table = 3
        _ = try await guests.updateGuest(first, in: fixture.wedding)

        var second = original
        second.table = 7
        await #expect(throws: RepositoryError.conflict(.guest, id: original.id, expected: 1, actual: 2)) {
            try await guests.updateGuest(second, in: fixture.wedding)
        }
        #expect(try await guests.fetchGuest(id: original.id, in: fixture.wedding).table == 3)
    }

    @Test("cached lists and stats show every change right after it is made", arguments: TestHost.allCases)
    func cacheNeverServesStaleAfterMutation(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let guests = fixture.repositories.guests
        #expect(try await guests.guestStats(in: fixture.wedding).invited == 0)
        #expect(try await guests.fetchGuests(in: fixture.wedding).isEmpty)

        var guest = try await fixture.addGuest("Ana", "Silva")
        #expect(try await guests.fetchGuests(in: fixture.wedding).count == 1)
        #expect(try await guests.guestStats(in: fixture.wedding).invited == 1)

        guest.rsvp = .attending
        guest.table = 2
        guest = try await guests.updateGuest(guest, in: fixture.wedding)
        #expect(try await guests.guestStats(in: fixture.wedding).attending == 1)
        #expect(try await guests.seatingChart(in: fixture.wedding).tables.map(\.number) == [2])
    }

    @Test("expense changes reach the budget summary, category metrics and vendor totals", arguments: TestHost.allCases)
    func expenseInvalidatesDependentFigures(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let budget = fixture.repositories.budget
        let today = RepositoryFixture.today
        #expect(try await budget.budgetSummary(asOf: today, in: fixture.wedding).committed == .zero)
        #expect(try await budget.vendorPaymentTotals(in: fixture.wedding).isEmpty)

        let expense = try await budget.createExpense(
            Expense(name: "Hall", categoryID: fixture.venue.id, vendorID: fixture.florist.id,
                    amount: Money(minorUnits: 900_000), dueDate: today.adding(days: 10)),
            in: fixture.wedding)
        let summary = try await budget.budgetSummary(asOf: today, in: fixture.wedding)
        #expect(summary.committed == Money(minorUnits: 900_000))
        #expect(summary.overBudgetCategories.map(\.name) == ["Venue"])
        #expect(summary.dueNext30Days.map(\.expenseID) == [expense.id])
        #expect(try await budget.categoryMetrics(in: fixture.wedding).first?.spent == Money(minorUnits: 900_000))
        #expect(try await budget.vendorPaymentTotals(in: fixture.wedding).first?.committed == Money(minorUnits: 900_000))

        let paid = try await budget.saveInstallment(
            Installment(amount: Money(minorUnits: 300_000), dueDate: today, paidDate: today),
            expenseID: expense.id, expectedVersion: expense.version, in: fixture.wedding)
        #expect(paid.version == 2)
        #expect(try await budget.budgetSummary(asOf: today, in: fixture.wedding).paid == Money(minorUnits: 300_000))
        #expect(try await budget.vendorPaymentTotals(in: fixture.wedding).first?.paid == Money(minorUnits: 300_000))
    }

    @Test("changing the wedding's total budget reaches the budget summary", arguments: TestHost.allCases)
    func weddingSettingsInvalidateSummary(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let today = RepositoryFixture.today
        #expect(try await fixture.repositories.budget.budgetSummary(asOf: today, in: fixture.wedding).totalBudget
                == Money(minorUnits: 2_000_000))
        var wedding = try await fixture.repositories.weddings.fetchWedding(fixture.wedding)
        wedding.totalBudget = Money(minorUnits: 2_500_000)
        _ = try await fixture.repositories.weddings.updateWedding(wedding)
        #expect(try await fixture.repositories.budget.budgetSummary(asOf: today, in: fixture.wedding).totalBudget
                == Money(minorUnits: 2_500_000))
        #expect(try await fixture.repositories.weddings.fetchWedding(fixture.wedding).totalBudget == Money(minorUnits: 2_500_000))
    }

    @Test("deleting a vendor unlinks its expenses and tasks, and the cached lists show it", arguments: TestHost.allCases)
    func vendorDeleteUnlinks(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let repositories = fixture.repositories
        _ = try await repositories.budget.createExpense(
            Expense(name: "Bouquets", categoryID: fixture.venue.id, vendorID: fixture.florist.id, amount: Money(minorUnits: 1000)),
            in: fixture.wedding)
        _ = try await repositories.tasks.createTask(WeddingTask(title: "Pick flowers", vendorID: fixture.florist.id),
                                                    in: fixture.wedding)
        #expect(try await repositories.budget.fetchExpenses(in: fixture.wedding).first?.vendorID == fixture.florist.id)
        #expect(try await repositories.tasks.fetchTasks(in: fixture.wedding).first?.vendorID == fixture.florist.id)

        try await repositories.vendors.deleteVendor(id: fixture.florist.id, in: fixture.wedding)
        #expect(try await repositories.budget.fetchExpenses(in: fixture.wedding).first?.vendorID == nil)
        #expect(try await repositories.tasks.fetchTasks(in: fixture.wedding).first?.vendorID == nil)
        #expect(try await repositories.budget.vendorPaymentTotals(in: fixture.wedding).isEmpty)
        #expect(try await repositories.vendors.vendorStats(in: fixture.wedding).total == 0)
    }

    @Test("a category still used by expenses cannot be deleted", arguments: TestHost.allCases)
    func categoryInUseIsKept(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        _ = try await fixture.repositories.budget.createExpense(
            Expense(name: "Deposit", categoryID: fixture.venue.id, amount: Money(minorUnits: 500)), in: fixture.wedding)
        await #expect(throws: RepositoryError.stillReferenced(.category, id: fixture.venue.id, by: "1 expense")) {
            try await fixture.repositories.budget.deleteCategory(id: fixture.venue.id, in: fixture.wedding)
        }
        #expect(try await fixture.repositories.budget.fetchCategories(in: fixture.wedding).count == 1)
    }

    @Test("an import with one invalid record writes nothing", arguments: TestHost.allCases)
    func importIsAllOrNothing(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let batch = ImportBatch(inserts: [Guest(firstName: "Ok", lastName: "One"),
                                          Guest(firstName: "Bad", lastName: "Email", email: "bad@")])
        await #expect(throws: RepositoryError.self) {
            try await fixture.repositories.guests.importGuests(batch, in: fixture.wedding)
        }
        #expect(try await fixture.repositories.guests.fetchGuests(in: fixture.wedding).isEmpty)
    }

    @Test("an import counts inserted, updated and unchanged records", arguments: TestHost.allCases)
    func importSummary(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let kept = try await fixture.addGuest("Kept", "Same")
        var changed = try await fixture.addGuest("Will", "Change")
        changed.rsvp = .declined
        let summary = try await fixture.repositories.guests.importGuests(
            ImportBatch(inserts: [Guest(firstName: "New", lastName: "Person")], updates: [kept, changed]), in: fixture.wedding)
        #expect(summary == ImportSummary(inserted: 1, updated: 1, unchanged: 1))
        #expect(try await fixture.repositories.guests.guestStats(in: fixture.wedding).invited == 3)
    }

    @Test("a failed write changes nothing and the next read is still correct")
    func failedWriteChangesNothing() async throws {
        let fixture = try await RepositoryFixture()
        _ = try await fixture.repositories.guests.fetchGuests(in: fixture.wedding)
        await fixture.memoryHost.failNextWrites()
        await #expect(throws: RepositoryError.self) { try await fixture.addGuest("Lost", "Write") }
        #expect(try await fixture.repositories.guests.fetchGuests(in: fixture.wedding).isEmpty)
        _ = try await fixture.addGuest("Second", "Try")
        #expect(try await fixture.repositories.guests.fetchGuests(in: fixture.wedding).map(\.firstName) == ["Second"])
    }

    @Test("another process's change is delivered after the cache has dropped what it made stale")
    func externalChangeInvalidatesBeforeDelivery() async throws {
        let fixture = try await RepositoryFixture()
        #expect(try await fixture.repositories.guests.fetchGuests(in: fixture.wedding).isEmpty)
        var changes = fixture.repositories.changes(in: fixture.wedding).makeAsyncIterator()
        let outsider = Guest(firstName: "From", lastName: "Elsewhere")
        await fixture.memoryHost.simulateExternalWrite(fixture.wedding, [.save(outsider)])
        let change = try #require(await changes.next())
        #expect(change.records == [RecordChange(.save(outsider), previousVersion: nil)])
        #expect(change.wedding == fixture.wedding && change.origin == .external && change.operation == "external write")
        #expect(try await fixture.repositories.guests.fetchGuests(in: fixture.wedding).map(\.id) == [outsider.id])
    }

    @Test("date-dependent figures are recomputed for another day", arguments: TestHost.allCases)
    func datedFiguresFollowTheDay(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let tasks = fixture.repositories.tasks
        _ = try await tasks.createTask(WeddingTask(title: "Send invitations", dueDate: RepositoryFixture.today), in: fixture.wedding)
        #expect(try await tasks.taskStats(asOf: RepositoryFixture.today, in: fixture.wedding).overdue == 0)
        #expect(try await tasks.taskStats(asOf: RepositoryFixture.today.adding(days: 1), in: fixture.wedding).overdue == 1)
    }

    @Test("subtasks are added, edited and removed with the task's version", arguments: TestHost.allCases)
    func subtasks(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let tasks = fixture.repositories.tasks
        let task = try await tasks.createTask(WeddingTask(title: "Book band"), in: fixture.wedding)
        var subtask = Subtask(title: "Shortlist three")
        let withSubtask = try await tasks.saveSubtask(subtask, taskID: task.id, expectedVersion: 1, in: fixture.wedding)
        subtask.isDone = true
        let done = try await tasks.saveSubtask(subtask, taskID: task.id, expectedVersion: withSubtask.version, in: fixture.wedding)
        #expect(done.subtasks == [subtask])
        await #expect(throws: RepositoryError.conflict(.task, id: task.id, expected: 1, actual: 3)) {
            try await tasks.deleteSubtask(id: subtask.id, taskID: task.id, expectedVersion: 1, in: fixture.wedding)
        }
        let removed = try await tasks.deleteSubtask(id: subtask.id, taskID: task.id, expectedVersion: done.version, in: fixture.wedding)
        #expect(removed.subtasks.isEmpty)
        #expect(try await tasks.fetchTasks(in: fixture.wedding).first?.subtasks.isEmpty == true)
    }

    @Test("weddings are found by id or by name, case-insensitively; duplicates must use the id", arguments: TestHost.allCases)
    func findWedding(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let weddings = fixture.repositories.weddings
        #expect(try await weddings.findWedding("ana & BEN").weddingID == fixture.wedding)
        #expect(try await weddings.findWedding(fixture.wedding.description).weddingID == fixture.wedding)
        await #expect(throws: RepositoryError.weddingNotFound("Nobody")) { try await weddings.findWedding("Nobody") }
        let twin = try await weddings.createWedding(Wedding(name: "Ana & Ben"))
        await #expect(throws: RepositoryError.ambiguousWedding("Ana & Ben", matches: [fixture.wedding, twin.weddingID].sorted())) {
            try await weddings.findWedding("Ana & Ben")
        }
    }

    @Test("the start of a name or id picks nothing, and the message lists the weddings it could mean", arguments: TestHost.allCases)
    func aPrefixIsNotAName(_ host: TestHost) async throws {
        let fixture = try await RepositoryFixture(on: host)
        let weddings = fixture.repositories.weddings
        let bob = try await weddings.createWedding(Wedding(name: "Ana & Bob"))
        _ = try await weddings.createWedding(Wedding(name: "Carl & Dee"))
        await #expect(throws: RepositoryError.weddingPrefix("ana", candidates: ["Ana & Ben", "Ana & Bob"])) {
            try await weddings.findWedding("ana")
        }
        await #expect(throws: RepositoryError.weddingPrefix("Carl", candidates: ["Carl & Dee"])) {
            try await weddings.findWedding("Carl")
        }
        let idStart = String(bob.weddingID.description.prefix(8))
        await #expect(throws: RepositoryError.weddingPrefix(idStart, candidates: ["Ana & Bob"])) {
            try await weddings.findWedding(idStart)
        }
        #expect(RepositoryError.weddingPrefix("ana", candidates: ["Ana & Ben", "Ana & Bob"]).description
                == "no wedding is named 'ana'; it is the start of 'Ana & Ben' and 'Ana & Bob': give the whole name or the id")
        await #expect(throws: RepositoryError.weddingNotFound("Zed")) { try await weddings.findWedding("Zed") }
    }
}
