/// How far a `RepositoryCache` trims itself when memory is short: to these fractions of its
/// limits (`maxEntries` and `maxTotalCost`), least recently used first.
public struct MemoryPressureWatermarks: Sendable, Equatable {
    /// After a warning, the cache holds at most this fraction of its limits.
    public var warning: Double
    /// After a critical event, the cache holds at most this fraction of its limits.
    public var critical: Double

    /// - Precondition: each fraction is in 0...1, and critical is not above warning.
    public init(warning: Double = 0.5, critical: Double = 0.25) {
        precondition((0...1).contains(warning) && (0...1).contains(critical),
                     "memory pressure watermarks are fractions of the limits, 0 to 1 (warning \(warning), critical \(critical))")
        precondition(critical <= warning, "the critical watermark (\(critical)) cannot be above the warning one (\(warning))")
        self.warning = warning
        self.critical = critical
    }

    /// The fraction of its limits the cache keeps at `level`.
    public subscript(level: MemoryPressureLevel) -> Double {
        switch level {
        case .warning: warning
        case .critical: critical
        }
    }
}
