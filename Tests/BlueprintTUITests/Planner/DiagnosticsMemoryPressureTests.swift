import BlueprintCache
import BlueprintDomain
import BlueprintTestDoubles
@testable import BlueprintTUI
import Testing

@Suite("Diagnostics: memory pressure")
@MainActor
struct DiagnosticsMemoryPressureTests {
    static let source = "/sys/fs/cgroup/user.slice/user-1000.slice/app.scope/memory.pressure and memory.events (kernel trigger)"

    /// A monitor that saw a critical event, then a warning 150 s before the view opens.
    func services(source: String?, events: Bool = true) -> PlannerServices {
        let clock = ManualClock(start: Wedding1.start)
        let monitor = PerformanceMonitor(clock: clock)
        monitor.recordPressureSource(source)
        if events {
            monitor.recordPressure(.critical, trimmedEntries: 90, trimmedBytes: 3_000_000)
            monitor.recordPressure(.warning, trimmedEntries: 30, trimmedBytes: 1_400_000)
            clock.advance(by: .seconds(150))
        }
        return PlannerServices(monitor: monitor, cacheEntries: { 7 })
    }

    @Test("! shows the file watched, events by level, what was trimmed and the last event")
    func pressureFigures() async {
        let planner = await PlannerHarness(rows: 40, columns: 140)
        planner.screen.present(DiagnosticsOverlay(services: services(source: Self.source), warmUp: { nil }))
        let frame = planner.frame()
        #expect(frame.contains("Memory pressure: " + Self.source))
        #expect(frame.contains("  2 events: 1 warning, 1 critical · trimmed 120 entries, 4.2 MB · last 2 min ago, warning"))
    }

    @Test("! at 80 columns breaks the source and the figures between words, uncut")
    func pressureAt80Columns() async {
        let planner = await PlannerHarness(rows: 24, columns: 80)
        planner.screen.present(DiagnosticsOverlay(services: services(source: Self.source), warmUp: { nil }))
        let frame = planner.frame()
        #expect(frame.contains("Memory pressure:"))
        #expect(frame.contains("memory.events (kernel trigger)"))
        #expect(frame.contains("  2 events: 1 warning, 1 critical · trimmed 120 entries, 4.2 MB"))
        #expect(frame.contains("last 2 min ago, warning"))
        #expect(!frame.contains("…"))
    }

    @Test("! says when memory pressure is not available, and when a watched source has had no events")
    func notAvailableAndQuiet() async {
        let unavailable = await PlannerHarness(rows: 40, columns: 120)
        unavailable.screen.present(DiagnosticsOverlay(services: services(source: nil, events: false), warmUp: { nil }))
        #expect(unavailable.frame().contains("Memory pressure: not available"))
        #expect(!unavailable.frame().contains("no events yet"))

        let quiet = await PlannerHarness(rows: 40, columns: 120)
        quiet.screen.present(DiagnosticsOverlay(services: services(source: "/proc/pressure/memory (read every 5 s)", events: false),
                                                warmUp: { nil }))
        #expect(quiet.frame().contains("Memory pressure: /proc/pressure/memory (read every 5 s)"))
        #expect(quiet.frame().contains("  no events yet"))
    }
}
