import Synchronization

/// Reaches the database for the tiered host and keeps reaching it: the first attempt (at once,
/// or held until `connect()`), retries with backoff and jitter while the database cannot be
/// reached, and `reconnect()`. It owns the link (`TierLink`): every change of it goes through
/// here, and the host reads it synchronously (`link`) for what its change feed must answer at
/// once. Its pauses go through `retry.sleep`, so a test drives it with a manual clock.
actor ConnectionSupervisor<Database: Sendable> {
    /// How the database is reached.
    struct Reaching: Sendable {
        /// Opens the database host: throws `DatabaseUnreachable`, or why it refuses this process.
        var open: @Sendable () async throws -> Database
        /// Whether a database host reached before answers now: nil if it does, else why not
        /// (throws its refusal).
        var probe: @Sendable (Database) async throws -> DatabaseUnreachable?
        /// Closes a database host opened for a link closed meanwhile.
        var close: @Sendable (Database) async -> Void
    }

    /// Who is told of the link's changes (the host, from `start` on).
    struct Listener: Sendable {
        /// The link is online: first (`again` false) or on reconnecting.
        var answered: @Sendable (_ database: Database, _ again: Bool) async -> Void
        /// The link went offline.
        var lost: @Sendable (DatabaseUnreachable) -> Void
        /// The database refused this process.
        var refused: @Sendable (any Error) -> Void
    }

    private nonisolated let state: Mutex<TierLink<Database>>
    private nonisolated let wakeups: AsyncStream<Void>.Continuation
    private let wakeupStream: AsyncStream<Void>
    private let reaching: Reaching
    private let retry: RetryPolicy
    private var listener: Listener?
    private var loop: Task<Void, Never>?
    private var awaitingFirstAttempt: [CheckedContinuation<Void, Never>] = []
    /// While a reconnection runs, who waits for its answer.
    private var awaitingReconnection: [CheckedContinuation<Result<Bool, any Error>, Never>]?

    /// Held (`connect()` begins the first attempt) or connecting (the caller makes it, with
    /// `attemptFirst()`); offline, retried as `retry` paces it.
    init(held: Bool, retry: RetryPolicy = .reconnection, reaching: Reaching) {
        state = Mutex(held ? .held : .connecting)
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        wakeupStream = stream
        wakeups = continuation
        self.retry = retry
        self.reaching = reaching
    }

    /// The link now.
    nonisolated var link: TierLink<Database> { state.withLock { $0 } }

    /// Begins supervising, telling `listener`: a held first attempt once released, retries
    /// whenever offline.
    func start(telling listener: Listener) {
        guard loop == nil else { return }
        self.listener = listener
        loop = Task { [weak self, wakeupStream] in
            for await _ in wakeupStream { await self?.wake() }
        }
    }

    private func wake() async {
        if case .connecting = link { await attemptFirst() }
        await retryWhileOffline()
    }

    /// Lets the held first attempt begin. Returns at once.
    nonisolated func connect() {
        if state.withLock({ $0.release() }) { wakeups.yield() }
    }

    /// Waits until the first attempt has ended (a held one is not begun).
    func firstAttemptEnded() async {
        guard link.isConnecting else { return }
        await withCheckedContinuation { awaitingFirstAttempt.append($0) }
    }

    /// Makes the first attempt: the link ends online, offline (and retried) or refused; returns
    /// the refusal, if it refused.
    @discardableResult
    func attemptFirst() async -> (any Error)? {
        defer { settle() }
        do {
            let database = try await reaching.open()
            if state.withLock({ $0.answered(by: database) }) { await listener?.answered(database, false) }
            return nil
        } catch let unreachable as DatabaseUnreachable {
            lose(because: unreachable)
            return nil
        } catch {
            refuse(error)
            return error
        }
    }

    /// Tries the database now (the database host reached before, else a new one). Returns
    /// whether it answered; throws its refusal (the link is then refused). A try asked for while
    /// one runs (the retries' and a person's) waits for that one's answer.
    func reconnect() async throws -> Bool {
        if awaitingReconnection != nil {
            return try await withCheckedContinuation { awaitingReconnection?.append($0) }.get()
        }
        awaitingReconnection = []
        let outcome: Result<Bool, any Error>
        do {
            outcome = .success(try await tryAgain())
        } catch {
            outcome = .failure(error)
        }
        let waiting = awaitingReconnection ?? []
        awaitingReconnection = nil
        for waiter in waiting { waiter.resume(returning: outcome) }
        return try outcome.get()
    }

    private func tryAgain() async throws -> Bool {
        if case .connecting = link { await firstAttemptEnded() }
        let database: Database
        let known = link.known
        do {
            if let known {
                if let unreachable = try await reaching.probe(known) { throw unreachable }
                database = known
            } else {
                database = try await reaching.open()
            }
        } catch let unreachable as DatabaseUnreachable {
            state.withLock { $0.stillUnreachable(unreachable) }
            return false
        } catch {
            refuse(error)
            throw error
        }
        guard state.withLock({ $0.answered(by: database) }) else {
            if known == nil { await reaching.close(database) }
            return false
        }
        settle()
        await listener?.answered(database, true)
        return true
    }

    /// The database stopped answering: offline, and retried.
    func lose(because unreachable: DatabaseUnreachable) {
        guard state.withLock({ $0.lost(because: unreachable) }) else { return }
        settle()
        listener?.lost(unreachable)
        wakeups.yield()
    }

    /// The database refused this process: used, and retried, no more.
    func refuse(_ error: any Error) {
        guard state.withLock({ $0.refuse(error) }) else { return }
        settle()
        listener?.refused(error)
    }

    /// Ends the link (once a running first attempt has ended) and stops retrying, waiting for a
    /// retry under way to end; returns the database host to close, if one was reached.
    func close() async -> Database? {
        if case .connecting = link { await firstAttemptEnded() }
        let database = state.withLock { $0.close() }
        wakeups.finish()
        let retrying = loop
        loop = nil
        retrying?.cancel()
        settle()
        await retrying?.value
        return database
    }

    /// Retries, pausing longer each time, until the database answers, refuses, or the link closes.
    private func retryWhileOffline() async {
        var attempt = 0
        while link.unreachable != nil {
            do {
                try await retry.sleep(retry.delay(beforeRetry: attempt))
            } catch {
                return
            }
            guard link.unreachable != nil else { return }
            // Refused: trying again will not help (the link says why).
            guard (try? await reconnect()) == false else { return }
            attempt += 1
        }
    }

    /// Lets whoever waits for the first attempt go on once it has ended.
    private func settle() {
        guard !link.isConnecting else { return }
        let waiting = awaitingFirstAttempt
        awaitingFirstAttempt = []
        for waiter in waiting { waiter.resume() }
    }
}

extension RetryPolicy {
    /// For reaching the database again while it cannot be reached: no end, pauses of at most
    /// 0.5 s doubling up to 30 s.
    static let reconnection = RetryPolicy(base: .milliseconds(500), cap: .seconds(30), attempts: nil)
}
