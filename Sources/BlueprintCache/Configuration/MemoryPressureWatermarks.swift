/// How far a `RepositoryCache` trims itself when memory is short: to these fractions of the
/// entries and estimated bytes it holds, least recently used first. (A fraction of its limits
/// would rarely trim anything: a planner holds a few dozen entries, far below them.)
public struct MemoryPressureWatermarks: Sendable, Equatable {
    /// After a warning, the cache holds at most this fraction of what it held.
    public var warning: Double
    /// After a critical event, the cache holds at most this fraction of what it held.
    public var critical: Double

    /// - Precondition: each fraction is in 0...1, and critical is not above warning.
    public init(warning: Double = 0.5, critical: Double = 0.25) {
        precondition((0...1).contains(warning) && (0...1).contains(critical),
                     "memory pressure watermarks are fractions of what the cache holds, 0 to 1 (warning \(warning), critical \(critical))")
        precondition(critical <= warning, "the critical watermark (\(critical)) cannot be above the warning one (\(warning))")
        self.warning = warning
        self.critical = critical
    }

    /// The fraction of what it holds the cache keeps at `level`.
    public subscript(level: MemoryPressureLevel) -> Double {
        switch level {
        case .warning: warning
        case .critical: critical
        }
    }
}
