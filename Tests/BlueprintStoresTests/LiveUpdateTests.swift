import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("Live updates", .timeLimit(.minutes(3)))
struct LiveUpdateTests {
    @Test func aChangeMadeElsewhereIsPatchedIntoTheStoresOfItsKindsWithoutReloading() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        let readsAtOpening = await harness.probe.readCounts()
        let eve = Guest(firstName: "Eve", lastName: "Evans")

        await harness.externalWrite([.save(eve)])
        await messages.handOverChange(to: session)

        #expect(session.guests.guest(eve.id) != nil && session.guests.isCacheValid)
        #expect(session.guests.stats.invited == 5)
        #expect(session.guests.visibleGuests.map(\.id) == ListOrder(GuestSortKey.name).sorted(session.guests.guests.records, today: session.guests.today).map(\.id))
        for store in session.stores {
            #expect(store.isCacheValid && store.loadState == .loaded, "\(store.domain) was invalidated")
        }
        #expect(await harness.probe.readCounts() == readsAtOpening)
        session.close()
    }

    @Test func aChangeByOneStoreReloadsTheOtherStoresItTouched() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)

        // Deleting the venue unlinks its expense and its task.
        #expect(await session.vendors.delete(Sample.grandHall) == .saved)
        #expect(session.budget.expense(Sample.venueDeposit)?.vendorID == Sample.grandHall, "shown before its change was handled")
        await messages.handOverChange(to: session)

        #expect(session.budget.expense(Sample.venueDeposit)?.vendorID == nil)
        #expect(session.tasks.task(Sample.bookVenue)?.vendorID == nil)
        #expect(session.guests.isCacheValid)
        session.close()
    }

    /// A change that does not say what it changed (the wedding was reread whole) reloads.
    @Test func changesThatDoNotSayWhatChangedArrivingDuringAReloadAreCoalescedIntoOneMoreLoad() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        let change = RepositoryChange(wedding: harness.weddingID, sequence: 1, records: nil, origin: .external,
                                      operation: "reread")
        await harness.probe.hold(.read(.guests))

        store.receive(change)
        await harness.probe.waitForCalls(.read(.guests), count: 2)
        for _ in 0..<5 { store.receive(change) }
        await harness.probe.release(.read(.guests))
        // The held load lands and one more starts for the changes that came meanwhile: join it.
        await harness.probe.waitForCalls(.read(.guests), count: 3)
        await store.load()

        #expect(store.isCacheValid)
        #expect(await harness.probe.count(.read(.guests)) == 3)
    }

    @Test func aChangeToOtherKindsOrAnotherWeddingIsIgnored() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        let eve = Guest(firstName: "Eve", lastName: "Evans")
        let vendor = Vendor(name: "Other florist", category: .florist)
        store.receive(RepositoryChange(wedding: harness.weddingID, sequence: 1,
                                       records: [RecordChange(.save(vendor), previousVersion: nil)],
                                       origin: .external, operation: "vendorCreated"))
        store.receive(RepositoryChange(wedding: WeddingID(), sequence: 1, records: [RecordChange(.save(eve), previousVersion: nil)],
                                       origin: .external, operation: "guestCreated"))
        store.receive(RepositoryChange(wedding: WeddingID(), sequence: 2, records: nil, origin: .external, operation: "reread"))
        #expect(store.isCacheValid && store.loadState == .loaded)
        #expect(store.guest(eve.id) == nil && store.guests.count == 4)
        #expect(await harness.probe.count(.read(.guests)) == 1)
    }

    /// An edit made offline that lost to another machine's is replaced in the local copy by
    /// theirs at the same version: the store shows theirs; an older version is still passed over.
    @Test func aRecordReplacedAtTheSameVersionIsShownAndAnOlderOneIsNot() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        let mine = try #require(store.guests.first)
        var theirs = mine
        theirs.lastName = "Theirs"
        store.receive(RepositoryChange(wedding: harness.weddingID, sequence: 1,
                                       records: [RecordChange(.save(theirs), previousVersion: mine.version)],
                                       origin: .external, operation: "synchronised"))
        #expect(store.guest(mine.id)?.lastName == "Theirs")

        var older = mine
        older.lastName = "Older"
        older.version = mine.version - 1
        store.receive(RepositoryChange(wedding: harness.weddingID, sequence: 2,
                                       records: [RecordChange(.save(older), previousVersion: older.version - 1)],
                                       origin: .external, operation: "guestUpdated"))
        #expect(store.guest(mine.id)?.lastName == "Theirs")
        #expect(await harness.probe.count(.read(.guests)) == 1)
    }

    /// Precise changes published while a load runs are applied once it lands, whether the load
    /// already held them or not, without loading again.
    @Test func preciseChangesArrivingDuringALoadAreAppliedWhenItLands() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        await harness.probe.hold(.read(.guests))
        let reload = Task { await store.load(force: true) }
        await harness.probe.waitForCalls(.read(.guests), count: 2)
        let eve = Guest(firstName: "Eve", lastName: "Evans")
        var ana = try #require(store.guest(Sample.ana))
        ana.rsvp = .declined
        ana.version += 1
        store.receive(RepositoryChange(wedding: harness.weddingID, sequence: 1,
                                       records: [RecordChange(.save(eve), previousVersion: nil),
                                                 RecordChange(.save(ana), previousVersion: ana.version - 1),
                                                 RecordChange(.delete(Guest.self, id: Sample.dev), previousVersion: 1)],
                                       origin: .external, operation: "import"))
        #expect(store.guest(eve.id) == nil)
        await harness.probe.release(.read(.guests))
        await reload.value

        #expect(store.guest(eve.id) != nil && store.guest(Sample.ana)?.rsvp == .declined && store.guest(Sample.dev) == nil)
        #expect(store.stats == GuestStats(guests: store.guests))
        #expect(await harness.probe.count(.read(.guests)) == 2)
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

    /// This process's own change does not reload its store: the change it published is patched in.
    @Test func anOwnEditIsNotFollowedByAReload() async throws {
        let harness = Harness()
        let session = await harness.openSession()
        let readsAtOpening = await harness.probe.readCounts()
        #expect(await session.guests.setRSVP(.attending, for: Sample.ben) == .saved)
        #expect(await session.vendors.book(Sample.roseFlorist) == .saved)
        await session.guests.load()
        await session.vendors.load()
        #expect(session.guests.guest(Sample.ben)?.rsvp == .attending && session.guests.guest(Sample.ben)?.version == 2)
        #expect(try await session.guests.guests == harness.stored { $0.guests })
        #expect(try await session.vendors.vendors == harness.stored { $0.vendors })
        #expect(await harness.probe.readCounts() == readsAtOpening)
        session.close()
    }

    /// A reload landing while an edit is still being written keeps the edit shown.
    @Test func aReloadLandingWhileAnEditIsBeingWrittenKeepsTheEditShown() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        let store = session.guests
        #expect(await store.setRSVP(.attending, for: Sample.ben) == .saved)
        await harness.probe.hold(.read(.guests))
        let reload = Task { await store.load(force: true) }
        await harness.probe.waitForCalls(.read(.guests), count: 2)
        await harness.probe.hold(.write(.guests))
        let pending = Task { await store.delete(Sample.cleo) }
        await harness.probe.waitForCalls(.write(.guests), count: 2)

        await harness.probe.release(.read(.guests))
        session.handle(await messages.loaded(.guests))
        #expect(store.loadState == .loaded)
        #expect(store.guest(Sample.cleo) == nil && store.guest(Sample.ben)?.rsvp == .attending)

        await harness.probe.release(.write(.guests))
        #expect(await pending.value == .saved)
        await reload.value
        #expect(try await store.guests == harness.stored { $0.guests })
        session.close()
    }
}
