import BlueprintConfiguration
import BlueprintDomain
@testable import BlueprintPostgres
import BlueprintStorageFixtures
import Foundation
import Logging
import PostgresNIO
import Synchronization
import Testing

/// A write while another session holds the wedding's row lock (`FOR UPDATE` in an open
/// transaction, as a save in progress does): it says whose change it waits for, and neither
/// waits for ever nor changes anything when it gives up.
@Suite("Waiting for another's change to a wedding", .timeLimit(.minutes(3)))
struct WeddingLockTests {
    /// A wedding owned by one role and shared with another as a planner; hosts open as each.
    private struct Setup {
        let database: TestDatabase
        let owner: String
        let planner: String
        let id: WeddingID

        init() async throws {
            database = try await TestDatabase.make()
            (owner, planner) = (try database.makeRole("mei"), try database.makeRole("sam"))
            let host = try await database.openHost(as: owner)
            let wedding = try await host.createWedding(Wedding(name: "Mei & Sam", totalBudget: Money(minorUnits: 1_000_000)))
            try await host.share(wedding, with: planner, as: .planner)
            id = wedding.weddingID
            await host.close()
        }

        /// A host writing as the owner, telling `notices` what it waits for.
        func writer(lockWait: WeddingRowLock.Wait = .standard,
                    notices: @escaping @Sendable (DatabaseNotice) -> Void) async throws -> PostgresWeddingHost {
            try await PostgresWeddingHost.open(try database.url(as: owner), localRoot: TestDatabase.documentsRoot,
                                               clock: { Fixtures.now }, listenerPolicy: .listener, lockWait: lockWait,
                                               notices: notices)
        }
    }

    /// Another blueprint session, of the planner's role, holding the wedding's row lock in an
    /// open transaction from `take()` until `release()`, then committing.
    private func rowLock(_ setup: Setup) throws -> HeldLock {
        HeldLock(at: try setup.database.url(as: setup.planner),
                 by: "SELECT 1 FROM weddings WHERE id = \(setup.id.rawValue) FOR UPDATE")
    }

    /// Collects a writer's notices, and lets a test wait for the first.
    private final class Notices: Sendable {
        private let seen = Mutex<[DatabaseNotice]>([])
        private let (stream, continuation) = AsyncStream<DatabaseNotice>.makeStream()

        var handler: @Sendable (DatabaseNotice) -> Void {
            { [self] notice in
                seen.withLock { $0.append(notice) }
                continuation.yield(notice)
            }
        }

        var all: [DatabaseNotice] { seen.withLock { $0 } }

        func first() async -> DatabaseNotice? {
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        }
    }

    private func holderNamed(in notice: DatabaseNotice?) -> LockHolder? {
        guard case let .waiting(holder, _) = notice else { return nil }
        return holder
    }

    @Test("a write waits while another session's change holds the wedding, saying whose, and is saved once it ends")
    func waitsSayingWhose() async throws {
        let setup = try await Setup()
        let notices = Notices()
        let writer = try await setup.writer(notices: notices.handler)
        _ = try await writer.read(setup.id) { $0.wedding }
        let holder = try rowLock(setup)
        await holder.take()

        let write = Task {
            try await writer.write(setup.id, operation: "add") { try $0.insert(Guest(firstName: "Ana", lastName: "Ruiz")) }
        }
        let named = holderNamed(in: await notices.first())
        #expect(named == LockHolder(role: setup.planner, program: nil, heldFor: nil),
                "the planner's own session, named by its role; its start is not shown to another role")
        #expect(named?.description == "\(setup.planner)'s change")

        try await holder.release()
        let guest = try await write.value
        let other = try await setup.database.openHost(as: setup.owner)
        #expect(try await other.read(setup.id) { $0.guests.records } == [guest])
        await other.close()
        await writer.close()
    }

    @Test("a write that waits past its bound fails naming the holder, changing nothing; the next one, after, is saved")
    func givesUpNamingTheHolder() async throws {
        let setup = try await Setup()
        let notices = Notices()
        let writer = try await setup.writer(lockWait: .init(step: .milliseconds(200), limit: .seconds(1)),
                                            notices: notices.handler)
        let holder = try rowLock(setup)
        await holder.take()

        do {
            _ = try await writer.write(setup.id, operation: "add") { try $0.insert(Guest(firstName: "Ana", lastName: "Ruiz")) }
            Issue.record("saved while another session held the wedding")
        } catch let RepositoryError.storage(message) {
            #expect(message.contains("gave up waiting for \(setup.planner)'s change to this wedding"), "\(message)")
            #expect(message.contains("nothing was changed"), "\(message)")
        }
        #expect(!notices.all.isEmpty && notices.all.allSatisfy { holderNamed(in: $0)?.role == setup.planner },
                "said whose change it waited for: \(notices.all)")

        try await holder.release()
        let other = try await setup.database.openHost(as: setup.owner)
        #expect(try await other.read(setup.id) { $0.guests.count } == 0, "nothing of the write that gave up")
        let guest = try await writer.write(setup.id, operation: "add") { try $0.insert(Guest(firstName: "Bo", lastName: "Ek")) }
        #expect(try await other.read(setup.id) { $0.guests.records } == [guest])
        await other.close()
        await writer.close()
    }

    @Test("blueprint's sessions have a statement, lock and idle-in-transaction timeout, and name blueprint")
    func sessionSettings() async throws {
        let database = try await TestDatabase.make()
        let link = DatabaseLink(url: database.url, logger: Logger(label: "test"), session: DatabaseSession())
        let settings = try await link.withConnection { connection in
            try await connection.statement("""
                SELECT current_setting('statement_timeout'), current_setting('lock_timeout'),
                       current_setting('idle_in_transaction_session_timeout'), current_setting('application_name')
                """, logger: Logger(label: "test")).collect().first?.decode((String, String, String, String).self)
        }
        await link.close()
        #expect(settings?.0 == "1min" && settings?.1 == "10s" && settings?.2 == "30s", "\(String(describing: settings))")
        #expect(settings?.3 == "blueprint", "\(String(describing: settings?.3))")
    }
}
