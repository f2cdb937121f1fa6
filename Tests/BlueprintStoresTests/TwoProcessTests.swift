import BlueprintCache
import BlueprintDomain
import BlueprintRepositories
import BlueprintStorage
@testable import BlueprintStores
import Foundation
import Testing

@MainActor
@Suite("Two processes on one data directory", .timeLimit(.minutes(3)))
struct TwoProcessTests {
    /// How fast it shows is measured by the benchmark "Another process's one-guest import visible
    /// in an open planner"; here it must show at all, with nothing read again by hand (the folder
    /// watch is the only way it can arrive): the session's messages are held, and the change the
    /// watch posts is handed over as the planner's inbox would.
    @Test func aGuestAddedByAnotherProcessShowsWithoutReloading() async throws {
        let directory = try TemporaryDataDirectory()
        let fileStore = try FileStore(root: directory.root)
        let repositories = Repositories(host: fileStore, cache: RepositoryCache())
        let wedding = try await repositories.weddings.createWedding(from: Sample.dataset()).weddingID
        let context = StoreContext(weddings: repositories.weddings, guests: repositories.guests, budget: repositories.budget,
                                   vendors: repositories.vendors, tasks: repositories.tasks, records: repositories,
                                   documents: repositories.documents, changes: repositories)
        let messages = HeldMessages()
        let session = WeddingSession(wedding: wedding, context: context, deliver: messages.deliver)
        let warming = await CacheWarmer(monitor: PerformanceMonitor()).warm(session)
        for _ in session.stores { session.handle(await messages.take { if case .loaded = $0 { true } else { false } }) }
        _ = await warming.value
        #expect(session.guests.guests.count == 4)

        let writer = try await OtherProcess.runWriter(["append", directory.root, wedding.description, "1"])
        #expect(writer.status == 0)
        let added = try #require(writer.lines.first { $0.hasPrefix("ack ") }.flatMap { UUID(uuidString: String($0.dropFirst(4))) })

        await messages.handOverChange(to: session)
        #expect(session.guests.guest(added) != nil)
        #expect(session.guests.visibleGuests.count == 5 && session.guests.stats.invited == 5)
        #expect(session.vendors.isCacheValid && session.tasks.isCacheValid && session.budget.isCacheValid)
        session.close()
        await fileStore.close()
    }
}
