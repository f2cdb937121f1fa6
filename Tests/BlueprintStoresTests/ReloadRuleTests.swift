import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("When stores reload", .timeLimit(.minutes(3)))
struct ReloadRuleTests {
    @Test func theFirstLoadShowsTheRecordsAndWhenTheyWereLoaded() async throws {
        let harness = Harness()
        let store = GuestStore(wedding: harness.weddingID, context: harness.context)
        #expect(store.loadState == .idle && !store.isCacheValid && store.lastLoadTime == nil)

        await store.load()

        #expect(store.loadState == .loaded)
        #expect(Set(store.guests.map(\.id)) == [Sample.ana, Sample.ben, Sample.cleo, Sample.dev])
        #expect(store.lastLoadTime == Sample.start)
        #expect(store.isCacheValid)
    }

    @Test func aValidStoreDoesNotFetchAgain() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        harness.clock.advance(by: .seconds(60))
        await store.load()
        #expect(await harness.probe.count(.read(.guests)) == 1)
    }

    /// The original app skipped every non-forced reload once loaded; here validity expires. A
    /// session whose wedding's changes are not watched for reloads then.
    @Test(arguments: [
        (StoreDomain.wedding, 10), (.guests, 10), (.budget, 5), (.vendors, 10), (.tasks, 5),
    ])
    func aLoadedStoreReloadsOnceItsValidityHasPassed(domain: StoreDomain, minutes: Int) async throws {
        let harness = Harness()
        harness.host.simulateConnection(.notWatched)
        let session = WeddingSession(wedding: harness.weddingID, context: harness.context)
        let store = session.store(for: domain)
        #expect(store.cacheValidityDuration == .seconds(minutes * 60))
        await store.load()

        harness.clock.advance(by: .seconds(minutes * 60) - .milliseconds(1))
        await store.load()
        #expect(await harness.probe.count(.read(domain)) == 1)

        harness.clock.advance(by: .milliseconds(1))
        #expect(!store.isCacheValid)
        await store.load()
        #expect(await harness.probe.count(.read(domain)) == 2)
        #expect(store.isCacheValid && store.lastLoadTime == harness.clock.now())
    }

    /// A live session's store gets every change as it happens, so once its validity has passed
    /// it revalidates by catching up with the change feed, a cheap check, instead of reloading.
    @Test(arguments: StoreDomain.allCases)
    func aLiveStoreRevalidatesByCatchingUpInsteadOfReloading(domain: StoreDomain) async throws {
        let harness = Harness()
        let session = WeddingSession(wedding: harness.weddingID, context: harness.context)
        let store = session.store(for: domain)
        await store.load()
        let reads = await harness.probe.readCounts()

        harness.clock.advance(by: store.cacheValidityDuration)
        #expect(!store.isCacheValid)
        await store.load()

        #expect(store.isCacheValid && store.lastLoadTime == harness.clock.now())
        #expect(await harness.probe.count(.catchUp) == 1)
        #expect(await harness.probe.readCounts() == reads)
        session.close()
    }

    @Test func aRevalidationThatFailsReloads() async throws {
        let harness = Harness()
        let session = WeddingSession(wedding: harness.weddingID, context: harness.context)
        await session.guests.load()
        await harness.probe.failNext(.catchUp)
        harness.clock.advance(by: GuestStore.validity)
        await session.guests.load()
        #expect(await harness.probe.count(.read(.guests)) == 2)
        #expect(session.guests.isCacheValid)
        session.close()
    }

    @Test func anInvalidatedStoreFetchesOnItsNextLoad() async throws {
        let harness = Harness()
        let store = await harness.loaded(VendorStore.init)
        store.invalidate()
        #expect(!store.isCacheValid)
        await store.load()
        #expect(await harness.probe.count(.read(.vendors)) == 2)
        #expect(store.isCacheValid)
    }

    @Test func aForcedLoadAlwaysFetches() async throws {
        let harness = Harness()
        let store = await harness.loaded(TaskStore.init)
        await store.load(force: true)
        await store.load(force: true)
        #expect(await harness.probe.count(.read(.tasks)) == 3)
    }

    @Test func loadsAskedForWhileOneRunsShareIt() async throws {
        let harness = Harness()
        let store = GuestStore(wedding: harness.weddingID, context: harness.context)
        await harness.probe.hold(.read(.guests))
        let first = Task { await store.load() }
        await harness.probe.waitForCalls(.read(.guests))
        let second = Task { await store.load() }
        #expect(store.loadState == .loading)
        await harness.probe.release(.read(.guests))
        await first.value
        await second.value
        #expect(await harness.probe.count(.read(.guests)) == 1)
        #expect(store.loadState == .loaded && store.guests.count == 4)
    }

    /// A load that was in flight when the store was invalidated shows what it read, but may
    /// have read before the change: the store stays invalid, so the next load fetches again.
    @Test func aLoadInFlightWhenInvalidatedLeavesTheStoreInvalid() async throws {
        let harness = Harness()
        let store = GuestStore(wedding: harness.weddingID, context: harness.context)
        await harness.probe.hold(.read(.guests))
        let load = Task { await store.load() }
        await harness.probe.waitForCalls(.read(.guests))
        store.invalidate()
        await harness.probe.release(.read(.guests))
        await load.value

        #expect(store.guests.count == 4)
        #expect(!store.isCacheValid)
        await store.load()
        #expect(await harness.probe.count(.read(.guests)) == 2)
        #expect(store.isCacheValid)
    }

    @Test func aFailedLoadReportsTheErrorAndKeepsTheRowsShown() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        await harness.probe.failNext(.read(.guests), with: .storage("disk unplugged"))

        await store.load(force: true)

        #expect(store.loadState == .failed(.repository(.storage("disk unplugged"))))
        #expect(store.guests.count == 4)
        await store.load(force: true)
        #expect(store.loadState == .loaded)
    }

    @Test func aStoreOfAMissingWeddingFailsToLoadWithTheReason() async throws {
        let harness = Harness()
        let missing = WeddingID()
        let store = BudgetStore(wedding: missing, context: harness.context)
        await store.load()
        #expect(store.loadState == .failed(.repository(.weddingNotFound(missing.description))))
        #expect(store.summary == nil && store.expenses.isEmpty)
    }
}
