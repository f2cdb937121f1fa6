import BlueprintDomain
import Logging
import Synchronization

/// The in-memory cache of repository results, one entry per resource of a wedding.
///
/// - Values are stored as the instances given, so a hit returns them without decoding.
/// - Each entry lives for its time to live (from `set`, else the configuration's table); a read
///   can narrow that with `maxAge` and `newerThan`. Expired entries are dropped when a read meets
///   them and swept out by writes every `reclaimInterval`.
/// - The cache holds at most `maxEntries` entries and `maxTotalCost` of estimated cost, evicting
///   the least recently used entry first, in O(1) per operation.
/// - When memory is short (`yieldMemory`, which a `MemoryPressureResponder` calls), the cache
///   trims itself to a fraction of what it holds, least recently used first, as NSCache gives memory back.
/// - `getOrLoad` runs one loader per key however many callers ask at once. A failed load is not
///   cached: every caller waiting on it gets the error and the next call tries again.
/// - Invalidation is linearizable. `remove`, `set`, `removeAll` and `clear` detach any load in
///   flight for the keys they touch: its result is never stored, and a caller that arrives after
///   the invalidation starts a fresh load rather than joining it. Callers that had already joined
///   the detached load get that load's own result or error; their calls overlapped the
///   invalidation, so either order is a correct answer for them.
///
/// Reads (`get`, and `getOrLoad` when it hits) take a lock instead of hopping onto the actor, so
/// a hit costs about as much as a locked dictionary lookup. Everything that writes entries runs
/// on the actor, which also owns the loads in flight: that keeps writes, invalidations and load
/// completions in one order, and each read sees the state before or after any of them.
///
/// Use `shared` in the app and fresh instances (with a `ManualClock`) in tests.
public actor RepositoryCache {
    /// The app's cache; it reports to `PerformanceMonitor.shared`.
    public static let shared = RepositoryCache(monitor: .shared)

    public nonisolated let configuration: CacheConfiguration
    /// Where hits, misses, loads, evictions and their timings are reported.
    public nonisolated let monitor: PerformanceMonitor
    private nonisolated let clock: any TimeSource
    private nonisolated let logger: Logger
    private nonisolated let entries = Mutex(LRUTable())
    private var flights: [CacheKey: LoadFlight] = [:]
    private var lastGeneration: UInt64 = 0
    private var nextReclaim: Duration

    /// - Parameter monitor: where to report; a new monitor on `clock` if `nil`.
    public init(configuration: CacheConfiguration = CacheConfiguration(), clock: any TimeSource = SystemClock(),
                monitor: PerformanceMonitor? = nil, logger: Logger = Logger(label: "blueprint.cache")) {
        self.configuration = configuration
        self.clock = clock
        self.monitor = monitor ?? PerformanceMonitor(clock: clock)
        self.logger = logger
        nextReclaim = clock.uptime() + configuration.reclaimInterval
    }

    // MARK: Reading

    /// The value stored under `key` if it is there, unexpired, younger than `maxAge` and stored
    /// strictly after `newerThan`; otherwise `nil` (a miss). A hit makes the entry most recently used.
    public nonisolated func get<T: Sendable>(_ key: CacheKey, as type: T.Type = T.self, maxAge: Duration? = nil,
                                             newerThan: Timestamp? = nil) -> T? {
        guard let value = freshValue(key, as: type, maxAge: maxAge, newerThan: newerThan) else {
            monitor.record(.miss, for: key.resource)
            return nil
        }
        monitor.record(.hit, for: key.resource)
        return value
    }

    /// The cached value of `key`, or the result of `load`, which is then stored for `ttl` (the
    /// configured TTL of the resource if `nil`). Concurrent callers of one key share one load,
    /// stored with the TTL of the caller that started it; see the type's documentation for
    /// failures and invalidation during a load. The shared load is not cancelled with a caller
    /// (others may be waiting on it), so a cancelled caller still waits for its result.
    public nonisolated func getOrLoad<T: Sendable>(_ key: CacheKey, ttl: Duration? = nil,
                                                   load: @escaping @Sendable () async throws -> T) async throws -> T {
        let start = clock.uptime()
        if let value = freshValue(key, as: T.self, maxAge: nil, newerThan: nil) {
            monitor.record(.hit, for: key.resource, duration: clock.uptime() - start)
            return value
        }
        return try await joinOrStartLoad(key, ttl: ttl, load: load, start: start)
    }

    /// How many entries the cache holds (expired ones not yet dropped included).
    public nonisolated var entryCount: Int { entries.withLock { $0.count } }

    /// The estimated cost of everything the cache holds.
    public nonisolated var totalCost: Int { entries.withLock { $0.totalCost } }

    /// Every key held, most recently used first: for the diagnostics view.
    public nonisolated func keysByRecency() -> [CacheKey] {
        entries.withLock { $0.entriesByRecency.map(\.key) }
    }

    // MARK: Writing and invalidating

    /// Stores `value` under `key` for `ttl` (the configured TTL of the resource if `nil`),
    /// replacing any entry and detaching any load in flight for the key. A value costing more
    /// than the whole cache may hold is not stored, and the key is left empty.
    public func set<T: Sendable>(_ key: CacheKey, _ value: T, ttl: Duration? = nil) {
        detachFlight(key)
        store(key, value, ttl: ttl)
    }

    /// Drops `key` and detaches any load in flight for it.
    public func remove(_ key: CacheKey) {
        remove([key])
    }

    /// Drops every key in `keys`, as one step.
    public func remove(_ keys: Set<CacheKey>) {
        entries.withLock { table in
            for key in keys { table.remove(key) }
        }
        for key in keys { detachFlight(key) }
    }

    /// Drops every key `pattern` matches (a resource in every wedding, or all of one wedding).
    public func removeAll(matching pattern: CacheKeyPattern) {
        entries.withLock { table in
            for entry in table.entriesByRecency where pattern.matches(entry.key) { table.remove(entry.key) }
        }
        for key in flights.keys where pattern.matches(key) { detachFlight(key) }
    }

    /// Drops everything and detaches every load in flight.
    public func clear() {
        entries.withLock { $0.removeAll() }
        if !flights.isEmpty { logger.debug("detached loads in flight", metadata: ["count": "\(flights.count)"]) }
        flights.removeAll()
    }

    /// Drops every expired entry now and returns how many there were.
    @discardableResult
    public func reclaimExpired() -> Int {
        let uptime = clock.uptime()
        let expired = entries.withLock { table in
            let expired = table.entriesByRecency.filter { $0.isExpired(atUptime: uptime) }.map(\.key)
            for key in expired { table.remove(key) }
            return expired
        }
        for key in expired { monitor.record(.expiration, for: key.resource) }
        nextReclaim = uptime + configuration.reclaimInterval
        return expired.count
    }

    /// Gives memory back on a pressure event at `level`: drops least recently used entries until
    /// the cache holds at most the configured watermark's fraction of the entries and of the
    /// estimated bytes it held (half on a warning, a quarter on a critical event, by default),
    /// and reports the event and what it dropped to the monitor. Loads in flight are left alone.
    /// Returns what was dropped.
    @discardableResult
    public func yieldMemory(_ level: MemoryPressureLevel) -> (entries: Int, bytes: Int) {
        let fraction = configuration.pressureWatermarks[level]
        let trimmed = entries.withLock { table in
            let entryWatermark = Int(Double(table.count) * fraction)
            let costWatermark = Int(Double(table.totalCost) * fraction)
            var trimmed: (entries: Int, bytes: Int) = (0, 0)
            while table.count > entryWatermark || table.totalCost > costWatermark, let victim = table.leastRecentlyUsed {
                table.remove(victim.key)
                trimmed.entries += 1
                trimmed.bytes += victim.cost
            }
            return trimmed
        }
        monitor.recordPressure(level, trimmedEntries: trimmed.entries, trimmedBytes: trimmed.bytes)
        logger.info("memory pressure: trimmed the cache", metadata: [
            "level": "\(level)", "entries": "\(trimmed.entries)", "bytes": "\(trimmed.bytes)",
            "left": "\(entryCount)",
        ])
        return trimmed
    }

    // MARK: Loading

    /// The miss path of `getOrLoad`, on the actor: another caller may have stored the value since
    /// the lock-only check; otherwise join the load in flight or start one.
    private func joinOrStartLoad<T: Sendable>(_ key: CacheKey, ttl: Duration?,
                                              load: @escaping @Sendable () async throws -> T,
                                              start: Duration) async throws -> T {
        if let value = freshValue(key, as: T.self, maxAge: nil, newerThan: nil) {
            monitor.record(.hit, for: key.resource, duration: clock.uptime() - start)
            return value
        }
        let flight: LoadFlight
        if let running = flights[key] {
            monitor.record(.coalesced, for: key.resource)
            flight = running
        } else {
            monitor.record(.miss, for: key.resource)
            flight = startLoad(key, ttl: ttl, load: load)
        }
        let value = try await flight.task.value
        guard let typed = value as? T else {
            throw CacheError.typeMismatch(key: key, requested: "\(T.self)", found: "\(Swift.type(of: value))")
        }
        return typed
    }

    private func startLoad<T: Sendable>(_ key: CacheKey, ttl: Duration?,
                                        load: @escaping @Sendable () async throws -> T) -> LoadFlight {
        lastGeneration += 1
        let generation = lastGeneration
        // Runs on this actor except while awaiting `load`, so the flight is registered before
        // the load can finish.
        let task = Task<any Sendable, any Error> {
            let started = clock.uptime()
            do {
                let value = try await load()
                finishLoad(key, generation: generation, value: value, ttl: ttl, took: clock.uptime() - started)
                return value
            } catch {
                finishLoad(key, generation: generation, value: T?.none, ttl: ttl, took: clock.uptime() - started)
                throw error
            }
        }
        let flight = LoadFlight(generation: generation, task: task)
        flights[key] = flight
        return flight
    }

    /// Stores a load's value unless its key was invalidated while it ran; unregisters the flight.
    private func finishLoad<T: Sendable>(_ key: CacheKey, generation: UInt64, value: T?, ttl: Duration?, took: Duration) {
        monitor.record(.load, for: key.resource, duration: took)
        guard flights[key]?.generation == generation else {
            logger.debug("load finished after its key was invalidated; not stored", metadata: ["key": "\(key)"])
            return
        }
        flights[key] = nil
        if let value { store(key, value, ttl: ttl) }
    }

    private func detachFlight(_ key: CacheKey) {
        if flights.removeValue(forKey: key) != nil {
            logger.debug("detached the load in flight", metadata: ["key": "\(key)"])
        }
    }

    // MARK: Entries

    private enum Lookup: Sendable {
        case fresh(any Sendable)
        case miss
        case expired
        case wrongType(found: String)
    }

    /// The stored value of `key` if it may be served, as `T`. The locked part is not generic:
    /// a generic body across this module's boundary runs unspecialised and was most of a hit's cost.
    private nonisolated func freshValue<T: Sendable>(_ key: CacheKey, as type: T.Type, maxAge: Duration?,
                                                     newerThan: Timestamp?) -> T? {
        switch lookUp(key, as: ObjectIdentifier(T.self), maxAge: maxAge, newerThan: newerThan) {
        case .fresh(let stored):
            return stored as? T
        case .wrongType(let found):
            logger.error("cache key read as the wrong type", metadata: [
                "key": "\(key)", "requested": "\(T.self)", "found": "\(found)",
            ])
            return nil
        case .miss:
            return nil
        case .expired:
            monitor.record(.expiration, for: key.resource)
            return nil
        }
    }

    private nonisolated func lookUp(_ key: CacheKey, as type: ObjectIdentifier, maxAge: Duration?,
                                    newerThan: Timestamp?) -> Lookup {
        let uptime = clock.uptime()
        return entries.withLock { table in
            guard let slot = table.slot(of: key) else { return .miss }
            let entry = table.entry(at: slot)
            if entry.isExpired(atUptime: uptime) {
                table.remove(at: slot)
                return .expired
            }
            if let maxAge, uptime - entry.storedAtUptime >= maxAge { return .miss }
            if let newerThan, entry.storedAt <= newerThan { return .miss }
            guard ObjectIdentifier(Swift.type(of: entry.value)) == type else {
                return .wrongType(found: "\(Swift.type(of: entry.value))")
            }
            table.touch(slot)
            return .fresh(entry.value)
        }
    }

    private func store<T: Sendable>(_ key: CacheKey, _ value: T, ttl: Duration?) {
        let ttl = ttl ?? configuration.timeToLive[key.resource]
        precondition(ttl >= .zero, "the time to live of \(key) cannot be negative (\(ttl))")
        let cost = CacheCost.estimate(value)
        guard cost <= configuration.maxTotalCost else {
            _ = entries.withLock { $0.remove(key) }
            logger.notice("value not cached: it costs more than the whole cache may hold", metadata: [
                "key": "\(key)", "cost": "\(cost)", "maxTotalCost": "\(configuration.maxTotalCost)",
            ])
            return
        }
        let uptime = clock.uptime()
        if uptime >= nextReclaim { reclaimExpired() }
        let entry = CacheEntry(key: key, value: value, cost: cost, storedAt: clock.now(), storedAtUptime: uptime,
                               expiresAtUptime: uptime + ttl)
        let evicted = entries.withLock { table in
            table.insert(entry)
            var evicted: [CacheEntry] = []
            while table.count > configuration.maxEntries || table.totalCost > configuration.maxTotalCost,
                  let victim = table.leastRecentlyUsed {
                evicted.append(table.remove(victim.key)!)
            }
            return evicted
        }
        for victim in evicted {
            monitor.record(.eviction, for: victim.key.resource)
            logger.debug("evicted", metadata: ["key": "\(victim.key)", "cost": "\(victim.cost)"])
        }
    }
}
