import BlueprintDomain
@testable import BlueprintPostgres
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import NIOCore
import Synchronization
import Testing

/// The retry policy's arithmetic, without sleeping.
@Suite("Retry policy")
struct RetryPolicyTests {
    /// The statements' base and cap, its pauses recorded into `slept` (not waited out), drawing
    /// `random` for the jitter.
    private static func recording(attempts: Int?, random: Double, into slept: SleptDurations) -> RetryPolicy {
        RetryPolicy(base: .milliseconds(50), cap: .seconds(2), attempts: attempts,
                    sleep: { slept.append($0) }, random: { random })
    }

    @Test("pauses double from the base up to the cap, and the jitter draws each from zero to that bound")
    func delays() {
        let slept = SleptDurations()
        let highest = Self.recording(attempts: nil, random: 1, into: slept)
        #expect((0..<8).map { highest.delay(beforeRetry: $0) }
                == [50, 100, 200, 400, 800, 1600, 2000, 2000].map { Duration.milliseconds($0) })
        #expect(highest.delay(beforeRetry: 10_000) == .seconds(2), "no overflow, however many tries")
        #expect(Self.recording(attempts: nil, random: 0, into: slept).delay(beforeRetry: 5) == .zero)
        #expect(Self.recording(attempts: nil, random: 0.5, into: slept).delay(beforeRetry: 3) == .milliseconds(200))
        #expect(RetryPolicy.listener.cap == .seconds(5) && RetryPolicy.listener.attempts == nil)
        for retry in 0..<20 {
            let drawn = RetryPolicy.statements.delay(beforeRetry: retry)
            #expect(drawn >= .zero && drawn <= min(.seconds(2), .milliseconds(50) * (1 << min(retry, 20))))
        }
    }

    @Test("a failure that may pass is tried again after a pause, until it passes")
    func retriesTransient() async throws {
        let slept = SleptDurations()
        var calls = 0
        let result = try await Self.recording(attempts: 4, random: 1, into: slept).run {
            calls += 1
            if calls < 3 { throw ChannelError.ioOnClosedChannel }
            return "done"
        }
        #expect(result == "done" && calls == 3)
        #expect(slept.all == [.milliseconds(50), .milliseconds(100)])
    }

    @Test("the tries run out: the last failure is thrown, after as many pauses as retries")
    func budget() async throws {
        let slept = SleptDurations()
        var calls = 0
        await #expect(throws: ChannelError.self) {
            try await Self.recording(attempts: 4, random: 1, into: slept).run {
                calls += 1
                throw ChannelError.ioOnClosedChannel
            }
        }
        #expect(calls == 4 && slept.all.count == 3)
    }

    @Test("a refusal (conflict, invalid data, anything not passing) is thrown at once, untried again")
    func refusalsAreNotRetried() async throws {
        let slept = SleptDurations()
        var calls = 0
        let conflict = RepositoryError.conflict(.guest, id: UUID(), expected: 1, actual: 2)
        await #expect(throws: conflict) {
            try await Self.recording(attempts: 4, random: 1, into: slept).run {
                calls += 1
                throw conflict
            }
        }
        #expect(calls == 1 && slept.all.isEmpty)
        #expect(RetryPolicy.isTransient(ChannelError.ioOnClosedChannel))
        #expect(!RetryPolicy.isTransient(RepositoryError.storage("the database refused: permission denied")))
        #expect(!RetryPolicy.isTransient(CancellationError()))
    }
}

/// Pauses a test policy "slept".
private final class SleptDurations: Sendable {
    private let durations = Mutex<[Duration]>([])
    func append(_ duration: Duration) { durations.withLock { $0.append(duration) } }
    var all: [Duration] { durations.withLock { $0 } }
}

/// Failures injected in the server (a trigger on the `changes` table fails the first `count`
/// commits, or the first `count` COMMITs) and what the caller sees of them: nothing, when they
/// may pass.
@Suite("Retries against PostgreSQL")
struct DatabaseRetryTests {
    /// Makes the first `count` inserts into `changes` fail with `fault` (an SQLSTATE, or
    /// `terminate`: the server ends the connection); with `atCommit`, at COMMIT instead.
    private func inject(_ fault: String, count: Int, atCommit: Bool = false, into database: TestDatabase) throws {
        try database.run("""
            CREATE SEQUENCE fault_count;
            CREATE FUNCTION fault() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF nextval('fault_count') <= TG_ARGV[1]::int THEN
                    IF TG_ARGV[0] = 'terminate' THEN
                        PERFORM pg_terminate_backend(pg_backend_pid());
                        PERFORM pg_sleep(5);
                    ELSE
                        RAISE EXCEPTION 'injected fault' USING ERRCODE = TG_ARGV[0];
                    END IF;
                END IF;
                RETURN NEW;
            END $$;
            CREATE \(atCommit ? "CONSTRAINT TRIGGER fault AFTER INSERT ON changes DEFERRABLE INITIALLY DEFERRED"
                                : "TRIGGER fault BEFORE INSERT ON changes")
                FOR EACH ROW EXECUTE FUNCTION fault('\(fault)', '\(count)');
            """)
    }

    private func write(on host: PostgresWeddingHost) async throws -> (WeddingID, Guest) {
        let id = try await host.createWedding(Wedding(name: "Ana & Ben", totalBudget: Money(minorUnits: 1_000_000))).weddingID
        let guest = try await host.write(id, operation: "addGuest") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        return (id, guest)
    }

    /// The write landed once, and was published once, and a fresh host reads the same.
    private func expectOnce(_ guest: Guest, in id: WeddingID, on host: PostgresWeddingHost, database: TestDatabase) async throws {
        let fresh = try await database.openHost()
        #expect(try await fresh.read(id) { $0.guests.records } == [guest])
        #expect(try await fresh.activity(in: id).entries.count == 1)
        #expect(try await host.read(id) { $0.guests.records } == [guest])
        await fresh.close()
    }

    @Test("a serialization failure (40001) is retried; the caller never sees it and the write lands once")
    func serializationFailure() async throws {
        let database = try await TestDatabase.make()
        try inject("40001", count: 2, into: database)
        let host = try await database.openHost()
        let (id, guest) = try await write(on: host)
        try await expectOnce(guest, in: id, on: host, database: database)
        await host.close()
    }

    @Test("a connection the server ends in the middle of a write is made again and the write retried, once")
    func connectionEndedMidWrite() async throws {
        let database = try await TestDatabase.make()
        try inject("terminate", count: 1, into: database)
        let host = try await database.openHost()
        let (id, guest) = try await write(on: host)
        try await expectOnce(guest, in: id, on: host, database: database)
        await host.close()
    }

    @Test("a connection lost during COMMIT: the host finds the commit did not land, and runs the write again, once")
    func connectionLostAtCommit() async throws {
        let database = try await TestDatabase.make()
        try inject("terminate", count: 1, atCommit: true, into: database)
        let host = try await database.openHost()
        let id = try await host.createWedding(Wedding(name: "Ana & Ben", totalBudget: Money(minorUnits: 1_000_000))).weddingID
        var changes = host.changes(in: id).makeAsyncIterator()
        // The body makes a new guest (a new id) each time it runs: running it again after a
        // COMMIT that landed would add a second guest, which no version check would catch.
        let guest = try await host.write(id, operation: "addGuest") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
        try await expectOnce(guest, in: id, on: host, database: database)
        let change = try #require(await changes.next())
        #expect(change.origin == .local && change.sequence == 1 && change.records?.count == 1,
                "\(change.origin) \(change.sequence) \(change.operation) \(change.records?.count ?? -1)")
        await host.close()
    }

    @Test("a refusal (permission denied, 42501) is not retried and keeps its words")
    func permissionNotRetried() async throws {
        let database = try await TestDatabase.make()
        // Only the first try is refused: a retry would succeed.
        try inject("42501", count: 1, into: database)
        let host = try await database.openHost()
        let id = try await host.createWedding(Wedding(name: "Ana & Ben", totalBudget: Money(minorUnits: 1_000_000))).weddingID
        do {
            _ = try await host.write(id, operation: "addGuest") { try $0.insert(Guest(firstName: "Mei", lastName: "Lin")) }
            Issue.record("a refused write was retried until it passed")
        } catch let RepositoryError.storage(message) {
            #expect(message.contains("permission denied") && message.contains("injected fault"), "\(message)")
        }
        #expect(try await host.read(id) { $0.guests.count } == 0)
        await host.close()
    }

    @Test("the host's connections ended by the server between reads: the next read makes them again, unseen")
    func connectionEndedBetweenReads() async throws {
        let database = try await TestDatabase.make()
        let host = try await database.openHost()
        let (id, guest) = try await write(on: host)
        try database.run("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """)
        try await host.catchUp(on: id)
        #expect(try await host.read(id) { $0.guests.records } == [guest])
        #expect(try await host.activity(in: id).entries.count == 1)
        await host.close()
    }
}
