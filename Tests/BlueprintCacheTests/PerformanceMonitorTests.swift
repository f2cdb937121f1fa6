import BlueprintCache
import BlueprintDomain
import BlueprintTestDoubles
import Logging
import Testing

@Suite struct PerformanceMonitorTests {
    @Test func percentilesUseNearestRank() {
        let monitor = PerformanceMonitor(clock: ManualClock())
        for millis in (1...100).shuffled() { monitor.recordLatency("fetchGuests", duration: .milliseconds(millis)) }
        let latency = monitor.snapshot().latency(of: "fetchGuests")
        #expect(latency == LatencySummary(count: 100, p50: .milliseconds(50), p95: .milliseconds(95), max: .milliseconds(100)))
    }

    @Test func percentilesOfAFewSamples() {
        let monitor = PerformanceMonitor(clock: ManualClock())
        monitor.recordLatency("save", duration: .milliseconds(3))
        #expect(monitor.snapshot().latency(of: "save")
            == LatencySummary(count: 1, p50: .milliseconds(3), p95: .milliseconds(3), max: .milliseconds(3)))
        monitor.recordLatency("save", duration: .milliseconds(1))
        #expect(monitor.snapshot().latency(of: "save")
            == LatencySummary(count: 2, p50: .milliseconds(1), p95: .milliseconds(3), max: .milliseconds(3)))
    }

    @Test func percentilesCoverOnlyTheRollingWindow() {
        let monitor = PerformanceMonitor(clock: ManualClock(), windowSize: 4)
        for millis in [90, 80, 1, 2, 3, 4] { monitor.recordLatency("filter", duration: .milliseconds(millis)) }
        #expect(monitor.snapshot().latency(of: "filter")
            == LatencySummary(count: 6, p50: .milliseconds(2), p95: .milliseconds(4), max: .milliseconds(4)))
    }

    @Test func unknownOperationHasNoLatency() {
        #expect(PerformanceMonitor(clock: ManualClock()).snapshot().latency(of: "never") == nil)
    }

    @Test func operationsAreListedByName() {
        let monitor = PerformanceMonitor(clock: ManualClock())
        for name in ["tasks", "budget", "guests"] { monitor.recordLatency(name, duration: .microseconds(5)) }
        #expect(monitor.snapshot().operations.map(\.operation) == ["budget", "guests", "tasks"])
    }

    @Test func measureTimesTheBodyEvenWhenItThrows() async {
        let clock = ManualClock()
        let monitor = PerformanceMonitor(clock: clock)
        let value = await monitor.measure("import") {
            clock.advance(by: .milliseconds(7))
            return 5
        }
        #expect(value == 5)
        await #expect(throws: LoadFailed.self) {
            try await monitor.measure("import") {
                clock.advance(by: .milliseconds(9))
                throw LoadFailed()
            }
        }
        #expect(monitor.snapshot().latency(of: "import")
            == LatencySummary(count: 2, p50: .milliseconds(7), p95: .milliseconds(9), max: .milliseconds(9)))
    }

    @Test func slowOperationsAreKeptAndLogged() {
        let clock = ManualClock()
        let log = CapturedLog()
        let monitor = PerformanceMonitor(clock: clock, slowThreshold: .milliseconds(50), slowOperationsKept: 2,
                                         logger: log.logger())
        monitor.recordLatency("fast", duration: .milliseconds(50))
        monitor.recordLatency("open wedding", duration: .milliseconds(51))
        clock.advance(by: .seconds(1))
        monitor.record(.load, for: .guests, duration: .milliseconds(80))
        monitor.recordLatency("export", duration: .seconds(2))

        let slow = monitor.snapshot().slowOperations
        #expect(slow.map(\.operation) == ["load guests", "export"], "only the most recent are kept, oldest first")
        #expect(slow.map(\.duration) == [.milliseconds(80), .seconds(2)])
        #expect(slow.first?.finishedAt == clock.now())
        let warnings = log.logged.filter { $0.level == .warning }
        #expect(warnings.count == 3)
        #expect(warnings.first?.metadata["operation"] == "open wedding")
    }

    @Test func snapshotCountsPerResourceAndInTotal() {
        let monitor = PerformanceMonitor(clock: ManualClock())
        for _ in 0..<3 { monitor.record(.hit, for: .guests) }
        monitor.record(.miss, for: .guests)
        monitor.record(.miss, for: .vendors)
        monitor.record(.eviction, for: .vendors)
        monitor.record(.expiration, for: .tasks)
        monitor.record(.coalesced, for: .tasks)
        monitor.record(.load, for: .tasks, duration: .milliseconds(4))
        monitor.record(.hit, for: .tasks, duration: .microseconds(2))

        let snapshot = monitor.snapshot()
        #expect(snapshot.resources.map(\.resource) == CacheResource.allCases)
        #expect(snapshot[.guests].counts.hitRate == 0.75)
        #expect(snapshot[.vendors].counts.hitRate == 0)
        #expect(snapshot[.wedding].counts.hitRate == nil)
        #expect(snapshot[.tasks].loadTime.max == .milliseconds(4))
        #expect(snapshot[.tasks].hitTime.max == .microseconds(2))
        #expect(snapshot[.guests].hitTime == .empty, "untimed hits are counted, not timed")
        let totals = snapshot.totals
        #expect(totals.hits == 4 && totals.misses == 2 && totals.evictions == 1 && totals.expirations == 1)
        #expect(totals.coalesced == 1 && totals.loads == 1)
        #expect(totals.hitRate == 4.0 / 6.0)
    }

    @Test func snapshotIsStampedWithTheClock() {
        let clock = ManualClock()
        clock.advance(by: .seconds(3))
        #expect(PerformanceMonitor(clock: clock).snapshot().takenAt == clock.now())
    }

    @Test func cacheReportsToTheMonitorItIsGiven() async {
        let clock = ManualClock()
        let monitor = PerformanceMonitor(clock: clock)
        let cache = RepositoryCache(clock: clock, monitor: monitor)
        let key = CacheKey(.wedding, WeddingID())
        _ = cache.get(key, as: Int.self)
        await cache.set(key, 1)
        _ = cache.get(key, as: Int.self)
        #expect(cache.monitor === monitor)
        #expect(monitor.snapshot()[.wedding].counts.hits == 1)
        #expect(monitor.snapshot()[.wedding].counts.misses == 1)
    }
}
