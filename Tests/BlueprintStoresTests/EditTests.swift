import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("Edits: optimistic, invalidating, rolled back on failure", .timeLimit(.minutes(3)))
struct EditTests {
    @Test func anEditShowsBeforeItsWriteReturns() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        await harness.probe.hold(.write(.guests))

        let edit = Task { await store.setRSVP(.attending, for: Sample.ben) }
        await harness.probe.waitForCalls(.write(.guests))
        #expect(store.guest(Sample.ben)?.rsvp == .attending)
        #expect(store.stats.attending == 2)

        await harness.probe.release(.write(.guests))
        #expect(await edit.value == .saved)
        #expect(store.guest(Sample.ben)?.version == 2)
        #expect(try await harness.stored { $0.guests[Sample.ben]?.rsvp } == .attending)
    }

    @Test func aFailedWriteRollsTheEditBack() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        let before = store.guests
        await harness.probe.hold(.write(.guests))
        await harness.host.failNextWrites()

        let edit = Task { await store.delete(Sample.ana) }
        await harness.probe.waitForCalls(.write(.guests))
        #expect(store.guest(Sample.ana) == nil)
        await harness.probe.release(.write(.guests))

        #expect(await edit.value == .failed(.repository(.storage("injected write failure (guestDeleted)"))))
        #expect(store.guests == before)
        #expect(store.stats == GuestStats(guests: before))
        #expect(!store.canUndo)
    }

    /// Every kind of intent, failing: each leaves the store as it was and the data untouched.
    @Test func everyIntentRollsBackWhenItsWriteFails() async throws {
        let harness = Harness()
        let session = WeddingSession(wedding: harness.weddingID, context: harness.context)
        for store in session.stores { await store.load() }
        let stored = try await harness.stored { $0 }
        let intents: [(String, () async -> EditOutcome)] = [
            ("create guest", { await session.guests.create(Guest(firstName: "Eve", lastName: "Evans")) }),
            ("update guest", { await session.guests.update(session.guests.guest(Sample.ana)!.renamed("Anna")) }),
            ("delete guest", { await session.guests.delete(Sample.ana) }),
            ("RSVP", { await session.guests.setRSVP(.declined, for: Sample.ana) }),
            ("create category", { await session.budget.createCategory(BudgetCategory(name: "Cake")) }),
            ("delete category", { await session.budget.deleteCategory(Sample.flowers) }),
            ("mark paid", { await session.budget.markPaid(Sample.venueDeposit) }),
            ("save installment", { await session.budget.saveInstallment(
                Installment(amount: Sample.money(10), dueDate: Sample.today), in: Sample.bouquet) }),
            ("installment paid", { await session.budget.markInstallmentPaid(Sample.depositSecond, in: Sample.venueDeposit) }),
            ("delete installment", { await session.budget.deleteInstallment(Sample.depositFirst, in: Sample.venueDeposit) }),
            ("book vendor", { await session.vendors.book(Sample.roseFlorist) }),
            ("delete vendor", { await session.vendors.delete(Sample.grandHall) }),
            ("toggle done", { await session.tasks.toggleDone(Sample.orderCake) }),
            ("add subtask", { await session.tasks.addSubtask("Pick a stand", to: Sample.orderCake) }),
            ("tick subtask", { await session.tasks.toggleSubtask(Sample.chooseFlavour, in: Sample.orderCake) }),
            ("delete subtask", { await session.tasks.deleteSubtask(Sample.tasteCakes, in: Sample.orderCake) }),
            ("edit wedding", { await session.wedding.update(session.wedding.wedding!.withTotalBudget(Sample.money(1))) }),
        ]
        let shown = Shown(session)
        for (name, intent) in intents {
            await harness.host.failNextWrites()
            let outcome = await intent()
            guard case .failed(.repository(.storage)) = outcome else {
                Issue.record("\(name): \(outcome)")
                continue
            }
            #expect(Shown(session) == shown, "\(name) left its change shown")
        }
        #expect(try await harness.stored { $0 } == stored)
        #expect(session.stores.allSatisfy { !$0.canUndo })
    }

    /// After each saved change the store shows what was stored and stays valid: the change is
    /// patched in, so nothing is fetched again.
    @Test func everySavedEditShowsWhatWasStoredWithoutFetchingAgain() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        let eve = Guest(firstName: "Eve", lastName: "Evans")
        let edits: [(String, () async -> EditOutcome)] = [
            ("create", { await store.create(eve) }),
            ("update", { await store.update(store.guest(eve.id)!.renamed("Evie")) }),
            ("RSVP", { await store.setRSVP(.attending, for: eve.id) }),
            ("delete", { await store.delete(eve.id) }),
        ]
        for (name, edit) in edits {
            #expect(await edit() == .saved, "\(name)")
            #expect(store.isCacheValid, "\(name) left the store invalid")
            await store.load()
            #expect(try await store.guests == harness.stored { $0.guests }, "\(name)")
            #expect(store.stats == GuestStats(guests: store.guests), "\(name)")
        }
        #expect(await harness.probe.count(.read(.guests)) == 1)
    }

    @Test func aCreatedRecordShowsAsStored() async throws {
        let harness = Harness()
        let store = await harness.loaded(VendorStore.init)
        let vendor = Vendor(name: "Cake Co", category: .cake)
        #expect(await store.create(vendor) == .saved)
        let shown = try #require(store.vendor(vendor.id))
        #expect(shown.version == 1 && shown.createdAt == shown.updatedAt)
        #expect(store.stats.total == 3)
        #expect(try await harness.stored { $0.vendors[vendor.id] } == shown)
    }

    @Test func anInvalidRecordIsRefusedWithTheFieldAndNotShown() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        let outcome = await store.create(Guest(firstName: "Eve", lastName: "Evans", email: "not an address"))
        guard case let .failed(.repository(.invalid(kind, issues))) = outcome else {
            Issue.record("expected a validation failure, got \(outcome)")
            return
        }
        #expect(kind == .guest && issues.map(\.field) == ["email"])
        #expect(store.guests.count == 4)
    }

    @Test func anIntentOnARecordThatIsNotLoadedFailsWithoutWriting() async throws {
        let harness = Harness()
        let store = await harness.loaded(TaskStore.init)
        let missing = Sample.uuid(999)
        #expect(await store.toggleDone(missing) == .failed(.notLoaded(.task, id: missing)))
        #expect(await harness.probe.count(.write(.tasks)) == 0)
    }
}

extension Guest {
    func renamed(_ firstName: String) -> Guest {
        var guest = self
        guest.firstName = firstName
        return guest
    }
}

extension Wedding {
    func withTotalBudget(_ total: Money) -> Wedding {
        var wedding = self
        wedding.totalBudget = total
        return wedding
    }
}
