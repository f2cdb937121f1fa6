import BlueprintDomain

/// What memory pressure the cache saw and what it gave back, for the diagnostics view.
public struct MemoryPressureStatistics: Sendable, Equatable {
    /// One event's level and when it came.
    public struct Occurrence: Sendable, Equatable {
        public var level: MemoryPressureLevel
        public var at: Timestamp
    }

    /// What is watched ("/proc/pressure/memory (read every 5 s)"); `nil` when nothing is:
    /// no pressure file could be read, or no watch was started.
    public var source: String?
    /// Events seen, by level.
    public var events: [MemoryPressureLevel: Int] = [:]
    /// Entries the cache dropped on those events.
    public var trimmedEntries = 0
    /// The estimated cost (bytes) of the entries dropped on those events.
    public var trimmedBytes = 0
    /// The most recent event.
    public var lastEvent: Occurrence?

    public init() {}

    /// Every event, whatever its level.
    public var totalEvents: Int { events.values.reduce(0, +) }
}
