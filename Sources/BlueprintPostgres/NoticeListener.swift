import BlueprintConfiguration
import Logging
import PostgresNIO
import Synchronization

/// A connection of its own that `LISTEN`s on one channel and hands on each notice's payload:
/// what `ChangeListener` (commits) and `PostgresPresenceBoard` (presence) build on.
///
/// The connection is made at `start` and kept until `stop()`. When it breaks (or cannot be
/// made), `broke` is called and it is made again with backoff and jitter (`policy`), for as long
/// as it takes; each time it listens (again), `listening` runs before the first notice is handed
/// on, so the owner can catch up with what it missed while nothing listened.
final class NoticeListener: Sendable {
    /// What the owner is told. The handlers are kept by the listening task only, so they end
    /// with it (`cancel()`).
    struct Handlers: Sendable {
        /// The connection listens (again): nothing noticed before reached this process.
        let listening: @Sendable () async -> Void
        /// One notice's payload.
        let notice: @Sendable (String) -> Void
        /// The connection broke or could not be made; it is tried again.
        let broke: @Sendable () -> Void
    }

    private struct State {
        var task: Task<Void, Never>?
        var stopped = false
    }

    private let channel: String
    /// What is listened for, for the log ("other processes' changes").
    private let purpose: String
    private let link: DatabaseLink
    private let policy: RetryPolicy
    private let logger: Logger
    private let state = Mutex(State())

    /// A listener on `channel` of `url`'s database; `policy` paces its reconnections.
    init(url: DatabaseURL, channel: String, purpose: String, logger: Logger, policy: RetryPolicy) {
        self.channel = channel
        self.purpose = purpose
        link = DatabaseLink(url: url, logger: logger, retry: .once)
        self.policy = policy
        self.logger = logger
    }

    /// Starts listening, unless it has started or was stopped. Returns whether it started now.
    @discardableResult
    func start(_ handlers: Handlers) -> Bool {
        state.withLock { state in
            guard !state.stopped, state.task == nil else { return false }
            // Made under the lock, so a `cancel()` at the same moment finds it.
            state.task = Task { [self] in await run(handlers) }
            return true
        }
    }

    /// Stops listening and closes the connection.
    func stop() async {
        let task = cancel()
        await task?.value
        await link.close()
    }

    /// Stops listening without waiting: once its task has ended, nothing holds the handlers, and
    /// the connection is closed with its link.
    @discardableResult
    func cancel() -> Task<Void, Never>? {
        let task = state.withLock { state in
            state.stopped = true
            return state.task
        }
        task?.cancel()
        return task
    }

    private func run(_ handlers: Handlers) async {
        var retry = 0
        while !Task.isCancelled {
            do {
                try await link.withConnection { connection in
                    try await connection.listen(on: channel) { notices in
                        await handlers.listening()
                        retry = 0
                        for try await notice in notices { handlers.notice(notice.payload) }
                    }
                }
            } catch {
                // Said once per outage (each further try at debug level); not at all when stopped.
                if !Task.isCancelled {
                    logger.log(level: retry == 0 ? .warning : .debug, "listening for \(purpose) failed",
                               metadata: ["error": "\(error)", "retry": "\(retry)"])
                }
            }
            guard !Task.isCancelled else { return }
            handlers.broke()
            do {
                try await policy.sleep(policy.delay(beforeRetry: retry))
            } catch {
                return
            }
            retry += 1
        }
    }
}
