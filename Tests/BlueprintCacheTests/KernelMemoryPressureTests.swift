import BlueprintCache
import Foundation
import Testing

/// The kernel source over plain files in a temporary folder, which stand in for the kernel's.
@Suite("Memory pressure: the kernel source's watch thread", .timeLimit(.minutes(3)))
struct KernelMemoryPressureTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pressure-\(UUID().uuidString)")
    var pressurePath: String { folder.appendingPathComponent("memory.pressure").path }
    var eventsPath: String { folder.appendingPathComponent("memory.events").path }

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(KernelPressureParsingTests.psi, to: pressurePath)
        try write("high 0\nmax 0\noom 0\n", to: eventsPath)
    }

    /// Replaces the file whole, so the watch thread, which opens it for each reading, never
    /// reads it half written (`tornReading` covers that case).
    func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Waits, sleeping briefly, until `condition` holds: for the watch thread, which runs outside
    /// the cooperative pool. Fails after a generous bound rather than hanging.
    func waitUntil(_ what: Comment, _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<6_000 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
    }

    @Test("the trigger is written to the pressure file with its terminating NUL, as the kernel reads it")
    func triggerWritten() throws {
        let source = KernelMemoryPressure(files: KernelPressureFiles(pressure: pressurePath, events: eventsPath), logger: silentLogger)
        #expect(source.description == pressurePath + " and memory.events (kernel trigger)")
        let written = try Data(contentsOf: URL(fileURLWithPath: pressurePath))
        #expect(written.prefix(20) == Data("some 150000 2000000".utf8 + [0]))
        withExtendedLifetime(source) {}
    }

    @Test("while reading (no trigger), a rise of memory.events max is a critical event")
    func samplingSeesARise() async throws {
        let source = KernelMemoryPressure(files: KernelPressureFiles(pressure: pressurePath, events: eventsPath),
                                          usesTrigger: false, sampleInterval: .milliseconds(5), logger: silentLogger)
        #expect(source.description == pressurePath + " and memory.events (read every 5 ms)")
        let events = source.events()
        try write("high 0\nmax 1\noom 0\n", to: eventsPath)
        var iterator = events.makeAsyncIterator()
        let event = await iterator.next()
        #expect(event == MemoryPressureEvent(level: .critical, reason: "memory.events max rose from 0 to 1"))
    }

    @Test("stopping the responder ends the watch thread, whether it waits on the trigger or between readings",
          arguments: [true, false])
    func stoppingEndsTheThread(usesTrigger: Bool) async throws {
        // An hour between readings: the thread ends only if stopping wakes it.
        let source = KernelMemoryPressure(files: KernelPressureFiles(pressure: pressurePath, events: nil), usesTrigger: usesTrigger,
                                          sampleInterval: .seconds(3_600), logger: silentLogger)
        let (cache, _) = makeCache()
        let responder = MemoryPressureResponder(cache: cache, source: source, logger: silentLogger)
        #expect(source.runningWatchers == 0)
        responder.start()
        #expect(source.runningWatchers == 1)

        await responder.stop()

        try await waitUntil("the watch thread ends") { source.runningWatchers == 0 }
        #expect(cache.monitor.snapshot().memoryPressure.totalEvents == 0)
    }

    @Test("one watch at a time: a second stream while one runs ends at once")
    func oneWatchAtATime() async throws {
        let source = KernelMemoryPressure(files: KernelPressureFiles(pressure: pressurePath, events: nil), usesTrigger: false,
                                          sampleInterval: .seconds(3_600), logger: silentLogger)
        let first = Task { for await _ in source.events() {} }
        try await waitUntil("the first watch runs") { source.runningWatchers == 1 }
        var second = source.events().makeAsyncIterator()
        #expect(await second.next() == nil)
        #expect(source.runningWatchers == 1)
        first.cancel()
        try await waitUntil("the first watch ends") { source.runningWatchers == 0 }
    }
}
