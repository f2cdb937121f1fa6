/// The files the kernel reports this process's memory pressure in.
///
/// Looked for in order: the process's own cgroup v2 (`/proc/self/cgroup` has a line `0::/path`,
/// whose files are in `/sys/fs/cgroup/path`): its `memory.pressure` and `memory.events`; else the
/// whole system's `/proc/pressure/memory`. A kernel without PSI, or macOS, has neither.
public struct KernelPressureFiles: Sendable, Equatable {
    /// The PSI file: the cgroup's `memory.pressure`, or `/proc/pressure/memory`.
    public var pressure: String
    /// The cgroup's `memory.events`, if it can be read (the root cgroup and the system file have none).
    public var events: String?

    public init(pressure: String, events: String?) {
        self.pressure = pressure
        self.events = events
    }

    static let systemPressure = "/proc/pressure/memory"
    static let cgroupMount = "/sys/fs/cgroup"

    /// The files found through `read` (a path's text, or `nil` if it cannot be read), or `nil`
    /// if no pressure file can be read.
    static func locate(reading read: (String) -> String?) -> KernelPressureFiles? {
        if let cgroup = read("/proc/self/cgroup").flatMap(unifiedCgroupPath) {
            let directory = cgroupMount + (cgroup == "/" ? "" : cgroup)
            let pressure = directory + "/memory.pressure", events = directory + "/memory.events"
            if read(pressure).map(PressureStallInformation.init(parsing:))?.someAverage10 != nil {
                return KernelPressureFiles(pressure: pressure, events: read(events) == nil ? nil : events)
            }
        }
        if read(systemPressure).map(PressureStallInformation.init(parsing:))?.someAverage10 != nil {
            return KernelPressureFiles(pressure: systemPressure, events: nil)
        }
        return nil
    }

    /// The cgroup v2 path in the text of `/proc/self/cgroup` (the line `0::/path`), or `nil` if
    /// there is none. Other lines (cgroup v1 hierarchies) and malformed ones are ignored; a path
    /// that climbs out of the mount (`..`) is refused.
    static func unifiedCgroupPath(in text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0] == "0", fields[1].isEmpty else { continue }
            let path = String(fields[2])
            guard path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { continue }
            return path
        }
        return nil
    }
}
