@testable import BlueprintCache
import Testing

@Suite("Memory pressure: reading the kernel's files")
struct KernelPressureParsingTests {
    @Test("memory.pressure: the 10-second averages of some and full")
    func pressureFile() {
        let stall = PressureStallInformation(parsing: """
            some avg10=12.50 avg60=3.10 avg300=0.40 total=1234567
            full avg10=0.75 avg60=0.10 avg300=0.00 total=89012

            """)
        #expect(stall.someAverage10 == 12.5)
        #expect(stall.fullAverage10 == 0.75)
    }

    @Test("memory.pressure: malformed lines are ignored, never a crash", arguments: [
        "", "some", "some avg10=", "some avg10=abc avg60=1", "full avg10=-3", "some avg10=nan", "avg10=5",
        "partial avg10=9.00", "some\tavg10=9.00", "\u{0}\u{FFFF}",
    ])
    func malformedPressure(_ line: String) {
        let stall = PressureStallInformation(parsing: line + "\nfull avg10=1.00 avg60=0 avg300=0 total=1")
        #expect(stall.someAverage10 == nil)
        #expect(stall.fullAverage10 == 1)
    }

    @Test("memory.events: counters by name; malformed lines are ignored; rises name both values")
    func eventsFile() {
        let before = MemoryEventCounters(parsing: "low 0\nhigh 4\nmax 2\noom 0\noom_kill 0\n")
        let after = MemoryEventCounters(parsing: "low 0\nhigh 4\nmax 3\noom x\noom_kill\njunk line here\n -1\nmax_extra 1 2\n")
        #expect(after["max"] == 3)
        #expect(after["oom"] == nil)
        #expect(after["oom_kill"] == nil)
        #expect(after.rises(since: before, among: ["high", "max", "oom", "oom_kill"]) == ["max rose from 2 to 3"])
        #expect(before.rises(since: after, among: ["max"]).isEmpty)
    }

    @Test("memory.events: a reading missing counters (taken mid-rewrite) keeps the earlier values, so the next rise is seen")
    func tornReading() {
        let baseline = MemoryEventCounters(parsing: "high 0\nmax 0\n")
        let torn = MemoryEventCounters(parsing: "hig").filling(from: baseline)
        #expect(torn["max"] == 0)
        #expect(MemoryEventCounters(parsing: "high 0\nmax 1\n").rises(since: torn, among: ["max"]) == ["max rose from 0 to 1"])
        #expect(MemoryEventCounters(parsing: "max 2").filling(from: baseline)["max"] == 2)
    }

    @Test("/proc/self/cgroup: the cgroup v2 line's path; v1 lines and malformed ones are ignored")
    func cgroupFile() {
        #expect(KernelPressureFiles.unifiedCgroupPath(in: "0::/user.slice/user-1000.slice/session-3.scope\n")
                == "/user.slice/user-1000.slice/session-3.scope")
        #expect(KernelPressureFiles.unifiedCgroupPath(in: "12:memory:/docker/abc\n1:name=systemd:/x\n0::/app.slice:odd\n")
                == "/app.slice:odd")
        #expect(KernelPressureFiles.unifiedCgroupPath(in: "0::/\n") == "/")
        for malformed in ["", "0:/x", "0::", "0::relative/path", "0::/../../etc", "1::/x", "garbage", ":::"] {
            #expect(KernelPressureFiles.unifiedCgroupPath(in: malformed) == nil, "\(malformed)")
        }
    }

    static let psi = "some avg10=0.00 avg60=0.00 avg300=0.00 total=0\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"

    /// Locates the files among `files` (path to text; a path not there cannot be read).
    func locate(_ files: [String: String]) -> KernelPressureFiles? {
        KernelPressureFiles.locate { files[$0] }
    }

    @Test("the process's cgroup comes first, with its memory.events")
    func cgroupFirst() {
        let found = locate([
            "/proc/self/cgroup": "0::/user.slice/app.scope\n",
            "/sys/fs/cgroup/user.slice/app.scope/memory.pressure": Self.psi,
            "/sys/fs/cgroup/user.slice/app.scope/memory.events": "high 0\nmax 0\n",
            "/proc/pressure/memory": Self.psi,
        ])
        #expect(found == KernelPressureFiles(pressure: "/sys/fs/cgroup/user.slice/app.scope/memory.pressure",
                                             events: "/sys/fs/cgroup/user.slice/app.scope/memory.events"))
    }

    @Test("the root cgroup has memory.pressure but no memory.events")
    func rootCgroup() {
        let found = locate(["/proc/self/cgroup": "0::/\n", "/sys/fs/cgroup/memory.pressure": Self.psi])
        #expect(found == KernelPressureFiles(pressure: "/sys/fs/cgroup/memory.pressure", events: nil))
    }

    @Test("without a readable cgroup pressure file (cgroup v1, no PSI in the cgroup, unreadable), the system's file")
    func systemFallback() {
        let system = KernelPressureFiles(pressure: "/proc/pressure/memory", events: nil)
        #expect(locate(["/proc/self/cgroup": "4:memory:/x\n", "/proc/pressure/memory": Self.psi]) == system)
        #expect(locate(["/proc/self/cgroup": "0::/a\n", "/sys/fs/cgroup/a/memory.events": "max 0\n",
                        "/proc/pressure/memory": Self.psi]) == system)
        #expect(locate(["/proc/self/cgroup": "0::/a\n", "/sys/fs/cgroup/a/memory.pressure": "not psi\n",
                        "/proc/pressure/memory": Self.psi]) == system)
        #expect(locate(["/proc/pressure/memory": Self.psi]) == system)
    }

    @Test("no pressure file readable (an old kernel, macOS): none")
    func nothing() {
        #expect(locate([:]) == nil)
        #expect(locate(["/proc/self/cgroup": "0::/a\n", "/proc/pressure/memory": "garbage"]) == nil)
    }

    func assess(_ pressure: String, _ counters: String? = nil, after previous: String? = nil,
                triggerFired: Bool = false) -> MemoryPressureEvent? {
        MemoryPressureAssessment.event(stall: PressureStallInformation(parsing: pressure),
                                       counters: counters.map(MemoryEventCounters.init(parsing:)),
                                       previous: previous.map(MemoryEventCounters.init(parsing:)), triggerFired: triggerFired)
    }

    @Test("levels: max or oom rising, or every task stalling, is critical; high rising, the trigger or some stalling, a warning")
    func levels() {
        #expect(assess(Self.psi) == nil)
        #expect(assess(Self.psi, "high 1\nmax 0", after: "high 1\nmax 0") == nil)
        #expect(assess(Self.psi, "max 3\noom 1", after: "max 2\noom 1")
                == MemoryPressureEvent(level: .critical, reason: "memory.events max rose from 2 to 3"))
        #expect(assess(Self.psi, "oom_kill 1", after: "oom_kill 0")?.level == .critical)
        #expect(assess("full avg10=25.00 avg60=0 avg300=0 total=9")?.level == .critical)
        #expect(assess(Self.psi, "high 5\nmax 0", after: "high 4\nmax 0")
                == MemoryPressureEvent(level: .warning, reason: "memory.events high rose from 4 to 5"))
        #expect(assess(Self.psi, triggerFired: true)?.level == .warning)
        #expect(assess("some avg10=10.00 avg60=0 avg300=0 total=9")?.level == .warning)
        #expect(assess("some avg10=9.99 avg60=0 avg300=0 total=9") == nil)
        // The first reading has nothing to compare with.
        #expect(assess(Self.psi, "max 9") == nil)
    }
}
