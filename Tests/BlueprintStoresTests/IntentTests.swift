import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("What each intent does", .timeLimit(.minutes(3)))
struct IntentTests {
    @Test func anRSVPChangesTheGuestAndTheFigures() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        #expect(store.stats.attending == 1 && store.stats.pending == 2)
        #expect(await store.setRSVP(.attending, for: Sample.ben) == .saved)
        #expect(store.stats.attending == 2 && store.stats.pending == 1)
        #expect(try await harness.stored { $0.guests[Sample.ben]?.rsvp } == .attending)
    }

    @Test func bookingAVendorMarksItBookedToday() async throws {
        let harness = Harness()
        let store = await harness.loaded(VendorStore.init)
        #expect(await store.book(Sample.roseFlorist) == .saved)
        let stored = try #require(try await harness.stored { $0.vendors[Sample.roseFlorist] })
        #expect(stored.status == .booked && stored.bookedDate == Sample.today)
        #expect(store.vendor(Sample.roseFlorist) == stored)
        #expect(store.stats.byStatus[.booked] == 2)
        #expect(store.stats.bookedCost == Sample.money(8_300))
    }

    @Test func archivingAVendorHidesItFromTheListAndTheFiguresUntilItIsBack() async throws {
        let harness = Harness()
        let store = await harness.loaded(VendorStore.init)
        let total = store.stats.total, booked = store.stats.byStatus[.booked, default: 0], cost = store.stats.bookedCost
        #expect(await store.setArchived(Sample.grandHall, true) == .saved)
        #expect(try await harness.stored { $0.vendors[Sample.grandHall]?.isArchived } == true)
        #expect(!store.visibleVendors.contains { $0.id == Sample.grandHall })
        #expect(store.stats.total == total - 1 && store.stats.archived == 1)
        #expect(store.stats.byStatus[.booked, default: 0] == booked - 1 && store.stats.bookedCost < cost)
        store.filter.includesArchived = true
        #expect(store.visibleVendors.contains { $0.id == Sample.grandHall })
        #expect(await store.setArchived(Sample.grandHall, false) == .saved)
        #expect(store.stats.total == total && store.stats.archived == 0 && store.stats.bookedCost == cost)
        #expect(try await harness.stored { $0.vendors[Sample.grandHall]?.status } == .booked)
    }

    @Test func unbookingAVendorTakesItBackToItsQuote() async throws {
        let harness = Harness()
        let store = await harness.loaded(VendorStore.init)
        #expect(await store.unbook(Sample.grandHall) == .saved)
        let stored = try #require(try await harness.stored { $0.vendors[Sample.grandHall] })
        #expect(stored.status == .quoted && stored.bookedDate == nil)
        #expect(store.vendor(Sample.grandHall) == stored)
        #expect(store.stats.byStatus[.booked, default: 0] == 0)
        #expect(store.stats.bookedCost == .zero)
    }

    @Test func unbookingAVendorWithoutAQuoteLeavesItContacted() async throws {
        let harness = Harness()
        let store = await harness.loaded(VendorStore.init)
        let band = Vendor(name: "The Band", category: .music, status: .booked, bookedDate: Sample.today)
        #expect(await store.create(band) == .saved)
        #expect(await store.unbook(band.id) == .saved)
        let stored = try #require(try await harness.stored { $0.vendors[band.id] })
        #expect(stored.status == .contacted && stored.bookedDate == nil)
    }

    @Test func togglingDoneCompletesAndReopensATask() async throws {
        let harness = Harness()
        let store = await harness.loaded(TaskStore.init)
        #expect(store.stats.overdue == 1)

        #expect(await store.toggleDone(Sample.orderCake) == .saved)
        #expect(store.task(Sample.orderCake)?.status == .completed)
        #expect(store.stats.overdue == 0)

        #expect(await store.toggleDone(Sample.orderCake) == .saved)
        // A subtask is done, so the reopened task is in progress.
        #expect(try await harness.stored { $0.tasks[Sample.orderCake]?.status } == .inProgress)
    }

    @Test func subtasksAreAddedTickedAndDeleted() async throws {
        let harness = Harness()
        let store = await harness.loaded(TaskStore.init)

        #expect(await store.addSubtask("Pick a stand", to: Sample.orderCake) == .saved)
        let added = try #require(store.task(Sample.orderCake)?.subtasks.last)
        #expect(added.title == "Pick a stand" && !added.isDone)

        #expect(await store.toggleSubtask(added.id, in: Sample.orderCake) == .saved)
        #expect(await store.deleteSubtask(Sample.tasteCakes, in: Sample.orderCake) == .saved)

        let stored = try #require(try await harness.stored { $0.tasks[Sample.orderCake] })
        #expect(stored.subtasks.map(\.title) == ["Choose a flavour", "Pick a stand"])
        #expect(stored.subtasks.map(\.isDone) == [false, true])
        #expect(stored.version == 4)
        #expect(store.task(Sample.orderCake) == stored)
    }

    @Test func payingTheLastInstallmentPaysTheExpense() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        let owedBefore = try #require(store.summary).dueNext30DaysTotal

        #expect(await store.markInstallmentPaid(Sample.depositSecond, in: Sample.venueDeposit) == .saved)

        let stored = try #require(try await harness.stored { $0.expenses[Sample.venueDeposit] })
        #expect(stored.paymentStatus == .paid)
        #expect(stored.installments.map(\.paidDate) == [CalendarDate(year: 2025, month: 12, day: 1), Sample.today])
        #expect(try #require(store.summary).dueNext30DaysTotal == owedBefore - Sample.money(4_000))
        #expect(try #require(store.summary).paid == Sample.money(8_000))
    }

    @Test func installmentsAreSavedAndDeleted() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        var deposit = Installment(amount: Sample.money(100), dueDate: Sample.today.adding(days: 3))

        #expect(await store.saveInstallment(deposit, in: Sample.bouquet) == .saved)
        deposit.amount = Sample.money(150)
        #expect(await store.saveInstallment(deposit, in: Sample.bouquet) == .saved)
        #expect(try await harness.stored { $0.expenses[Sample.bouquet]?.installments } == [deposit])

        #expect(await store.deleteInstallment(deposit.id, in: Sample.bouquet) == .saved)
        #expect(try await harness.stored { $0.expenses[Sample.bouquet]?.installments } == [])
        #expect(store.expense(Sample.bouquet)?.installments == [])
    }

    @Test func markingAnExpensePaidPaysItInFullAndLeavesTheScheduleAsRecorded() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        let before = try #require(store.expense(Sample.venueDeposit))
        #expect(await store.markPaid(Sample.venueDeposit) == .saved)
        let stored = try #require(try await harness.stored { $0.expenses[Sample.venueDeposit] })
        #expect(stored.paymentStatus == .paid)
        #expect(stored.installments == before.installments)
        #expect(stored.paid == Sample.money(8_000))
        #expect(stored.duePayments().isEmpty)
    }

    @Test func markingPaidThenUnpaidUndoesExactlyThePayment() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        let scheduled = Installment(amount: Sample.money(100), dueDate: Sample.today.adding(days: 5))
        #expect(await store.saveInstallment(scheduled, in: Sample.bouquet) == .saved)
        let paidBefore = try #require(store.summary).paid, dueBefore = try #require(store.summary).dueNext30DaysTotal

        #expect(await store.markPaid(Sample.bouquet) == .saved)
        #expect(await store.markUnpaid(Sample.bouquet) == .saved)

        let stored = try #require(try await harness.stored { $0.expenses[Sample.bouquet] })
        #expect(stored.installments == [scheduled], "the scheduled installment is still to pay")
        #expect(stored.paid == .zero)
        #expect(stored.standing(today: Sample.today) == .due)
        #expect(try #require(store.summary).paid == paidBefore)
        #expect(try #require(store.summary).dueNext30DaysTotal == dueBefore)
    }

    @Test func markingAnExpenseWithoutPaidInstallmentsUnpaidLeavesItPending() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        #expect(await store.markPaid(Sample.bouquet) == .saved)
        #expect(await store.markUnpaid(Sample.bouquet) == .saved)
        #expect(try await harness.stored { $0.expenses[Sample.bouquet]?.paymentStatus } == .pending)
        #expect(store.expense(Sample.bouquet)?.paymentStatus == .pending)
    }

    @Test func aCategoryInUseCannotBeDeleted() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        let outcome = await store.deleteCategory(Sample.venue)
        #expect(outcome == .failed(.repository(.stillReferenced(.category, id: Sample.venue, by: "1 expense"))))
        #expect(store.category(Sample.venue) != nil)
    }

    @Test func aCategoryInUseIsDeletedByMovingItsExpensesAsOneUndoStep() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        #expect(store.expensesUsing(category: Sample.venue).map(\.id) == [Sample.venueDeposit])
        #expect(await store.deleteCategory(Sample.venue, movingExpensesTo: Sample.flowers) == .saved)
        #expect(try await harness.stored { $0.expenses[Sample.venueDeposit]?.categoryID } == Sample.flowers)
        #expect(store.category(Sample.venue) == nil)
        #expect(await store.undo() == .saved)
        #expect(try await harness.stored { $0.expenses[Sample.venueDeposit]?.categoryID } == Sample.venue)
        #expect(store.category(Sample.venue) != nil)
    }

    @Test func installmentsAreEditedAndRemovedAsOneUndoStep() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        let before = try #require(store.expense(Sample.venueDeposit)).installments
        var edited = before[1]
        edited.amount = Sample.money(3_000)
        #expect(await store.replaceInstallments([edited], in: Sample.venueDeposit) == .saved)
        #expect(try await harness.stored { $0.expenses[Sample.venueDeposit]?.installments } == [edited])
        #expect(await store.undo() == .saved)
        #expect(try await harness.stored { $0.expenses[Sample.venueDeposit]?.installments } == before)
    }

    @Test func bulkImportAddsAndUpdatesGuestsTogether() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        let eve = Guest(firstName: "Eve", lastName: "Evans")
        let ben = store.guest(Sample.ben)!.renamed("Benjamin")

        let summary = try await store.importGuests(ImportBatch(inserts: [eve], updates: [ben])).get()

        #expect(summary == ImportSummary(inserted: 1, updated: 1))
        #expect(store.guests.count == 5)
        #expect(store.guest(Sample.ben)?.firstName == "Benjamin" && store.guest(Sample.ben)?.version == 2)
        #expect(store.isCacheValid)
        // What the import stored is shown as stored, without loading the list again.
        #expect(try await store.guests == harness.stored { $0.guests })
        #expect(await harness.probe.count(.read(.guests)) == 1)
    }

    @Test func aFailedImportShowsNoneOfItsRows() async throws {
        let harness = Harness()
        let store = await harness.loaded(VendorStore.init)
        await harness.host.failNextWrites()
        let result = await store.importVendors(ImportBatch(inserts: [Vendor(name: "Cake Co"), Vendor(name: "DJ Sam")]))
        #expect(throws: StoreError.self) { try result.get() }
        #expect(store.vendors.count == 2)
    }

    @Test func editingTheWeddingUpdatesTheBudgetTotal() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = WeddingSession(wedding: harness.weddingID, context: harness.context, deliver: messages.deliver)
        await messages.load(session.wedding, of: session)
        await messages.load(session.budget, of: session)
        #expect(session.wedding.daysUntilWedding == 170)

        #expect(await session.wedding.update(session.wedding.wedding!.withTotalBudget(Sample.money(25_000))) == .saved)
        await messages.handOverChange(to: session)

        #expect(session.budget.summary?.totalBudget == Sample.money(25_000))
    }
}
