import BlueprintConfiguration
import BlueprintDomain
@testable import BlueprintPostgres
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

/// Closing a planner's tiered host while work it started behind a read is held up in the
/// database (another session holds a lock that work waits for, and lets it go only once
/// `close()` has begun): nothing of that work reaches the copy, then or later.
@Suite("Tiered host closing with work behind it", .timeLimit(.minutes(3)))
struct TieredHostClosingTests {
    /// A wedding with one guest, made online through a tier (so copied here) and closed again.
    private struct Setup {
        let database: TestDatabase
        let directory: TemporaryDataDirectory
        let id: WeddingID
        let guest: Guest

        init() async throws {
            database = try await TestDatabase.make()
            directory = try TemporaryDataDirectory()
            let online = try await TieredWeddingHost.open(database.url, author: "mei", localRoot: directory.root,
                                                          clock: { Fixtures.now })
            id = try await online.createWedding(Fixtures.wedding()).weddingID
            guest = try await online.write(id, operation: "add") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
            await online.close()
        }

        /// A planner's host: opened from the copy, then connected, the database reached.
        func planner() async throws -> TieredWeddingHost {
            let host = try await TieredWeddingHost.open(database.url, author: "mei", localRoot: directory.root,
                                                        start: .fromTheCopy, clock: { Fixtures.now })
            host.connect()
            #expect(await host.database != nil)
            return host
        }

        /// Another session's lock on the weddings table, held: every read of a wedding waits for it.
        func weddingsLocked() async -> HeldLock {
            let lock = HeldLock(at: database.url, by: "LOCK TABLE weddings IN ACCESS EXCLUSIVE MODE")
            await lock.take()
            return lock
        }

        /// The copy, as the next process to open it sees it.
        func copy() throws -> FileStore {
            try FileStore(root: TieredWeddingHost.copyRoot(of: database.url, in: directory.root), clock: { Fixtures.now })
        }

        /// Closes `host` once its work behind waits for `lock`, letting the lock go while it closes;
        /// then gives anything left running time to show.
        func close(_ host: TieredWeddingHost, whileItsWorkWaitsFor lock: HeldLock) async throws {
            try await HeldLock.waitForAWaiter(at: database.url)
            async let closing: Void = host.close()
            try await Task.sleep(for: .seconds(1))
            try await lock.release()
            await closing
            try await Task.sleep(for: .milliseconds(500))
        }
    }

    @Test("closed while a planner's copy is brought up to date behind: what the database answers then is not written to the copy")
    func closedDuringRevalidation() async throws {
        let setup = try await Setup()
        let other = try await setup.database.openHost()
        var seated = setup.guest
        seated.table = 4
        _ = try await other.write(setup.id, operation: "seat") { [seated] in try $0.update(seated) }
        await other.close()

        let host = try await setup.planner()
        let lock = await setup.weddingsLocked()
        #expect(try await host.read(setup.id) { $0.guests[setup.guest.id]?.table } == nil, "the copy, read at once")
        try await setup.close(host, whileItsWorkWaitsFor: lock)

        let copy = try setup.copy()
        #expect(try await copy.read(setup.id) { $0.guests[setup.guest.id]?.table } == nil,
                "the copy as it was when closing began: the next planner brings it up to date")
        await copy.close()
    }

    @Test("closed while a planner's access is confirmed behind: the database's answer is not kept beside the copy")
    func closedDuringAccessConfirmation() async throws {
        let setup = try await Setup()
        let host = try await setup.planner()
        KeptAccess(copy: host.copy).keep(WeddingAccess(role: .viewer), for: setup.id)
        let lock = await setup.weddingsLocked()
        #expect(try await host.accessRights(to: setup.id).role == .viewer, "what the database last said, at once")
        try await setup.close(host, whileItsWorkWaitsFor: lock)

        let copy = try setup.copy()
        #expect(KeptAccess(copy: copy).access(to: setup.id)?.role == .viewer,
                "the database's answer (owner) came after closing began")
        await copy.close()
    }
}
