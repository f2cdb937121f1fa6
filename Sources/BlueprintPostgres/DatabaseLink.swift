import BlueprintConfiguration
import BlueprintDomain
import Foundation
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// This process's connection to the database: opened on first use, reopened after it broke,
/// and lent to one caller at a time (a transaction's statements never interleave with
/// another's), each set up as `session` says. Every failure comes out as words naming the server
/// (`DatabaseFailure`): failing to connect at all as `DatabaseUnreachable` or `DatabaseRefusal`.
///
/// A failure that may pass (see `DatabaseFailure.mayPass`: the server not reached, the connection
/// lost, a serialization failure, a deadlock, a server restarting) is retried with backoff and jitter
/// within `retry`'s budget, on a new connection if the old one broke, so the caller never sees
/// it. Running `body` again is safe: a transaction that failed before its COMMIT was rolled
/// back by the server (a lost connection aborts it), so nothing of the first try remains; a
/// COMMIT whose answer was lost is never run again here but thrown as `UncertainCommit`, for
/// the caller to find out whether it landed (see `PostgresWedding.write`).
final class DatabaseLink: Sendable {
    let url: DatabaseURL
    private let logger: Logger
    private let gate = ConnectionGate()
    private let retry: RetryPolicy
    private let session: DatabaseSession

    init(url: DatabaseURL, logger: Logger, retry: RetryPolicy = .statements, session: DatabaseSession = DatabaseSession()) {
        self.url = url
        self.logger = logger
        self.retry = retry
        self.session = session
    }

    /// Runs `body` with the connection, alone; again, on a fresh connection if need be, after a
    /// failure that may pass.
    func withConnection<T>(isolation: isolated (any Actor)? = #isolation,
                           _ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        do {
            return try await retry.run { try await once(body) }
        } catch {
            throw DatabaseFailure.describe(error, url: url)
        }
    }

    /// Runs `body` in one transaction: committed if it returns, rolled back if it throws.
    /// A COMMIT that fails with the connection lost throws `UncertainCommit` (not retried).
    func transaction<T>(isolation: isolated (any Actor)? = #isolation, readOnly: Bool = false,
                        _ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        try await withConnection { connection in
            try await connection.statement(readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN", logger: logger)
            let result: T
            do {
                result = try await body(connection)
            } catch {
                if !DatabaseFailure.isConnectionLost(error) { _ = try? await connection.statement("ROLLBACK", logger: logger) }
                throw error
            }
            do {
                try await connection.statement("COMMIT", logger: logger)
            } catch where !readOnly && DatabaseFailure.isConnectionLost(error) {
                throw UncertainCommit(url: url, underlying: error)
            }
            return result
        }
    }

    /// One try: the raw error if it fails, for `withConnection` to judge and describe.
    private func once<T>(isolation: isolated (any Actor)? = #isolation,
                         _ body: (PostgresConnection) async throws -> sending T) async throws -> sending T {
        let connection = try await gate.acquire(opening: openSession)
        do {
            let result = try await body(connection)
            await gate.release(keeping: true)
            return result
        } catch {
            let broken = DatabaseFailure.isConnectionLost((error as? UncertainCommit)?.underlying ?? error)
            if broken { try? await connection.close() }
            await gate.release(keeping: !broken)
            throw error
        }
    }

    /// Closes the connection, if one is open, once whoever holds it is done (PostgresNIO must
    /// not have a connection closed under a statement whose rows are still being read: it
    /// traps); after this, statements are refused.
    func close() async {
        if let connection = await gate.closeWhenIdle() { try? await connection.close() }
    }

    /// A new connection, set up as `session` says.
    private func openSession() async throws -> PostgresConnection {
        let connection = try await open()
        do {
            try await session.apply(to: connection, logger: logger)
            return connection
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private func open() async throws -> PostgresConnection {
        do {
            return try await PostgresConnection.connect(to: url, logger: logger)
        } catch {
            throw DatabaseFailure.connecting(error, url: url)
        }
    }
}

/// Hands the one connection to one caller at a time, in the order they asked.
private actor ConnectionGate {
    private var connection: PostgresConnection?
    private var busy = false
    private var closed = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A host dropped without `close()`: the connection is closed now, and kept until it is
    /// (PostgresNIO requires a connection to be closed before it goes).
    deinit {
        guard let connection, !connection.isClosed else { return }
        connection.close().whenComplete { _ in _ = connection }
    }

    func acquire(opening open: @Sendable () async throws -> PostgresConnection) async throws -> PostgresConnection {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        }
        busy = true
        guard !closed else {
            handOn()
            throw RepositoryError.storage("the connection to the database was closed")
        }
        if let connection, !connection.isClosed { return connection }
        do {
            let opened = try await open()
            connection = opened
            return opened
        } catch {
            connection = nil
            handOn()
            throw error
        }
    }

    func release(keeping: Bool) {
        if !keeping { connection = nil }
        handOn()
    }

    /// Waits for its turn, then takes the connection for closing and refuses every later turn.
    func closeWhenIdle() async -> PostgresConnection? {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        }
        busy = true
        closed = true
        defer {
            connection = nil
            handOn()
        }
        return connection
    }

    private func handOn() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}

extension PostgresConnection {
    /// `query`, failed as a lost connection if the connection is closed before it is answered.
    /// PostgresNIO drops a query written to a channel that has closed without ever answering it,
    /// so its caller would wait for ever (a server stopped hard between two statements of a
    /// transaction left the planner saving for good, and unable to quit). A connection already
    /// closed is refused at once; one that closes while the query is on its way (after that
    /// check, before PostgresNIO notices) is noticed by a watch that looks every
    /// `closedConnectionWatch` until the answer comes. Either way the statement fails as a lost
    /// connection and is retried or worked around like one. Every statement goes through here.
    @discardableResult
    func statement(_ query: PostgresQuery, logger: Logger, file: String = #fileID, line: Int = #line) async throws
        -> PostgresRowSequence {
        guard !isClosed else { throw ChannelError.ioOnClosedChannel }
        return try await withCheckedThrowingContinuation { continuation in
            let pending = PendingAnswer(continuation)
            // A query PostgresNIO drops never returns: this task is then left waiting, and the
            // statement is settled by the watch instead.
            Task {
                do {
                    pending.settle(.success(try await self.query(query, logger: logger, file: file, line: line)))
                } catch {
                    pending.settle(.failure(error))
                }
            }
            pending.watch(Task {
                while pending.isPending, (try? await Task.sleep(for: Self.closedConnectionWatch)) != nil {
                    if isClosed { pending.settle(.failure(ChannelError.ioOnClosedChannel)) }
                }
            })
        }
    }

    /// How often a statement on its way looks whether its connection has closed.
    static let closedConnectionWatch = Duration.milliseconds(250)
}

/// A statement's answer, given once: by PostgresNIO, or by the watch that saw its connection
/// close first (see `PostgresConnection.statement`).
private final class PendingAnswer: Sendable {
    private let state: Mutex<(waiting: CheckedContinuation<PostgresRowSequence, any Error>?, watch: Task<Void, Never>?)>

    init(_ continuation: CheckedContinuation<PostgresRowSequence, any Error>) {
        state = Mutex((continuation, nil))
    }

    /// Whether the answer has not been given yet.
    var isPending: Bool { state.withLock { $0.waiting != nil } }

    /// Keeps `task`, the watch, to stop it once the answer is given (at once if it has been).
    func watch(_ task: Task<Void, Never>) {
        let answered = state.withLock { state in
            if state.waiting != nil { state.watch = task }
            return state.waiting == nil
        }
        if answered { task.cancel() }
    }

    /// Gives the answer, unless it has been given; stops the watch.
    func settle(_ result: Result<PostgresRowSequence, any Error>) {
        let (waiting, watch) = state.withLock { state in
            defer { state = (nil, nil) }
            return (state.waiting, state.watch)
        }
        watch?.cancel()
        waiting?.resume(with: result)
    }
}
