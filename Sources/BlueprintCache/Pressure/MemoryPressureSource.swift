/// Where memory pressure events come from: the kernel (`KernelMemoryPressure`), or a test's
/// fake that yields events by hand.
public protocol MemoryPressureSource: Sendable {
    /// What is watched, for the diagnostics view and the log:
    /// "/sys/fs/cgroup/user.slice/memory.pressure (kernel trigger)".
    var description: String { get }

    /// The events, as they happen. Iterating starts the watch; when the iterating task ends or is
    /// cancelled, the watch ends with it, along with any thread it runs on.
    func events() -> AsyncStream<MemoryPressureEvent>
}
