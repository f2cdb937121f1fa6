import BlueprintConfiguration
@testable import BlueprintPostgres
import Logging
import PostgresNIO
import Synchronization

/// Another session holding a lock in an open transaction from `take()` until `release()`, then
/// committing: what a save in progress, or a program of the administrator's, does to the host.
final class HeldLock: Sendable {
    private let link: DatabaseLink
    private let statement: PostgresQuery
    private let released: AsyncStream<Void>
    private let release: AsyncStream<Void>.Continuation
    private let transaction: Mutex<Task<Void, any Error>?> = Mutex(nil)

    /// A session at `url` that takes the lock by running `statement` (a `FOR UPDATE` or a `LOCK TABLE`).
    init(at url: DatabaseURL, by statement: PostgresQuery) {
        link = DatabaseLink(url: url, logger: Logger(label: "test"), retry: .once)
        self.statement = statement
        (released, release) = AsyncStream<Void>.makeStream()
    }

    /// Returns once the lock is held.
    func take() async {
        let (locked, lock) = AsyncStream<Void>.makeStream()
        let released = released
        transaction.withLock { [link, statement] in
            $0 = Task {
                defer { lock.finish() }
                try await link.transaction { connection in
                    _ = try await connection.statement(statement, logger: Logger(label: "test")).collect()
                    lock.finish()
                    for await _ in released {}
                }
            }
        }
        for await _ in locked {}
    }

    /// Commits, letting the lock go.
    func release() async throws {
        release.finish()
        try await transaction.withLock { $0 }?.value
        await link.close()
    }

    /// Returns once a session waits for a lock on the database at `url` (it is then held up by this one's).
    static func waitForAWaiter(at url: DatabaseURL) async throws {
        let watcher = DatabaseLink(url: url, logger: Logger(label: "test"), retry: .once)
        do {
            while try await watcher.withConnection({ connection in
                try await connection.statement("SELECT count(*)::int FROM pg_locks WHERE NOT granted", logger: Logger(label: "test"))
                    .collect().first?.decode(Int.self) ?? 0
            }) == 0 {
                try await Task.sleep(for: .milliseconds(20))
            }
        } catch {
            await watcher.close()
            throw error
        }
        await watcher.close()
    }
}
