/// The limits a `RepositoryCache` keeps to.
public struct CacheConfiguration: Sendable, Equatable {
    /// The TTL of each resource, used when `set` or `getOrLoad` is given none.
    public var timeToLive: TimeToLiveTable
    /// At most this many entries; beyond it the least recently used is evicted.
    public var maxEntries: Int
    /// At most this total estimated cost (bytes, see `CacheCostEstimating`); beyond it the least
    /// recently used entries are evicted. A single value costing more is not stored at all.
    public var maxTotalCost: Int
    /// How often a write also sweeps out every expired entry (reads drop expired entries they meet).
    public var reclaimInterval: Duration
    /// How far the cache trims itself on a memory pressure event.
    public var pressureWatermarks: MemoryPressureWatermarks

    public init(timeToLive: TimeToLiveTable = .defaults, maxEntries: Int = 2_048,
                maxTotalCost: Int = 256 * 1024 * 1024, reclaimInterval: Duration = .seconds(60),
                pressureWatermarks: MemoryPressureWatermarks = MemoryPressureWatermarks()) {
        precondition(maxEntries > 0, "a cache must hold at least one entry (maxEntries is \(maxEntries))")
        precondition(maxTotalCost > 0, "a cache needs a positive cost limit (maxTotalCost is \(maxTotalCost))")
        precondition(reclaimInterval > .zero, "the reclaim interval must be positive (\(reclaimInterval))")
        self.timeToLive = timeToLive
        self.maxEntries = maxEntries
        self.maxTotalCost = maxTotalCost
        self.reclaimInterval = reclaimInterval
        self.pressureWatermarks = pressureWatermarks
    }
}
