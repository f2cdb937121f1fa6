/// How short of memory the system is, as a pressure source reports it.
public enum MemoryPressureLevel: String, Sendable, CaseIterable {
    /// Tasks are stalling on memory, or the cgroup went over its soft limit: give some back.
    case warning
    /// The cgroup hit its hard limit or ran out of memory, or every task stalls on memory: give
    /// back most of it.
    case critical
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
