import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("Conflicting edits", .timeLimit(.minutes(3)))
struct ConflictTests {
    /// Loads the guests, then lets another process rename Ana to "Annie" (version 2): its change
    /// is held in `messages`, not handled, so the session still shows version 1.
    private func guestsWithAStaleAna(_ messages: HeldMessages = HeldMessages()) async throws
        -> (Harness, WeddingSession, stale: Guest) {
        let harness = Harness()
        let session = await harness.openSession(holding: messages)
        let store = session.guests
        let stale = try #require(store.guest(Sample.ana))
        var theirs = stale.renamed("Annie")
        theirs.version = 2
        await harness.externalWrite([.save(theirs)])
        return (harness, session, stale)
    }

    @Test func aStaleUpdateIsAConflictCarryingBothVersions() async throws {
        let (harness, session, stale) = try await guestsWithAStaleAna()
        let store = session.guests

        let mine = stale.renamed("Anita")
        #expect(await store.update(mine) == .conflict)

        let conflict = try #require(store.conflict)
        #expect(conflict.yours == mine && conflict.base == stale)
        #expect(conflict.current?.firstName == "Annie" && conflict.current?.version == 2)
        #expect(conflict.fields.map(\.path) == [.field("firstName")])
        #expect(conflict.fields.first?.base == .string("Ana") && conflict.fields.first?.mine == .string("Anita"))
        #expect(store.openConflict?.fields.map(\.label) == ["first name"])
        #expect(store.hasConflict)
        #expect(store.guest(Sample.ana)?.firstName == "Annie")
        #expect(try await harness.stored { $0.guests[Sample.ana]?.firstName } == "Annie")
    }

    @Test func reloadingDropsMyEditAndShowsTheCurrentRecord() async throws {
        let messages = HeldMessages()
        let (harness, session, stale) = try await guestsWithAStaleAna(messages)
        let store = session.guests
        #expect(await store.update(stale.renamed("Anita")) == .conflict)

        let reloading = Task { await store.resolveConflictByReloading() }
        session.handle(await messages.loaded(.guests))
        await reloading.value

        #expect(store.conflict == nil && !store.hasConflict)
        #expect(store.guest(Sample.ana)?.firstName == "Annie" && store.isCacheValid)
        // The rename's own change, handled after the load that read it, changes nothing.
        try await harness.handOverChanges(messages, to: session)
        #expect(store.isCacheValid && store.guest(Sample.ana)?.firstName == "Annie" && !store.isLoading)
        #expect(try await harness.stored { $0.guests[Sample.ana]?.version } == 2)
    }

    @Test func overwritingSavesMyVersionOverTheCurrentOne() async throws {
        let (harness, session, stale) = try await guestsWithAStaleAna()
        let store = session.guests
        #expect(await store.update(stale.renamed("Anita")) == .conflict)

        #expect(await store.resolveConflictByOverwriting() == .saved)

        #expect(store.conflict == nil)
        let stored = try #require(try await harness.stored { $0.guests[Sample.ana] })
        #expect(stored.firstName == "Anita" && stored.version == 3)
        #expect(store.guest(Sample.ana) == stored)
        #expect(await store.resolveConflictByOverwriting() == .failed(.noConflict))
    }

    @Test func aSubtaskTickedOnAStaleTaskMergesWithTheOtherChangeToItsTitle() async throws {
        let harness = Harness()
        // A store on its own, outside a session: it is not told of the other change, so it
        // still shows version 1 when the subtask is ticked.
        let store = await harness.loaded(TaskStore.init)
        var theirs = try #require(store.task(Sample.orderCake))
        theirs.title = "Order the wedding cake"
        theirs.version = 2
        await harness.externalWrite([.save(theirs)])

        #expect(await store.toggleSubtask(Sample.chooseFlavour, in: Sample.orderCake)
            == .merged("merged with another session's change to title"))

        #expect(store.conflict == nil && !store.hasConflict)
        let stored = try #require(try await harness.stored { $0.tasks[Sample.orderCake] })
        #expect(stored.subtasks.last?.isDone == true && stored.title == "Order the wedding cake" && stored.version == 3)
        #expect(store.isCacheValid && store.task(Sample.orderCake) == stored)
    }

    @Test("an edit merged with another person's change says so in the activity feed, after what it changed")
    func aMergedEditSaysWhoseChangeItKeptInTheActivityFeed() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        let store = session.guests
        let stale = try #require(store.guest(Sample.ana))
        var theirs = stale
        theirs.phone = "+1 555 0100"
        theirs.version = 2
        await harness.host.simulateExternalWrite(harness.weddingID, [.save(theirs)], by: "Mei")
        await messages.handOverChange(to: session)
        #expect(store.guest(Sample.ana)?.version == 2)

        var mine = stale
        mine.email = "ana.alvarez@example.com"
        #expect(await store.update(mine) == .merged("merged with Mei's change to phone"))

        let stored = try #require(try await harness.stored { $0.guests[Sample.ana] })
        #expect(stored.phone == "+1 555 0100" && stored.email == "ana.alvarez@example.com" && stored.version == 3)
        let newest = try #require(try await harness.context.records.activity(in: harness.weddingID).entries.last)
        #expect(newest.sentence == "changed Ana Alvarez's email, merged with Mei's change to phone")

        #expect(await store.undo() == .saved)
        let undone = try #require(try await harness.context.records.activity(in: harness.weddingID).entries.last)
        #expect(undone.sentence == "changed Ana Alvarez's email", "the undo merges nothing: it takes back only my field")
        #expect(try await harness.stored { $0.guests[Sample.ana]?.phone } == "+1 555 0100")
    }

    @Test func aBudgetStoreHoldsOneConflictAtATime() async throws {
        let harness = Harness()
        let session = await harness.openSession()
        let store = session.budget
        var category = try #require(store.category(Sample.flowers))
        var expense = try #require(store.expense(Sample.bouquet))
        var theirCategory = category, theirExpense = expense
        theirCategory.version = 2
        theirCategory.notes = "theirs"
        theirExpense.version = 2
        theirExpense.notes = "theirs"
        await harness.externalWrite([.save(theirCategory), .save(theirExpense)])

        category.notes = "mine"
        #expect(await store.updateCategory(category) == .conflict)
        #expect(store.categoryConflict?.yours.notes == "mine")
        expense.notes = "mine"
        #expect(await store.updateExpense(expense) == .conflict)
        #expect(store.categoryConflict == nil && store.expenseConflict?.current?.notes == "theirs")

        #expect(await store.resolveConflictByOverwriting() == .saved)
        #expect(try await harness.stored { $0.expenses[Sample.bouquet]?.notes } == "mine")
        #expect(try await harness.stored { $0.categories[Sample.flowers]?.notes } == "theirs")
        #expect(!store.hasConflict)
    }

    @Test func savingAGuestSomeoneDeletedSaysWhoAndRestoresItWithMyEdits() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        let store = session.guests
        let ana = try #require(store.guest(Sample.ana))
        await harness.externalWrite([.delete(Guest.self, id: Sample.ana)])
        await messages.handOverChange(to: session)
        #expect(store.guest(Sample.ana) == nil)

        #expect(await store.update(ana.renamed("Anita")) == .conflict)
        let conflict = try #require(store.openConflict)
        #expect(conflict.deleted && conflict.fields.isEmpty && conflict.name == ana.fullName)
        #expect(conflict.writer?.author == "someone@elsewhere" && conflict.writer?.deleted == true)

        #expect(await store.resolveConflictByOverwriting() == .saved)
        #expect(try await harness.stored { $0.guests[Sample.ana]?.firstName } == "Anita")
        #expect(store.guest(Sample.ana)?.firstName == "Anita" && !store.hasConflict)
    }

    @Test func droppingMyEditsOfADeletedRecordLeavesItDeleted() async throws {
        let harness = Harness()
        // On its own, the store is not told of the deletion: the write finds the record gone.
        let store = await harness.loaded(TaskStore.init)
        var cake = try #require(store.task(Sample.orderCake))
        await harness.externalWrite([.delete(WeddingTask.self, id: Sample.orderCake)])
        cake.title = "Order the wedding cake"

        #expect(await store.update(cake) == .conflict)
        #expect(store.openConflict?.deleted == true)
        #expect(store.task(Sample.orderCake) == nil, "the write found it gone: it is no longer shown")
        await store.resolveConflictByReloading()
        #expect(try await harness.stored { $0.tasks[Sample.orderCake] } == nil && !store.hasConflict)
    }

    @Test func anAmountBothChangedIsShownAsMoneyNotMinorUnits() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        let store = session.budget
        let stale = try #require(store.expense(Sample.venueDeposit))
        var theirs = stale
        theirs.amount = Money(minorUnits: 1_300_000)
        theirs.version += 1
        await harness.externalWrite([.save(theirs)])
        await messages.handOverChange(to: session)
        #expect(store.expense(Sample.venueDeposit)?.amount == theirs.amount)

        var mine = stale
        mine.amount = Money(minorUnits: 1_250_000)
        #expect(await store.updateExpense(mine) == .conflict)
        let field = try #require(store.openConflict?.fields.first)
        #expect(field.label == "amount")
        #expect(field.base == .money(stale.amount) && field.mine == .money(Money(minorUnits: 1_250_000))
                && field.theirs == .money(Money(minorUnits: 1_300_000)))
    }

    @Test func anInstallmentsAmountIsReadByItsPathThroughTheList() throws {
        var expense = Expense(name: "Venue", categoryID: Sample.venue, amount: Money(minorUnits: 100_000))
        let installment = Installment(amount: Money(minorUnits: 40_000), dueDate: Sample.today)
        expense.installments = [installment]
        let path = FieldPath([.field("installments"), .element(installment.id.uuidString), .field("amount")])
        #expect(FieldReading.value(at: path, in: expense) as? Money == Money(minorUnits: 40_000))
        #expect(FieldReading.value(at: .field("nothing"), in: expense) == nil)
    }
}
