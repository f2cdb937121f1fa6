@testable import BlueprintPostgres
import BlueprintDomain
import BlueprintStorageFixtures
import Foundation
import Logging
import PostgresNIO
import Testing

/// A statement on a connection that has closed (a server stopped hard between two statements of
/// a transaction) fails as a lost connection at once; PostgresNIO itself would never answer it.
@Suite("Statements on a closed connection")
struct ClosedConnectionTests {
    @Test("a statement after the connection closed fails as a lost connection instead of waiting for ever",
          .timeLimit(.minutes(3)))
    func statementAfterClose() async throws {
        let database = try await TestDatabase.make()
        let link = DatabaseLink(url: database.url, logger: Logger(label: "test"), retry: .once)
        let failure = await #expect(throws: RepositoryError.self) {
            try await link.withConnection { connection in
                try await connection.statement("SELECT 1", logger: Logger(label: "test"))
                try await connection.close()
                try await connection.statement("SELECT 2", logger: Logger(label: "test"))
            }
        }
        guard case .storage(let words) = failure else { Issue.record("\(String(describing: failure))"); return }
        #expect(words.contains(database.url.description), "the failure names the server: \(words)")
        let answer = try await link.withConnection { connection in
            try await connection.statement("SELECT 3", logger: Logger(label: "test")).collect().first?.decode(Int.self)
        }
        #expect(answer == 3, "the next statement opens a new connection")
        await link.close()
    }

    @Test("a statement in flight when its connection closes under it fails as a lost connection",
          .timeLimit(.minutes(3)))
    func statementInFlightWhenClosed() async throws {
        let database = try await TestDatabase.make()
        let link = DatabaseLink(url: database.url, logger: Logger(label: "test"), retry: .once)
        let started = ContinuousClock.now
        await #expect(throws: RepositoryError.self) {
            try await link.withConnection { connection in
                let closing = Task {
                    try await Task.sleep(for: .milliseconds(300))
                    try await connection.close()
                }
                defer { closing.cancel() }
                _ = try await connection.statement("SELECT pg_sleep(20)", logger: Logger(label: "test")).collect()
            }
        }
        #expect(ContinuousClock.now - started < .seconds(10), "failed when the connection closed, not when the sleep ended")
        await link.close()
    }
}
