import Foundation
import Logging
import Synchronization

/// Memory pressure as the Linux kernel reports it for this process: its cgroup's
/// `memory.pressure` and `memory.events`, else the system's `/proc/pressure/memory`
/// (see `KernelPressureFiles`).
///
/// The watch runs on a thread of its own, not the cooperative pool, since it blocks in `poll`.
/// It prefers the kernel's own notification: a PSI trigger written to the pressure file ("tell
/// me when tasks stall on memory 150 ms within 2 s"), which `poll` reports as `POLLPRI`, so an
/// idle process wakes for nothing. Where writing the trigger is refused (older kernels
/// allow it only with CAP_SYS_RESOURCE; a cgroup not delegated to the user is read-only), it
/// reads the files every `sampleInterval` instead. On each wake-up it reads both files and lets
/// `MemoryPressureAssessment` name the level.
///
/// Hand-written because no Swift package reads PSI or cgroup files, and Dispatch sources watch
/// for readability, not `POLLPRI`.
public final class KernelMemoryPressure: MemoryPressureSource {
    /// The files watched.
    public let files: KernelPressureFiles
    private let sampleInterval: Duration
    private let logger: Logger
    /// The pressure file opened read-write with the trigger written, or `nil` when sampling.
    private let trigger: Int32?
    private let watchers = Atomic(0)

    /// The trigger: a stall of 150 ms (in µs) within a 2 s window, the shortest window the
    /// kernel lets an unprivileged process ask for.
    static let triggerSpecification = "some 150000 2000000"

    /// The kernel's files for this process, or `nil` (logged by the caller) when none can be read.
    public static func locate(sampleInterval: Duration = .seconds(5),
                              logger: Logger = Logger(label: "blueprint.cache.pressure")) -> KernelMemoryPressure? {
        KernelPressureFiles.locate(reading: readText).map {
            KernelMemoryPressure(files: $0, sampleInterval: sampleInterval, logger: logger)
        }
    }

    /// - Parameters:
    ///   - usesTrigger: try the kernel's trigger first; `false` always samples (tests, whose
    ///     files are plain files where a trigger never fires).
    ///   - sampleInterval: how often the files are read when there is no trigger.
    public init(files: KernelPressureFiles, usesTrigger: Bool = true, sampleInterval: Duration = .seconds(5),
                logger: Logger = Logger(label: "blueprint.cache.pressure")) {
        precondition(sampleInterval >= .milliseconds(1), "the sample interval must be at least 1 ms (\(sampleInterval))")
        self.files = files
        self.sampleInterval = sampleInterval
        self.logger = logger
        trigger = usesTrigger ? Self.openTrigger(on: files.pressure, logger: logger) : nil
    }

    deinit {
        if let trigger { close(trigger) }
    }

    public var description: String {
        let watched = files.pressure + (files.events == nil ? "" : " and memory.events")
        guard trigger == nil else { return watched + " (kernel trigger)" }
        let interval = sampleMilliseconds % 1000 == 0 ? "\(sampleMilliseconds / 1000) s" : "\(sampleMilliseconds) ms"
        return watched + " (read every \(interval))"
    }

    private var sampleMilliseconds: Int64 {
        sampleInterval.components.seconds * 1000 + sampleInterval.components.attoseconds / 1_000_000_000_000_000
    }

    /// How many watch threads are running: 1 while `events()` is iterated, 0 once it has ended.
    public var runningWatchers: Int { watchers.load(ordering: .acquiring) }

    /// Starts the watch thread. One watch at a time: while one runs, this stream ends at once.
    public func events() -> AsyncStream<MemoryPressureEvent> {
        AsyncStream(bufferingPolicy: .bufferingNewest(4)) { continuation in
            guard watchers.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged else {
                logger.error("memory pressure is already watched through this source; not starting another watch")
                continuation.finish()
                return
            }
            guard let wake = WakeSignal() else {
                logger.error("memory pressure not watched: no pipe to stop the watch with", metadata: ["errno": "\(errno)"])
                watchers.subtract(1, ordering: .releasing)
                continuation.finish()
                return
            }
            // Read before the thread starts, so a rise right after `events()` returns is seen.
            let baseline = files.events.flatMap(Self.readText).map(MemoryEventCounters.init(parsing:))
            continuation.onTermination = { _ in wake.signal() }
            let thread = Thread { [self] in
                watch(until: wake, from: baseline) { continuation.yield($0) }
                watchers.subtract(1, ordering: .releasing)
                continuation.finish()
            }
            thread.name = "blueprint.memory-pressure"
            thread.start()
        }
    }

    /// Blocks in `poll` until `wake` is signalled, or the trigger fires, or (sampling) the interval
    /// passes, and delivers the events the files then show.
    private func watch(until wake: WakeSignal, from baseline: MemoryEventCounters?,
                       deliver: (MemoryPressureEvent) -> Void) {
        var previous = baseline
        var descriptors = [pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0)]
        if let trigger { descriptors.append(pollfd(fd: trigger, events: Int16(POLLPRI), revents: 0)) }
        let timeout = trigger == nil ? Int32(clamping: sampleMilliseconds) : -1
        while true {
            if poll(&descriptors, nfds_t(descriptors.count), timeout) < 0 {
                if errno == EINTR { continue }
                logger.error("memory pressure watch ended: poll failed", metadata: ["errno": "\(errno)"])
                return
            }
            if descriptors[0].revents != 0 { return }
            let triggerEvents = descriptors.count > 1 ? descriptors[1].revents : 0
            if triggerEvents & Int16(POLLERR) != 0 {
                logger.warning("memory pressure watch ended: the kernel dropped the trigger", metadata: ["file": "\(files.pressure)"])
                return
            }
            let counters = files.events.flatMap(Self.readText).map(MemoryEventCounters.init(parsing:))
            let stall = PressureStallInformation(parsing: Self.readText(files.pressure) ?? "")
            if let event = MemoryPressureAssessment.event(stall: stall, counters: counters, previous: previous,
                                                          triggerFired: triggerEvents & Int16(POLLPRI) != 0) {
                deliver(event)
            }
            if let counters { previous = counters.filling(from: previous) }
        }
    }

    /// The pressure file at `path` opened read-write with the trigger written, or `nil` if the
    /// kernel refuses (logged at debug level: sampling is the expected fallback).
    private static func openTrigger(on path: String, logger: Logger) -> Int32? {
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            logger.debug("no pressure trigger: the file cannot be opened for writing", metadata: ["file": "\(path)", "errno": "\(errno)"])
            return nil
        }
        // The kernel reads the trigger as a C string: the terminating NUL is part of the write.
        let specification = Array(triggerSpecification.utf8CString)
        let written = specification.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == specification.count else {
            logger.debug("no pressure trigger: the kernel refused it", metadata: ["file": "\(path)", "errno": "\(errno)"])
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// The text of a small kernel file (whose size `stat` reports as 0), or `nil` if it cannot be read.
    static func readText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65_536 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A pipe that wakes the watch thread from `poll` when the watch should end. Both ends close
/// only when the thread and the stream have both let go of it, so the one write never meets a
/// closed reader (which would raise SIGPIPE).
private final class WakeSignal: Sendable {
    /// The end the thread polls.
    let descriptor: Int32
    private let writeEnd: Int32

    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        descriptor = ends[0]
        writeEnd = ends[1]
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(writeEnd, F_SETFL, O_NONBLOCK)
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}
