import BlueprintCache
import BlueprintDomain
import BlueprintTestDoubles
import Testing

@Suite(.timeLimit(.minutes(3))) struct LoadingTests {
    let wedding = WeddingID()

    @Test func aLoadedValueIsStoredAndServedAsIs() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.guests, wedding)
        let guests = [Guest(firstName: "Ana", lastName: "Okafor")]
        #expect(try await cache.getOrLoad(key) { guests } == guests)
        #expect(cache.get(key, as: [Guest].self) == guests)
        #expect(try await cache.getOrLoad(key) { [Guest]() } == guests)
        let counts = cache.monitor.snapshot()[.guests].counts
        #expect(counts.misses == 1 && counts.loads == 1 && counts.hits == 2)
    }

    @Test func hundredConcurrentCallersShareOneLoad() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.guestStats, wedding)
        let loader = HeldLoader()
        let load = loader.loader(returning: 42)

        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<100 { group.addTask { try await cache.getOrLoad(key, load: load) } }
            await yieldUntil("all 100 callers reached the cache") {
                let counts = cache.monitor.snapshot()[.guestStats].counts
                return counts.misses + counts.coalesced == 100
            }
            loader.open()
            var results: [Int] = []
            for try await value in group { results.append(value) }
            #expect(results == Array(repeating: 42, count: 100))
        }
        #expect(loader.callCount == 1)
        let counts = cache.monitor.snapshot()[.guestStats].counts
        #expect(counts.misses == 1 && counts.coalesced == 99 && counts.loads == 1)
    }

    @Test func aFailedLoadReachesEveryWaiterAndIsNotCached() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.vendors, wedding)
        let loader = HeldLoader()
        let failing = loader.loader(returning: "never", throwing: LoadFailed())

        await withTaskGroup(of: (any Error)?.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do { _ = try await cache.getOrLoad(key, load: failing); return nil } catch { return error }
                }
            }
            await yieldUntil("all 10 callers reached the cache") {
                let counts = cache.monitor.snapshot()[.vendors].counts
                return counts.misses + counts.coalesced == 10
            }
            loader.open()
            var errors: [LoadFailed?] = []
            for await error in group { errors.append(error as? LoadFailed) }
            #expect(errors == Array(repeating: LoadFailed(), count: 10))
        }
        #expect(loader.callCount == 1)
        #expect(cache.get(key, as: String.self) == nil)

        #expect(try await cache.getOrLoad(key) { "retried" } == "retried", "the next call loads again")
        #expect(cache.get(key, as: String.self) == "retried")
    }

    @Test func loadsOfDifferentKeysDoNotWaitForEachOther() async throws {
        let (cache, _) = makeCache()
        let held = HeldLoader()
        let slow = Task { try await cache.getOrLoad(CacheKey(.guests, wedding), load: held.loader(returning: 1)) }
        await held.waitUntilStarted()

        #expect(try await cache.getOrLoad(CacheKey(.vendors, wedding)) { 2 } == 2)
        held.open()
        #expect(try await slow.value == 1)
    }

    @Test func joiningALoadOfAnotherTypeIsAnError() async throws {
        let (cache, _) = makeCache()
        let key = CacheKey(.tasks, wedding)
        let held = HeldLoader()
        let leader = Task { try await cache.getOrLoad(key, load: held.loader(returning: 1)) }
        await held.waitUntilStarted()
        let joiner = Task { try await cache.getOrLoad(key) { "text" } }
        await yieldUntil("the second caller joined") { cache.monitor.snapshot()[.tasks].counts.coalesced == 1 }
        held.open()

        #expect(try await leader.value == 1)
        await #expect(throws: CacheError.typeMismatch(key: key, requested: "String", found: "Int")) {
            try await joiner.value
        }
    }

    @Test func loaderTimeAndHitTimeAreRecorded() async throws {
        let clock = ManualClock()
        let cache = RepositoryCache(clock: clock, monitor: PerformanceMonitor(clock: clock, logger: silentLogger))
        let key = CacheKey(.budgetSummary, wedding)
        _ = try await cache.getOrLoad(key) {
            clock.advance(by: .milliseconds(250))
            return 1
        }
        _ = try await cache.getOrLoad(key) { 2 }

        let stats = cache.monitor.snapshot()[.budgetSummary]
        #expect(stats.loadTime.count == 1 && stats.loadTime.max == .milliseconds(250))
        #expect(stats.hitTime.count == 1 && stats.hitTime.max == .zero)
        #expect(cache.monitor.snapshot().slowOperations.map(\.operation) == ["load budget_summary"])
    }
}
