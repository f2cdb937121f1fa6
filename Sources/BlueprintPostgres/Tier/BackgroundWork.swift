import Synchronization

/// The work a tier part runs behind its callers (following a wedding's changes, bringing a copy
/// up to date, confirming access), each task named by its purpose (what it does, for which
/// wedding or subscriber): one task per purpose at a time, none begun once closed, and `close()`
/// cancels every task and waits for it to end, so nothing of the part runs after it.
/// A body sees `Task.isCancelled` once closing has begun: it is to stop where it can, and to
/// write nothing it had not written by then (a statement already sent is waited for).
actor BackgroundWork<Purpose: Hashable & Sendable> {
    private enum Request: Sendable {
        case start(Purpose, @Sendable () async -> Void)
        case cancel(Purpose)
    }

    private var running: [Purpose: Task<Void, Never>] = [:]
    private var closed = false
    private nonisolated let requests: AsyncStream<Request>.Continuation
    /// Takes the requests of synchronous callers, in the order they came (set once, as the
    /// actor is made).
    private nonisolated let intake = Mutex<Task<Void, Never>?>(nil)

    init() {
        let (stream, requests) = AsyncStream.makeStream(of: Request.self)
        self.requests = requests
        let intake = Task { [weak self] in
            for await request in stream { await self?.take(request) }
        }
        self.intake.withLock { $0 = intake }
    }

    /// Begins `body` as the task for `purpose`, unless one runs for it already or the work is
    /// closed. Returns whether it began.
    @discardableResult
    func start(_ purpose: Purpose, _ body: @escaping @Sendable () async -> Void) -> Bool {
        guard !closed, running[purpose] == nil else { return false }
        running[purpose] = Task {
            await body()
            ended(purpose)
        }
        return true
    }

    /// `start`, asked from synchronous code (a change feed's stream handed out): begun soon after,
    /// in the order asked, on the same terms.
    nonisolated func request(_ purpose: Purpose, _ body: @escaping @Sendable () async -> Void) {
        requests.yield(.start(purpose, body))
    }

    /// Cancels the task for `purpose`, if one runs, asked from synchronous code (a stream's
    /// consumer gone), after whatever was asked before.
    nonisolated func cancel(_ purpose: Purpose) {
        requests.yield(.cancel(purpose))
    }

    /// The purposes whose tasks run now.
    var purposes: Set<Purpose> { Set(running.keys) }

    /// Begins no more work, cancels every task and returns once each has ended.
    func close() async {
        closed = true
        requests.finish()
        let intake = intake.withLock { $0 }
        intake?.cancel()
        await intake?.value
        let tasks = Array(running.values)
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    private func take(_ request: Request) {
        switch request {
        case let .start(purpose, body): start(purpose, body)
        case let .cancel(purpose): running[purpose]?.cancel()
        }
    }

    private func ended(_ purpose: Purpose) {
        running[purpose] = nil
    }
}
