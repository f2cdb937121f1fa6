import BlueprintCache
import BlueprintDomain
import Synchronization
import Testing

/// A value with a chosen cost.
private struct Sized: CacheCostEstimating, Sendable, Equatable {
    var estimatedCacheCost: Int
}

/// A pressure source whose events a test sends by hand.
final class FakePressureSource: MemoryPressureSource {
    private let stream: AsyncStream<MemoryPressureEvent>
    private let continuation: AsyncStream<MemoryPressureEvent>.Continuation
    private let ended = Mutex(false)

    init() {
        (stream, continuation) = AsyncStream.makeStream()
        continuation.onTermination = { [self] _ in ended.withLock { $0 = true } }
    }

    var description: String { "fake pressure" }
    /// Whether whoever iterated the events has stopped.
    var hasEnded: Bool { ended.withLock { $0 } }

    func events() -> AsyncStream<MemoryPressureEvent> { stream }

    func send(_ level: MemoryPressureLevel) {
        continuation.yield(MemoryPressureEvent(level: level, reason: "injected"))
    }
}

@Suite("Memory pressure: the cache gives memory back", .timeLimit(.minutes(3)))
struct MemoryPressureTrimTests {
    /// Ten keys, stored oldest first.
    let keys = (0..<10).map { _ in CacheKey(.guests, WeddingID()) }

    @Test("a warning keeps half of what the cache held, in entries and in bytes, least recently used first: entries read lately stay")
    func warningTrimsLeastRecentlyUsedFirst() async {
        let (cache, clock) = makeCache(CacheConfiguration(maxEntries: 1_000))
        for (index, key) in keys.enumerated() { await cache.set(key, Sized(estimatedCacheCost: 100 + index)) }
        _ = cache.get(keys[0], as: Sized.self)
        _ = cache.get(keys[1], as: Sized.self)

        let trimmed = await cache.yieldMemory(.warning)

        // Half the entries would leave 525 of 1,045 bytes: over half the bytes, so one more goes.
        #expect(Set(cache.keysByRecency()) == [keys[0], keys[1], keys[8], keys[9]])
        #expect(trimmed.entries == 6)
        #expect(trimmed.bytes == 102 + 103 + 104 + 105 + 106 + 107)
        let pressure = cache.monitor.snapshot().memoryPressure
        #expect(pressure.events == [.warning: 1])
        #expect(pressure.trimmedEntries == 6)
        #expect(pressure.trimmedBytes == 627)
        #expect(pressure.lastEvent?.level == .warning)
        #expect(pressure.lastEvent?.at == clock.now())
        // Trimming is not eviction: the eviction count is for staying within the limits.
        #expect(cache.monitor.snapshot().totals.evictions == 0)
    }

    @Test("a critical event keeps a quarter of what the cache held; the counters add up over events")
    func criticalTrimsByCost() async {
        let (cache, clock) = makeCache(CacheConfiguration(maxEntries: 100, maxTotalCost: 1_000))
        for key in keys { await cache.set(key, Sized(estimatedCacheCost: 90)) }
        await cache.yieldMemory(.warning)
        #expect(cache.totalCost == 450)
        clock.advance(by: .seconds(30))

        await cache.yieldMemory(.critical)

        #expect(cache.totalCost == 90)
        #expect(cache.keysByRecency() == [keys[9]])
        let pressure = cache.monitor.snapshot().memoryPressure
        #expect(pressure.events == [.warning: 1, .critical: 1])
        #expect(pressure.totalEvents == 2)
        #expect(pressure.trimmedEntries == 9)
        #expect(pressure.trimmedBytes == 810)
        #expect(pressure.lastEvent?.level == .critical)
        #expect(pressure.lastEvent?.at == clock.now())
    }

    @Test("an event on an empty cache drops nothing but is counted")
    func eventOnAnEmptyCache() async {
        let (cache, _) = makeCache(CacheConfiguration(maxEntries: 10))
        let trimmed = await cache.yieldMemory(.critical)
        #expect(trimmed.entries == 0 && trimmed.bytes == 0)
        #expect(cache.entryCount == 0)
        #expect(cache.monitor.snapshot().memoryPressure.events == [.critical: 1])
    }

    @Test("the watermarks are configurable")
    func configuredWatermarks() async {
        let configuration = CacheConfiguration(maxEntries: 10, pressureWatermarks: MemoryPressureWatermarks(warning: 0.8, critical: 0))
        let (cache, _) = makeCache(configuration)
        for key in keys { await cache.set(key, 1) }
        await cache.yieldMemory(.warning)
        #expect(cache.entryCount == 8)
        await cache.yieldMemory(.critical)
        #expect(cache.entryCount == 0)
    }

    @Test("the responder trims the cache on each injected event, tells the monitor its source, and stops following it")
    func responderFollowsTheSource() async {
        let (cache, _) = makeCache(CacheConfiguration(maxEntries: 8))
        for key in keys.prefix(8) { await cache.set(key, 1) }
        let source = FakePressureSource()
        let responder = MemoryPressureResponder(cache: cache, source: source, logger: silentLogger)
        responder.start()
        #expect(cache.monitor.snapshot().memoryPressure.source == "fake pressure")

        source.send(.warning)
        await yieldUntil("the warning is handled") { cache.monitor.snapshot().memoryPressure.totalEvents == 1 }
        #expect(cache.entryCount == 4)
        source.send(.critical)
        await yieldUntil("the critical event is handled") { cache.monitor.snapshot().memoryPressure.totalEvents == 2 }
        #expect(cache.keysByRecency() == [keys[7]])

        await responder.stop()
        #expect(source.hasEnded)
    }

    @Test("with no source the responder says so once, in the log and the diagnostics, and watches nothing")
    func noSource() async {
        let (cache, _) = makeCache()
        let log = CapturedLog()
        let responder = MemoryPressureResponder(cache: cache, source: nil, logger: log.logger())
        responder.start()
        #expect(cache.monitor.snapshot().memoryPressure.source == nil)
        #expect(log.logged.map(\.message) == [
            "memory pressure not watched: neither the cgroup's memory.pressure nor /proc/pressure/memory can be read",
        ])
        await responder.stop()
    }
}
