/// Decides from what the kernel shows whether memory is short, and how badly.
enum MemoryPressureAssessment {
    /// `some avg10` at or above this percent is a warning: tasks stalled on memory a tenth of the time.
    static let warningStallPercent = 10.0
    /// `full avg10` at or above this percent is critical: every task stalled a tenth of the time.
    static let criticalStallPercent = 10.0
    /// `memory.events` counters whose rise is critical: the group hit its hard limit or ran out.
    static let criticalCounters = ["max", "oom", "oom_kill"]
    /// `memory.events` counters whose rise is a warning: the group went over its soft limit.
    static let warningCounters = ["high"]

    /// The event the readings amount to, or `nil` if memory is not short. `triggerFired`: the
    /// kernel's PSI trigger reported a stall, which is at least a warning.
    static func event(stall: PressureStallInformation, counters: MemoryEventCounters?, previous: MemoryEventCounters?,
                      triggerFired: Bool) -> MemoryPressureEvent? {
        var risenCritical: [String] = [], risenWarning: [String] = []
        if let counters, let previous {
            risenCritical = counters.rises(since: previous, among: criticalCounters)
            risenWarning = counters.rises(since: previous, among: warningCounters)
        }
        if !risenCritical.isEmpty {
            return MemoryPressureEvent(level: .critical, reason: "memory.events " + risenCritical.joined(separator: ", "))
        }
        if let full = stall.fullAverage10, full >= criticalStallPercent {
            return MemoryPressureEvent(level: .critical, reason: "every task stalled on memory \(full)% of the last 10 s")
        }
        if !risenWarning.isEmpty {
            return MemoryPressureEvent(level: .warning, reason: "memory.events " + risenWarning.joined(separator: ", "))
        }
        if triggerFired {
            return MemoryPressureEvent(level: .warning, reason: "the kernel's pressure trigger fired")
        }
        if let some = stall.someAverage10, some >= warningStallPercent {
            return MemoryPressureEvent(level: .warning, reason: "tasks stalled on memory \(some)% of the last 10 s")
        }
        return nil
    }
}
