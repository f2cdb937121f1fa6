import BlueprintCache
import BlueprintDomain
import BlueprintTestDoubles
import Logging
import Synchronization
import Testing

/// A fresh cache on a manual clock, with its own monitor, logging nowhere.
func makeCache(_ configuration: CacheConfiguration = CacheConfiguration(),
               clock: ManualClock = ManualClock()) -> (RepositoryCache, ManualClock) {
    (RepositoryCache(configuration: configuration, clock: clock, logger: silentLogger), clock)
}

let silentLogger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

/// A loader that a test holds open until it opens the gate, and that counts its calls.
final class HeldLoader: Sendable {
    private struct Gate {
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let calls = Mutex(0)
    private let gate = Mutex(Gate())
    private let started: AsyncStream<Int>
    private let startedContinuation: AsyncStream<Int>.Continuation

    init() {
        (started, startedContinuation) = AsyncStream.makeStream()
    }

    var callCount: Int { calls.withLock { $0 } }

    /// A loader that, once the gate opens, returns `value` (or throws `error`).
    func loader<Value: Sendable>(returning value: Value, throwing error: (any Error)? = nil)
        -> @Sendable () async throws -> Value {
        { [self] in
            let call = calls.withLock { $0 += 1; return $0 }
            startedContinuation.yield(call)
            await waitForGate()
            if let error { throw error }
            return value
        }
    }

    /// Returns once some call of the loader has started.
    func waitUntilStarted() async {
        for await _ in started { return }
    }

    /// Lets every call, present and future, finish.
    func open() {
        let waiters = gate.withLock { gate in
            gate.isOpen = true
            defer { gate.waiting = [] }
            return gate.waiting
        }
        for waiter in waiters { waiter.resume() }
    }

    private func waitForGate() async {
        await withCheckedContinuation { continuation in
            let resumeNow = gate.withLock { gate in
                if !gate.isOpen { gate.waiting.append(continuation) }
                return gate.isOpen
            }
            if resumeNow { continuation.resume() }
        }
    }
}

/// Yields until `condition` holds: for waiting on other tasks to reach a point the test cannot
/// await directly (such as joining a load). Never sleeps; fails after a bounded number of turns.
func yieldUntil(_ what: Comment, _ condition: () async -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    for _ in 0..<1_000_000 {
        if await condition() { return }
        await Task.yield()
    }
    Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
}

struct LoadFailed: Error, Equatable {}

/// Keeps every message logged through it.
final class CapturedLog: Sendable {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: Logger.Metadata
    }

    private let entries = Mutex<[Entry]>([])

    var logged: [Entry] { entries.withLock { $0 } }

    func logger(_ label: String = "test") -> Logger {
        var logger = Logger(label: label) { _ in Handler(sink: self) }
        logger.logLevel = .trace
        return logger
    }

    private struct Handler: LogHandler {
        let sink: CapturedLog
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            sink.entries.withLock {
                $0.append(Entry(level: event.level, message: event.message.description,
                                metadata: metadata.merging(event.metadata ?? [:]) { $1 }))
            }
        }
    }
}
