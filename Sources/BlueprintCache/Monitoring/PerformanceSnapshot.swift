import BlueprintDomain

/// What the cache did with one resource (or all of them, in `PerformanceSnapshot.totals`).
public struct CacheCounts: Sendable, Equatable {
    /// Reads answered from the cache.
    public var hits = 0
    /// Reads the cache could not answer (absent, expired, too old for `maxAge`/`newerThan`).
    public var misses = 0
    /// `getOrLoad` calls that joined a load already in flight instead of starting another.
    public var coalesced = 0
    /// Loader runs, successful or not.
    public var loads = 0
    /// Entries dropped to stay within the entry or cost limit.
    public var evictions = 0
    /// Entries dropped because their time to live had passed.
    public var expirations = 0

    public init() {}

    /// Hits over hits and misses; `nil` before the first read.
    public var hitRate: Double? {
        hits + misses == 0 ? nil : Double(hits) / Double(hits + misses)
    }

    mutating func add(_ other: CacheCounts) {
        hits += other.hits
        misses += other.misses
        coalesced += other.coalesced
        loads += other.loads
        evictions += other.evictions
        expirations += other.expirations
    }
}

/// The cache figures of one resource.
public struct ResourceStatistics: Sendable, Equatable {
    public var resource: CacheResource
    public var counts: CacheCounts
    /// How long `getOrLoad` took when the cache answered: load time with the cache.
    public var hitTime: LatencySummary
    /// How long the loader took: load time without the cache.
    public var loadTime: LatencySummary
}

/// Latency of one named operation.
public struct OperationLatency: Sendable, Equatable {
    public var operation: String
    public var latency: LatencySummary
}

/// One operation that took longer than the monitor's threshold.
public struct SlowOperation: Sendable, Equatable {
    public var operation: String
    public var duration: Duration
    /// When it finished.
    public var finishedAt: Timestamp
}

/// Everything the monitor knows at one moment, for the diagnostics view.
public struct PerformanceSnapshot: Sendable, Equatable {
    public var takenAt: Timestamp
    /// One entry per resource, in `CacheResource.allCases` order.
    public var resources: [ResourceStatistics]
    /// By operation name.
    public var operations: [OperationLatency]
    /// The most recent slow operations, oldest first.
    public var slowOperations: [SlowOperation]
    public var slowThreshold: Duration
    /// Memory pressure events and what the cache gave back on them.
    public var memoryPressure: MemoryPressureStatistics

    /// The counts of every resource added up.
    public var totals: CacheCounts {
        resources.reduce(into: CacheCounts()) { $0.add($1.counts) }
    }

    public subscript(resource: CacheResource) -> ResourceStatistics { resources[resource.rawValue] }

    /// The latency of `operation`, or `nil` if it was never recorded.
    public func latency(of operation: String) -> LatencySummary? {
        operations.first { $0.operation == operation }?.latency
    }
}
