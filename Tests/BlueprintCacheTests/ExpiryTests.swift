import BlueprintCache
import BlueprintDomain
import BlueprintTestDoubles
import Testing

@Suite struct ExpiryTests {
    let wedding = WeddingID()

    @Test func entryLivesForItsResourcesTimeToLive() async {
        let (cache, clock) = makeCache()
        let key = CacheKey(.guests, wedding)
        await cache.set(key, ["Ana", "Ben"])

        clock.advance(by: .seconds(59))
        #expect(cache.get(key, as: [String].self) == ["Ana", "Ben"])

        clock.advance(by: .seconds(1))
        #expect(cache.get(key, as: [String].self) == nil)
        #expect(cache.entryCount == 0, "an expired entry a read meets is dropped")
        let counts = cache.monitor.snapshot()[.guests].counts
        #expect(counts.hits == 1 && counts.misses == 1 && counts.expirations == 1)
    }

    @Test func defaultTableFollowsTheSeed() {
        let table = TimeToLiveTable.defaults
        #expect(table[.guests] == .seconds(60))
        #expect(table[.vendors] == .seconds(600))
        #expect(table[.tasks] == .seconds(60))
        #expect(table[.budgetCategories] == .seconds(300))
        for stats in [CacheResource.guestStats, .vendorStats, .taskStats, .budgetSummary, .categoryMetrics] {
            #expect(table[stats] == .seconds(60))
        }
    }

    @Test func configurationOverridesTheTable() async {
        var configuration = CacheConfiguration()
        configuration.timeToLive[.vendors] = .seconds(5)
        let (cache, clock) = makeCache(configuration)
        let key = CacheKey(.vendors, wedding)
        await cache.set(key, 1)
        clock.advance(by: .seconds(5))
        #expect(cache.get(key, as: Int.self) == nil)
    }

    @Test func explicitTimeToLiveWinsOverTheTable() async {
        let (cache, clock) = makeCache()
        let key = CacheKey(.vendors, wedding)
        await cache.set(key, 1, ttl: .seconds(2))
        clock.advance(by: .seconds(2))
        #expect(cache.get(key, as: Int.self) == nil)
    }

    @Test func maxAgeNarrowsARead() async {
        let (cache, clock) = makeCache()
        let key = CacheKey(.vendors, wedding)
        await cache.set(key, "quotes")
        clock.advance(by: .seconds(10))

        #expect(cache.get(key, as: String.self, maxAge: .seconds(10)) == nil)
        #expect(cache.get(key, as: String.self, maxAge: .seconds(11)) == "quotes")
        #expect(cache.get(key, as: String.self) == "quotes", "a narrower read leaves the entry in place")
    }

    @Test func maxAgeCannotWidenTheTimeToLive() async {
        let (cache, clock) = makeCache()
        let key = CacheKey(.guests, wedding)
        await cache.set(key, "list")
        clock.advance(by: .seconds(61))
        #expect(cache.get(key, as: String.self, maxAge: .seconds(3600)) == nil)
    }

    @Test func newerThanNeedsAStoreStrictlyAfterIt() async {
        let (cache, clock) = makeCache()
        let key = CacheKey(.tasks, wedding)
        let before = clock.now()
        clock.advance(by: .milliseconds(1))
        await cache.set(key, "tasks")
        let storedAt = clock.now()
        clock.advance(by: .seconds(1))

        #expect(cache.get(key, as: String.self, newerThan: before) == "tasks")
        #expect(cache.get(key, as: String.self, newerThan: storedAt) == nil)
        #expect(cache.get(key, as: String.self, newerThan: clock.now()) == nil)
    }

    @Test func getOrLoadReloadsAnExpiredEntry() async throws {
        let (cache, clock) = makeCache()
        let key = CacheKey(.taskStats, wedding)
        #expect(try await cache.getOrLoad(key, ttl: .seconds(30)) { 1 } == 1)
        clock.advance(by: .seconds(29))
        #expect(try await cache.getOrLoad(key) { 2 } == 1)
        clock.advance(by: .seconds(1))
        #expect(try await cache.getOrLoad(key) { 3 } == 3)
    }

    @Test func reclaimDropsOnlyExpiredEntries() async {
        let (cache, clock) = makeCache()
        await cache.set(CacheKey(.guests, wedding), 1, ttl: .seconds(10))
        await cache.set(CacheKey(.vendors, wedding), 2, ttl: .seconds(100))
        clock.advance(by: .seconds(50))

        #expect(await cache.reclaimExpired() == 1)
        #expect(cache.keysByRecency() == [CacheKey(.vendors, wedding)])
        #expect(cache.monitor.snapshot()[.guests].counts.expirations == 1)
    }

    @Test func writesSweepExpiredEntriesEveryReclaimInterval() async {
        let (cache, clock) = makeCache(CacheConfiguration(reclaimInterval: .seconds(30)))
        await cache.set(CacheKey(.guests, wedding), 1, ttl: .seconds(5))
        clock.advance(by: .seconds(10))
        await cache.set(CacheKey(.tasks, wedding), 2)
        #expect(cache.entryCount == 2, "not yet time to sweep")

        clock.advance(by: .seconds(20))
        await cache.set(CacheKey(.vendors, wedding), 3)
        #expect(cache.entryCount == 2)
        #expect(cache.keysByRecency() == [CacheKey(.vendors, wedding), CacheKey(.tasks, wedding)])
    }

    @Test func manualClockMovesWallTimeAndUptimeTogether() {
        let clock = ManualClock(start: Timestamp(millisecondsSince1970: 1_000))
        #expect(clock.uptime() == .zero)
        for _ in 0..<4 { clock.advance(by: .microseconds(250)) }
        clock.advance(by: .seconds(2))
        #expect(clock.uptime() == .milliseconds(2_001))
        #expect(clock.now() == Timestamp(millisecondsSince1970: 3_001))
    }
}
