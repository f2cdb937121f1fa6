@testable import BlueprintPostgres
import BlueprintDomain
import BlueprintStorage
import BlueprintStorageFixtures
import BlueprintTestDoubles
import Foundation
import Synchronization
import Testing

/// A local copy brought up to date with a database (an in-memory one), and the retries of a
/// revalidation behind the planner paced by a manual clock.
@Suite("Copy revalidation")
struct CopyRevalidationTests {
    @Test("only the records that differ are stored in the copy, verbatim, versions as the database has them")
    func pullsWhatDiffers() async throws {
        let directory = try TemporaryDataDirectory()
        let (copy, wedding) = try await Fixtures.storeWithWedding(in: directory)
        try await Fixtures.addGuests(1...3, to: wedding, in: copy)
        let database = InMemoryWeddingHost([try await copy.read(wedding) { $0 }])
        try await database.simulateExternalCommit(wedding) { transaction in
            var second = try #require(transaction.dataset.guests[Fixtures.uuid(2)])
            second.lastName = "Moved On"
            try transaction.update(second)
            try transaction.insert(Fixtures.guest(4))
        }
        let syncedWeddings = Mutex<[WeddingID]>([])
        let revalidation = CopyRevalidation(copy: copy, clock: { Fixtures.now },
                                            synced: { wedding in syncedWeddings.withLock { $0.append(wedding) } })
        let published = firstChange(in: copy.changes(in: wedding)) { _ in true }

        try await revalidation.pull(wedding, from: database)

        let change = try #require(await awaitChange(published, within: .seconds(10)))
        #expect(change.origin == .external)
        #expect(Set(change.records?.map(\.id) ?? []) == [Fixtures.uuid(2), Fixtures.uuid(4)])
        let theirs = try await database.read(wedding) { $0.guests.records }
        let mine = try await copy.read(wedding) { $0.guests.records }
        #expect(mine == theirs)
        #expect(syncedWeddings.withLock { $0 } == [wedding])
    }

    @Test("a revalidation that fails while the database answers is tried again after 1 and 2 s on the clock")
    func retriedOnTheClock() async throws {
        let directory = try TemporaryDataDirectory()
        let (copy, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let clock = ManualClock()
        var policy = RetryPolicy.revalidation
        policy.sleep = { try await clock.sleep(for: $0) }
        policy.random = { 1 }
        let revalidation = CopyRevalidation(copy: copy, clock: { Fixtures.now }, retry: policy, synced: { _ in })
        let tries = Mutex(0)

        let running = Task {
            await revalidation.revalidate(wedding, answering: { true }) {
                let attempt = tries.withLock { tries in
                    tries += 1
                    return tries
                }
                if attempt < 3 { throw RepositoryError.storage("the connection broke") }
            }
        }
        for (pause, attempts) in [(Duration.seconds(1), 2), (.seconds(2), 3)] {
            await eventually { clock.sleepers == 1 }
            clock.advance(by: pause - .milliseconds(1))
            #expect(tries.withLock { $0 } == attempts - 1, "not tried again before the pause is over")
            clock.advance(by: .milliseconds(1))
            await eventually { tries.withLock { $0 } == attempts }
        }
        await running.value
        #expect(tries.withLock { $0 } == 3)
    }

    @Test("offline, a failed revalidation is not tried again (the reconnection does it)")
    func notRetriedOffline() async throws {
        let directory = try TemporaryDataDirectory()
        let (copy, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let clock = ManualClock()
        var policy = RetryPolicy.revalidation
        policy.sleep = { try await clock.sleep(for: $0) }
        let revalidation = CopyRevalidation(copy: copy, clock: { Fixtures.now }, retry: policy, synced: { _ in })
        let tries = Mutex(0)

        await revalidation.revalidate(wedding, answering: { false }) {
            tries.withLock { $0 += 1 }
            throw RepositoryError.storage("the connection broke")
        }
        #expect(tries.withLock { $0 } == 1)
        #expect(clock.sleepers == 0)
    }

    @Test("before a command's reads, the copy is brought up to date once a session: reads meanwhile wait for that run, a failed run is tried again")
    func freshenedOnce() async throws {
        let directory = try TemporaryDataDirectory()
        let (copy, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let revalidation = CopyRevalidation(copy: copy, clock: { Fixtures.now }, synced: { _ in })
        let runs = Mutex(0)
        let (held, release) = AsyncStream<Void>.makeStream()
        let catchUp: @Sendable () async throws -> Void = {
            let run = runs.withLock { runs in
                runs += 1
                return runs
            }
            if run == 1 { throw RepositoryError.storage("the connection broke") }
            if run == 2 { for await _ in held {} }
        }

        try await revalidation.freshen(wedding, answering: false, catchUp)
        #expect(runs.withLock { $0 } == 0, "offline, the copy is read as it is")
        await #expect(throws: RepositoryError.self) { try await revalidation.freshen(wedding, answering: true, catchUp) }

        let first = Task { try await revalidation.freshen(wedding, answering: true, catchUp) }
        await eventually { runs.withLock { $0 } == 2 }
        let second = Task { try await revalidation.freshen(wedding, answering: true, catchUp) }
        release.finish()
        try await first.value
        try await second.value
        try await revalidation.freshen(wedding, answering: true, catchUp)
        #expect(runs.withLock { $0 } == 2, "tried again after the failure, then not again this session")
    }
}
