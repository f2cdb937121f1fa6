import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("Live updates", .timeLimit(.minutes(1)))
struct LiveUpdateTests {
    @Test func aChangeMadeElsewhereReloadsOnlyTheStoresOfItsKinds() async throws {
        let harness = Harness()
        let session = await harness.openSession()
        let eve = Guest(firstName: "Eve", lastName: "Evans")

        await harness.externalWrite([.saveGuest(eve)])

        #expect(await eventually(session.guests) { session.guests.guest(eve.id) != nil && session.guests.isCacheValid })
        #expect(session.guests.stats.invited == 5)
        for store in [session.wedding, session.budget, session.vendors, session.tasks] as [DomainStore] {
            #expect(store.isCacheValid && store.loadState == .loaded, "\(store.domain) was reloaded")
        }
        #expect(await harness.probe.count(.read(.guests)) == 2)
        #expect(await harness.probe.count(.read(.vendors)) == 1)
        session.close()
    }

    @Test func aChangeByOneStoreReloadsTheOtherStoresItTouched() async throws {
        let harness = Harness()
        let session = await harness.openSession()

        // Deleting the venue unlinks its expense and its task.
        #expect(await session.vendors.delete(Sample.grandHall) == .saved)

        #expect(await eventually(session.budget) { session.budget.expense(Sample.venueDeposit)?.vendorID == nil })
        #expect(await eventually(session.tasks) { session.tasks.task(Sample.bookVenue)?.vendorID == nil })
        #expect(session.guests.isCacheValid)
        session.close()
    }

    @Test func changesArrivingDuringAReloadAreCoalescedIntoOneMoreLoad() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        let change = RepositoryChange(wedding: harness.weddingID, kinds: [.guest], origin: .external)
        await harness.probe.hold(.read(.guests))

        store.receive(change)
        await harness.probe.waitForCalls(.read(.guests), count: 2)
        for _ in 0..<5 { store.receive(change) }
        await harness.probe.release(.read(.guests))

        #expect(await eventually(store) { store.isCacheValid })
        #expect(await harness.probe.count(.read(.guests)) == 3)
    }

    @Test func aChangeToOtherKindsOrAnotherWeddingIsIgnored() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        store.receive(RepositoryChange(wedding: harness.weddingID, kinds: [.vendor, .task], origin: .external))
        store.receive(RepositoryChange(wedding: WeddingID(), kinds: [.guest], origin: .external))
        #expect(store.isCacheValid && store.loadState == .loaded)
    }

    /// A reload that read before an edit was saved lands after it: the edit stays shown.
    @Test func aReloadThatReadBeforeAnEditDoesNotUndoIt() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        await harness.probe.hold(.read(.guests))
        let reload = Task { await store.load(force: true) }
        await harness.probe.waitForCalls(.read(.guests), count: 2)

        #expect(await store.setRSVP(.declined, for: Sample.ana) == .saved)
        await harness.probe.release(.read(.guests))
        await reload.value

        #expect(store.guest(Sample.ana)?.rsvp == .declined)
        await store.load()
        #expect(store.guest(Sample.ana)?.rsvp == .declined && store.guest(Sample.ana)?.version == 2)
    }

    /// This process's own change reloads its store too; an edit still being written meanwhile stays shown.
    @Test func aReloadLandingWhileAnEditIsBeingWrittenKeepsTheEditShown() async throws {
        let harness = Harness()
        let session = await harness.openSession()
        let store = session.guests
        await harness.probe.hold(.read(.guests))
        #expect(await store.setRSVP(.attending, for: Sample.ben) == .saved)
        await harness.probe.waitForCalls(.read(.guests), count: 2)  // the reload for this change
        await harness.probe.hold(.write(.guests))
        let pending = Task { await store.delete(Sample.cleo) }
        await harness.probe.waitForCalls(.write(.guests), count: 2)

        await harness.probe.release(.read(.guests))
        #expect(await eventually(store) { store.loadState == .loaded })
        #expect(store.guest(Sample.cleo) == nil && store.guest(Sample.ben)?.rsvp == .attending)

        await harness.probe.release(.write(.guests))
        #expect(await pending.value == .saved)
        #expect(try await store.guests == harness.stored { $0.guests.records })
        session.close()
    }
}
