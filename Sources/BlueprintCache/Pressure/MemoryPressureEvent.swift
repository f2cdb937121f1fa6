/// How short of memory the system is, as a pressure source reports it.
public enum MemoryPressureLevel: String, Sendable, CaseIterable, Comparable {
    /// Tasks are stalling on memory: give some back.
    case warning
    /// The memory limit was hit or the OOM killer ran, or tasks stall on memory most of the time:
    /// give back most of it.
    case critical

    public static func < (lhs: MemoryPressureLevel, rhs: MemoryPressureLevel) -> Bool {
        lhs == .warning && rhs == .critical
    }
}

/// One report of memory pressure.
public struct MemoryPressureEvent: Sendable, Equatable {
    public var level: MemoryPressureLevel
    /// What the source saw, for the log: "PSI trigger fired", "memory.events max rose from 2 to 3".
    public var reason: String

    public init(level: MemoryPressureLevel, reason: String) {
        self.level = level
        self.reason = reason
    }
}
