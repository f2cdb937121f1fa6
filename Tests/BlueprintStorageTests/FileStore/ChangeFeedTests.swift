import BlueprintCache
import BlueprintDomain
import BlueprintRepositories
import BlueprintStorage
import BlueprintStorageFixtures
import Foundation
import Testing

@Suite("The change feed", .timeLimit(.minutes(3)))
struct ChangeFeedTests {
    @Test func publishesThisProcessesCommitsAsLocal() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let change = firstChange(in: store.changes(in: wedding)) { _ in true }
        let stored = try await store.write(wedding, operation: "add vendor") { try $0.insert(Vendor(name: "Florist")) }
        let activity = ActivityEntry(at: Fixtures.now, author: ChangeAuthor.current(), operation: "add vendor",
                                     summary: ActivitySummary(changes: [ActivityChange(kind: .vendor, id: stored.id, name: "Florist",
                                                                                       write: .added)],
                                                              counts: [ActivityCount(kind: .vendor, write: .added, count: 1,
                                                                                     followed: false)]))
        #expect(await change.value == RepositoryChange(wedding: wedding, sequence: 1,
                                                        records: [RecordChange(.save(stored), previousVersion: nil)],
                                                        origin: .local, operation: "add vendor",
                                                        author: ChangeAuthor.current(), activity: activity))
    }

    @Test func numbersEachCommitAndNamesEveryRecordItChangedWithItsVersions() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        var changes = store.changes(in: wedding).makeAsyncIterator()
        let vendor = try await store.write(wedding, operation: "add vendor") { try $0.insert(Vendor(name: "Florist")) }
        var draft = WeddingTask(title: "Order flowers")
        draft.vendorID = vendor.id
        let linked = draft
        let task = try await store.write(wedding, operation: "add task") { try $0.insert(linked) }
        _ = try await store.write(wedding, operation: "delete vendor") { try $0.delete(Vendor.self, id: vendor.id) }

        let first = try #require(await changes.next()), second = try #require(await changes.next())
        let third = try #require(await changes.next())
        #expect([first.sequence, second.sequence, third.sequence] == [1, 2, 3])
        #expect(second.records == [RecordChange(.save(task), previousVersion: nil)])
        let unlinked = try #require(third.records?.first?.mutation.savedRecord(as: WeddingTask.self))
        #expect(unlinked.vendorID == nil && unlinked.version == 2)
        #expect(third.records == [RecordChange(.save(unlinked), previousVersion: 1),
                                  RecordChange(.delete(Vendor.self, id: vendor.id), previousVersion: 1)])
        #expect(third.operation == "delete vendor" && third.origin == .local)
    }

    @Test func deliversAnotherProcessesCommitWithinASecond() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        _ = try await store.read(wedding) { _ in }
        let change = firstChange(in: store.changes(in: wedding)) { $0.origin == .external }

        let writer = try WriterProcess(["append", directory.root, wedding.description, "1"])
        var acknowledgements = 0
        for await line in writer.lines where line.hasPrefix("ack ") { acknowledgements += 1 }
        #expect(acknowledgements == 1)

        let received = await awaitChange(change, within: .seconds(10))  // a bound for a lost change, not a speed check
        let guestIDs = try await Fixtures.guestIDs(wedding, in: store)
        #expect(received?.records?.map(\.id) == guestIDs && guestIDs.count == 1)
        #expect(received?.records?.first?.previousVersion == nil && received?.records?.first?.newVersion == 1)
        // The other process's journal line says who wrote it.
        #expect(received?.author == ChangeAuthor.current())
    }

    @Test func noticesAnotherStoresCompactionAndReportsWhatChanged() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        _ = try await store.read(wedding) { _ in }
        let change = firstChange(in: store.changes(in: wedding)) { $0.origin == .external }

        let other = try directory.openStore()
        _ = try await other.write(wedding, operation: "add task") { try $0.insert(WeddingTask(title: "Cake tasting")) }
        await other.close()

        let received = await awaitChange(change, within: .seconds(10))  // a bound for a lost change, not a speed check
        #expect(received?.kinds == [.task])
        #expect(received?.records?.first?.mutation.savedRecord(as: WeddingTask.self)?.title == "Cake tasting")
        // Read from the replaced journal before rereading the files: the commit as it was made.
        #expect(received?.operation == "add task" && received?.author == ChangeAuthor.current())
        #expect(try await store.read(wedding) { $0.tasks.records.map(\.title) } == ["Cake tasting"])
    }

    @Test func aStreamEndsWhenItsConsumerStops() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let stream = store.changes(in: wedding)
        let consumer = Task {
            var received = 0
            for await _ in stream { received += 1 }
            return received
        }
        consumer.cancel()
        #expect(await consumer.value == 0)
        // The store goes on working, and a new stream still gets changes.
        let change = firstChange(in: store.changes(in: wedding)) { _ in true }
        try await Fixtures.addGuests([1], to: wedding, in: store)
        #expect(await change.value?.kinds == [.guest])
    }

    @Test("live while a stream is open on a watched folder; not before or after, nor for a folder that cannot be watched")
    func liveness() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        #expect(!store.isLive(wedding))
        var stream: AsyncStream<RepositoryChange>? = store.changes(in: wedding)
        #expect(store.isLive(wedding))
        #expect(Repositories(host: store, cache: RepositoryCache()).isLive(wedding))

        let missing = WeddingID(UUID())
        let missingStream = store.changes(in: missing)
        #expect(!store.isLive(missing))
        #expect(store.isLive(wedding))

        _ = stream
        stream = nil
        #expect(!store.isLive(wedding))
        _ = missingStream
    }

    @Test func closingTheStoreEndsItsStreams() async throws {
        let directory = try TemporaryDataDirectory()
        let (store, wedding) = try await Fixtures.storeWithWedding(in: directory)
        let change = firstChange(in: store.changes(in: wedding)) { _ in true }
        await store.close()
        #expect(await change.value == nil)
    }
}
