import BlueprintConfiguration
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// A connection of its own that `LISTEN`s on the channels its owner names and hands on each
/// notice's payload: what `ChangeListener` (commits) and `PostgresPresenceBoard` (presence) build
/// on. The channels are the weddings' own (`weddings.channel`, which only their members can
/// read), asked for with `channels` each time it listens, and again on `relisten()` (a wedding
/// newly watched, or one whose channel moved).
///
/// The connection is made at `start` and kept until `stop()`. When it breaks (or cannot be
/// made), `broke` is called and it is made again with backoff and jitter (`policy`), for as long
/// as it takes; each time it listens (again, or anew after `relisten()`), `listening` runs before
/// the first notice is handed on, so the owner can catch up with what it missed while nothing
/// listened.
final class NoticeListener: Sendable {
    /// What the owner is told. The handlers are kept by the listening task only, so they end
    /// with it (`cancel()`).
    struct Handlers: Sendable {
        /// The channels to listen on now, read on the listener's connection.
        let channels: @Sendable (PostgresConnection) async throws -> [String]
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

    /// What is listened for, for the log ("other processes' changes").
    private let purpose: String
    private let link: DatabaseLink
    private let policy: RetryPolicy
    private let logger: Logger
    private let state = Mutex(State())
    /// Asks the listening connection to read its channels again.
    private let relistening = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

    /// A listener on `url`'s database; `policy` paces its reconnections.
    init(url: DatabaseURL, purpose: String, logger: Logger, policy: RetryPolicy) {
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

    /// Reads the channels again and listens on them (then `listening` runs, as after a break).
    func relisten() {
        relistening.continuation.yield()
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
        let listened = Mutex(false)
        let counting = Handlers(channels: handlers.channels, listening: {
            listened.withLock { $0 = true }
            await handlers.listening()
        }, notice: handlers.notice, broke: handlers.broke)
        while !Task.isCancelled {
            do {
                try await link.withConnection { connection in
                    while !Task.isCancelled {
                        let channels = try await handlers.channels(connection)
                        try await listen(on: channels[...], connection, gathered: [], handlers: counting)
                    }
                }
            } catch {
                // Said once per outage (each further try at debug level); not at all when stopped.
                if listened.withLock({ $0 }) { retry = 0 }
                if !Task.isCancelled {
                    logger.log(level: retry == 0 ? .warning : .debug, "listening for \(purpose) failed",
                               metadata: ["error": "\(error)", "retry": "\(retry)"])
                }
            }
            listened.withLock { $0 = false }
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

    /// Listens on each of `channels` (PostgresNIO listens on one channel per call, and stops when
    /// the call returns), then says so and hands on every channel's notices.
    private func listen(on channels: ArraySlice<String>, _ connection: PostgresConnection,
                        gathered: [PostgresNotificationSequence], handlers: Handlers) async throws {
        guard let channel = channels.first else {
            await handlers.listening()
            return try await handOn(gathered, to: handlers)
        }
        try await connection.listen(on: channel) { notices in
            try await listen(on: channels.dropFirst(), connection, gathered: gathered + [notices], handlers: handlers)
        }
    }

    /// Hands on every notice of `sequences` until `relisten()` is called (then returns) or the
    /// connection breaks (then throws).
    private func handOn(_ sequences: [PostgresNotificationSequence], to handlers: Handlers) async throws {
        let relistening = relistening.stream
        try await withThrowingTaskGroup(of: Void.self) { group in
            for notices in sequences {
                group.addTask {
                    for try await notice in notices { handlers.notice(notice.payload) }
                    throw ChannelError.ioOnClosedChannel
                }
            }
            group.addTask {
                var asked = relistening.makeAsyncIterator()
                _ = await asked.next()
            }
            try await group.next()
            group.cancelAll()
        }
    }
}
