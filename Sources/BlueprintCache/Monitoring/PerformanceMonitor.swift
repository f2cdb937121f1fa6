import BlueprintDomain
import DequeModule
import Logging
import Synchronization

/// Something the cache did with one resource.
public enum CacheEvent: Sendable {
    case hit, miss, coalesced, load, eviction, expiration
}

/// Counts what the cache does and times what the app does, for the diagnostics view and the log.
///
/// Hits and misses are counted with atomics, so the cache reports every read without a lock;
/// everything else is a short critical section under a mutex (not an actor hop). Durations are
/// kept in rolling windows.
public final class PerformanceMonitor: Sendable {
    /// The app's monitor; `RepositoryCache.shared` reports to it.
    public static let shared = PerformanceMonitor()

    /// Operations and loads that take longer are kept in `slowOperations` and logged.
    public let slowThreshold: Duration
    private let clock: any TimeSource
    private let logger: Logger
    private let windowSize: Int
    private let slowOperationsKept: Int
    private let state: Mutex<State>
    private let hits = ResourceCounters()
    private let misses = ResourceCounters()

    private struct ResourceState: Sendable {
        var counts = CacheCounts()
        var hitTime: LatencyWindow
        var loadTime: LatencyWindow
    }

    private struct State: Sendable {
        var resources: [ResourceState]
        var operations: [String: LatencyWindow] = [:]
        var slowOperations: Deque<SlowOperation> = []
        var memoryPressure = MemoryPressureStatistics()
    }

    /// - Parameters:
    ///   - windowSize: how many recent durations of each kind the percentiles are taken over.
    ///   - slowThreshold: durations above this are slow: kept, and logged at warning level.
    ///   - slowOperationsKept: how many recent slow operations the snapshot lists.
    public init(clock: any TimeSource = SystemClock(), windowSize: Int = 512, slowThreshold: Duration = .milliseconds(100),
                slowOperationsKept: Int = 50, logger: Logger = Logger(label: "blueprint.performance")) {
        precondition(windowSize > 0, "the latency window must hold at least one duration (windowSize is \(windowSize))")
        precondition(slowOperationsKept > 0, "slowOperationsKept must be positive (is \(slowOperationsKept))")
        self.clock = clock
        self.windowSize = windowSize
        self.slowThreshold = slowThreshold
        self.slowOperationsKept = slowOperationsKept
        self.logger = logger
        let resource = ResourceState(hitTime: LatencyWindow(capacity: windowSize), loadTime: LatencyWindow(capacity: windowSize))
        state = Mutex(State(resources: Array(repeating: resource, count: CacheResource.allCases.count)))
    }

    /// Counts `event` for `resource`. A hit's `duration` is load time with the cache; a load's is
    /// the loader's time (load time without the cache) and is checked against `slowThreshold`.
    public func record(_ event: CacheEvent, for resource: CacheResource, duration: Duration? = nil) {
        switch event {
        case .hit:
            hits.increment(resource)
            guard let duration else { return }
            state.withLock { $0.resources[resource.rawValue].hitTime.add(duration) }
            return
        case .miss:
            misses.increment(resource)
            return
        case .coalesced, .load, .eviction, .expiration:
            break
        }
        state.withLock { state in
            let index = resource.rawValue
            switch event {
            case .hit, .miss: break
            case .coalesced: state.resources[index].counts.coalesced += 1
            case .load:
                state.resources[index].counts.loads += 1
                if let duration { state.resources[index].loadTime.add(duration) }
            case .eviction: state.resources[index].counts.evictions += 1
            case .expiration: state.resources[index].counts.expirations += 1
            }
        }
        if event == .load, let duration, duration > slowThreshold {
            noteSlow("load \(resource.name)", duration)
        }
    }

    /// Records that `operation` (a repository call, a key press to frame…) took `duration`.
    public func recordLatency(_ operation: String, duration: Duration) {
        state.withLock { state in
            state.operations[operation, default: LatencyWindow(capacity: windowSize)].add(duration)
        }
        if duration > slowThreshold { noteSlow(operation, duration) }
    }

    /// Runs `body` and records how long it took as `operation`, whether it returns or throws.
    public func measure<T>(_ operation: String, isolation: isolated (any Actor)? = #isolation,
                           _ body: () async throws -> T) async rethrows -> T {
        let start = clock.uptime()
        defer { recordLatency(operation, duration: clock.uptime() - start) }
        return try await body()
    }

    /// Records what memory pressure is watched: a description of the source, or `nil` for none.
    public func recordPressureSource(_ description: String?) {
        state.withLock { $0.memoryPressure.source = description }
    }

    /// Records a memory pressure event at `level` and what the cache dropped on it.
    public func recordPressure(_ level: MemoryPressureLevel, trimmedEntries: Int, trimmedBytes: Int) {
        let at = clock.now()
        state.withLock { state in
            state.memoryPressure.events[level, default: 0] += 1
            state.memoryPressure.trimmedEntries += trimmedEntries
            state.memoryPressure.trimmedBytes += trimmedBytes
            state.memoryPressure.lastEvent = MemoryPressureStatistics.Occurrence(level: level, at: at)
        }
    }

    public func snapshot() -> PerformanceSnapshot {
        let takenAt = clock.now()
        return state.withLock { state in
            PerformanceSnapshot(
                takenAt: takenAt,
                resources: CacheResource.allCases.map { resource in
                    let figures = state.resources[resource.rawValue]
                    var counts = figures.counts
                    counts.hits = hits[resource]
                    counts.misses = misses[resource]
                    return ResourceStatistics(resource: resource, counts: counts,
                                              hitTime: figures.hitTime.summary, loadTime: figures.loadTime.summary)
                },
                operations: state.operations.map { OperationLatency(operation: $0.key, latency: $0.value.summary) }
                    .sorted { $0.operation < $1.operation },
                slowOperations: Array(state.slowOperations),
                slowThreshold: slowThreshold,
                memoryPressure: state.memoryPressure)
        }
    }

    private func noteSlow(_ operation: String, _ duration: Duration) {
        let slow = SlowOperation(operation: operation, duration: duration, finishedAt: clock.now())
        state.withLock { state in
            if state.slowOperations.count == slowOperationsKept { state.slowOperations.removeFirst() }
            state.slowOperations.append(slow)
        }
        logger.warning("slow operation", metadata: [
            "operation": "\(operation)",
            "duration": "\(duration)",
            "threshold": "\(slowThreshold)",
        ])
    }
}
