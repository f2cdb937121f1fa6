import BlueprintCache
import BlueprintDomain
import Testing

/// A value with a chosen cost.
private struct Sized: CacheCostEstimating, Sendable, Equatable {
    var estimatedCacheCost: Int
}

@Suite struct EvictionTests {
    let wedding = WeddingID()

    @Test func evictsTheLeastRecentlyUsedEntry() async {
        let (cache, _) = makeCache(CacheConfiguration(maxEntries: 3))
        let guests = CacheKey(.guests, wedding), vendors = CacheKey(.vendors, wedding)
        let tasks = CacheKey(.tasks, wedding), wed = CacheKey(.wedding, wedding)
        await cache.set(guests, 1)
        await cache.set(vendors, 2)
        await cache.set(tasks, 3)
        _ = cache.get(guests, as: Int.self)

        await cache.set(wed, 4)

        #expect(cache.keysByRecency() == [wed, guests, tasks])
        #expect(cache.get(vendors, as: Int.self) == nil)
        let snapshot = cache.monitor.snapshot()
        #expect(snapshot[.vendors].counts.evictions == 1)
        #expect(snapshot.totals.evictions == 1)
    }

    @Test func replacingAnEntryMakesItMostRecentWithoutEvicting() async {
        let (cache, _) = makeCache(CacheConfiguration(maxEntries: 2))
        let guests = CacheKey(.guests, wedding), vendors = CacheKey(.vendors, wedding)
        await cache.set(guests, 1)
        await cache.set(vendors, 2)
        await cache.set(guests, 3)

        #expect(cache.keysByRecency() == [guests, vendors])
        #expect(cache.get(guests, as: Int.self) == 3)
        #expect(cache.monitor.snapshot().totals.evictions == 0)
    }

    @Test func missesDoNotChangeRecency() async {
        let (cache, _) = makeCache()
        let guests = CacheKey(.guests, wedding), vendors = CacheKey(.vendors, wedding)
        await cache.set(guests, 1)
        await cache.set(vendors, 2)
        _ = cache.get(guests, as: String.self)
        _ = cache.get(guests, as: Int.self, maxAge: .zero)
        #expect(cache.keysByRecency() == [vendors, guests])
    }

    @Test func staysWithinTheCostLimit() async {
        let (cache, _) = makeCache(CacheConfiguration(maxTotalCost: 100))
        let first = CacheKey(.guests, wedding), second = CacheKey(.vendors, wedding), third = CacheKey(.tasks, wedding)
        await cache.set(first, Sized(estimatedCacheCost: 40))
        await cache.set(second, Sized(estimatedCacheCost: 40))
        #expect(cache.totalCost == 80)

        await cache.set(third, Sized(estimatedCacheCost: 40))

        #expect(cache.totalCost == 80)
        #expect(cache.keysByRecency() == [third, second])
        #expect(cache.monitor.snapshot()[.guests].counts.evictions == 1)
    }

    @Test func oneLargeValueEvictsAsManyAsItNeeds() async {
        let (cache, _) = makeCache(CacheConfiguration(maxTotalCost: 100))
        for resource in [CacheResource.guests, .vendors, .tasks] {
            await cache.set(CacheKey(resource, wedding), Sized(estimatedCacheCost: 30))
        }
        await cache.set(CacheKey(.expenses, wedding), Sized(estimatedCacheCost: 95))
        #expect(cache.keysByRecency() == [CacheKey(.expenses, wedding)])
        #expect(cache.monitor.snapshot().totals.evictions == 3)
    }

    @Test func aValueCostingMoreThanTheCacheIsNotStoredAndClearsItsKey() async {
        let (cache, _) = makeCache(CacheConfiguration(maxTotalCost: 100))
        let key = CacheKey(.guests, wedding), other = CacheKey(.vendors, wedding)
        await cache.set(other, Sized(estimatedCacheCost: 10))
        await cache.set(key, Sized(estimatedCacheCost: 10))

        await cache.set(key, Sized(estimatedCacheCost: 101))

        #expect(cache.get(key, as: Sized.self) == nil, "the older, smaller value must not be served")
        #expect(cache.keysByRecency() == [other])
        #expect(cache.totalCost == 10)
    }

    @Test func removingGivesBackTheCost() async {
        let (cache, _) = makeCache()
        await cache.set(CacheKey(.guests, wedding), Sized(estimatedCacheCost: 500))
        await cache.set(CacheKey(.vendors, wedding), Sized(estimatedCacheCost: 20))
        await cache.remove(CacheKey(.guests, wedding))
        #expect(cache.totalCost == 20)
        await cache.clear()
        #expect(cache.totalCost == 0)
        #expect(cache.entryCount == 0)
    }

    @Test func evictionKeepsWorkingAfterManyReplacements() async {
        let (cache, _) = makeCache(CacheConfiguration(maxEntries: 4))
        let weddings = (0..<10).map { _ in WeddingID() }
        for round in 0..<5 {
            for (index, wedding) in weddings.enumerated() { await cache.set(CacheKey(.guests, wedding), round * 100 + index) }
        }
        #expect(cache.keysByRecency() == weddings.suffix(4).reversed().map { CacheKey(.guests, $0) })
        #expect(cache.get(CacheKey(.guests, weddings[9]), as: Int.self) == 409)
        #expect(cache.monitor.snapshot().totals.evictions == 46)
    }

    @Test func defaultCostOfACollectionGrowsWithItsElements() {
        let guests = (0..<100).map { Guest(firstName: "Guest", lastName: "\($0)") }
        #expect(CacheCost.estimate(guests) >= 100 * MemoryLayout<Guest>.stride)
        #expect(CacheCost.estimate([Int](repeating: 0, count: 1_000)) > CacheCost.estimate([Int](repeating: 0, count: 10)))
        #expect(CacheCost.estimate(Set(0..<50)) >= 50 * MemoryLayout<Int>.stride)
        #expect(CacheCost.estimate(String(repeating: "é", count: 100)) >= 200)
        #expect(CacheCost.estimate(GuestStats(guests: guests)) == MemoryLayout<GuestStats>.size)
        #expect(CacheCost.estimate(Sized(estimatedCacheCost: 7)) == 7)
    }
}
