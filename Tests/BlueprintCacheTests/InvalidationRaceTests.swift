import BlueprintCache
import BlueprintDomain
import Testing

/// An invalidation that happens while a load is in flight: the load's result must never be
/// stored, and callers arriving afterwards must get a fresh load. Each test holds the first
/// load open on a gate, so the interleaving is fixed rather than left to timing.
@Suite(.timeLimit(.minutes(3))) struct InvalidationRaceTests {
    let wedding = WeddingID()

    /// Starts a load of `key` that returns `value` once `loader` opens, and waits until it runs.
    private func startLoad(_ cache: RepositoryCache, _ key: CacheKey, _ loader: HeldLoader,
                           returning value: String = "stale") async -> Task<String, any Error> {
        let task = Task { try await cache.getOrLoad(key, load: loader.loader(returning: value)) }
        await loader.waitUntilStarted()
        return task
    }

    @Test func removeDuringALoadKeepsItsResultOut() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.guests, wedding)
        let loader = HeldLoader()
        let staleCaller = await startLoad(cache, key, loader)

        await cache.remove(key)
        loader.open()

        #expect(try await staleCaller.value == "stale", "a caller that overlapped the invalidation gets its load's result")
        #expect(cache.get(key, as: String.self) == nil, "the stale result was not stored")
        #expect(try await cache.getOrLoad(key) { "fresh" } == "fresh")
    }

    @Test func aCallerAfterTheInvalidationStartsAFreshLoad() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.guests, wedding)
        let stale = HeldLoader()
        let staleCaller = await startLoad(cache, key, stale)

        await cache.remove(key)
        let fresh = HeldLoader()
        let freshCaller = Task { try await cache.getOrLoad(key, load: fresh.loader(returning: "fresh")) }
        await fresh.waitUntilStarted()

        stale.open()
        #expect(try await staleCaller.value == "stale")
        #expect(cache.get(key, as: String.self) == nil, "the stale load finished first but stored nothing")

        fresh.open()
        #expect(try await freshCaller.value == "fresh")
        #expect(cache.get(key, as: String.self) == "fresh")
        #expect(stale.callCount == 1 && fresh.callCount == 1)
    }

    @Test func staleLoadFinishingLastDoesNotOverwriteTheFreshValue() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.vendors, wedding)
        let stale = HeldLoader()
        let staleCaller = await startLoad(cache, key, stale)

        await cache.remove(key)
        #expect(try await cache.getOrLoad(key) { "fresh" } == "fresh")
        stale.open()
        _ = try await staleCaller.value

        #expect(cache.get(key, as: String.self) == "fresh")
    }

    @Test func callersWhoJoinedBeforeTheInvalidationGetTheLoadTheyJoined() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.tasks, wedding)
        let stale = HeldLoader()
        let leader = await startLoad(cache, key, stale)
        let joiner = Task { try await cache.getOrLoad(key) { "never runs" } }
        await yieldUntil("the second caller joined the load") { cache.monitor.snapshot()[.tasks].counts.coalesced == 1 }

        await cache.remove(key)
        stale.open()

        #expect(try await leader.value == "stale")
        #expect(try await joiner.value == "stale")
        #expect(cache.get(key, as: String.self) == nil)
    }

    @Test func setDuringALoadWins() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.expenses, wedding)
        let stale = HeldLoader()
        let staleCaller = await startLoad(cache, key, stale)

        await cache.set(key, "written")
        #expect(try await cache.getOrLoad(key) { "not needed" } == "written")
        stale.open()
        _ = try await staleCaller.value

        #expect(cache.get(key, as: String.self) == "written")
    }

    @Test func removingTheWeddingDuringALoadKeepsItsResultOut() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.budgetSummary, wedding)
        let other = CacheKey(.budgetSummary, WeddingID())
        await cache.set(other, "other wedding")
        let stale = HeldLoader()
        let staleCaller = await startLoad(cache, key, stale)

        await cache.removeAll(matching: .wedding(wedding))
        stale.open()
        _ = try await staleCaller.value

        #expect(cache.get(key, as: String.self) == nil)
        #expect(cache.get(other, as: String.self) == "other wedding")
    }

    @Test func removingAResourceDuringALoadKeepsItsResultOut() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.seatingChart, wedding)
        let stale = HeldLoader()
        let staleCaller = await startLoad(cache, key, stale)

        await cache.removeAll(matching: .resource(.seatingChart))
        stale.open()
        _ = try await staleCaller.value

        #expect(cache.get(key, as: String.self) == nil)
    }

    @Test func clearDuringALoadKeepsItsResultOut() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.categoryMetrics, wedding)
        let stale = HeldLoader()
        let staleCaller = await startLoad(cache, key, stale)

        await cache.clear()
        stale.open()
        _ = try await staleCaller.value

        #expect(cache.get(key, as: String.self) == nil)
    }

    @Test func invalidatorDuringALoadKeepsItsResultOut() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.guestStats, wedding)
        let stale = HeldLoader()
        let staleCaller = await startLoad(cache, key, stale)

        await CacheInvalidator(cache: cache).invalidate(CacheOperation(.imported, .guest, in: wedding))
        stale.open()
        _ = try await staleCaller.value

        #expect(cache.get(key, as: String.self) == nil)
    }

    @Test func invalidatingAnotherKeyLeavesTheLoadAlone() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.guests, wedding)
        let loader = HeldLoader()
        let caller = await startLoad(cache, key, loader, returning: "loaded")

        await cache.remove(CacheKey(.guests, WeddingID()))
        await cache.remove(CacheKey(.vendors, wedding))
        loader.open()
        _ = try await caller.value

        #expect(cache.get(key, as: String.self) == "loaded")
    }
}
