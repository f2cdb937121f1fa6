import BlueprintDomain
@testable import BlueprintStores
import Foundation
import Testing

@MainActor
@Suite("The activity feed", .timeLimit(.minutes(3)))
struct ActivityFeedTests {
    private func rename(_ harness: Harness, _ id: UUID, to name: String) async throws {
        _ = try await harness.host.write(harness.weddingID, operation: "guestUpdated") { transaction in
            var guest = try #require(transaction.dataset.guests[id])
            guest.firstName = name
            try transaction.update(guest)
        }
    }

    /// Reads `feed` and lands the read, as a session's inbox would.
    private func loaded(_ feed: ActivityFeed) async {
        let messages = HeldMessages()
        feed.post = messages.hold
        feed.loadIfNeeded()
        guard case .activityRead(let read) = await messages.take() else { preconditionFailure("the feed posted another message") }
        feed.land(read)
    }

    @Test("a change whose event reaches the feed after the read that had it is listed once")
    func lateEventsOfChangesAlreadyReadAreNotListedTwice() async throws {
        let harness = Harness()
        let feed = ActivityFeed(wedding: harness.weddingID, records: harness.context.records)
        let events = harness.host.changes(in: harness.weddingID)
        var delivered = events.makeAsyncIterator()
        try await rename(harness, Sample.ana, to: "Anna")
        try await rename(harness, Sample.ben, to: "Benjamin")

        await loaded(feed)
        #expect(feed.items.count == 2)
        for _ in 0..<2 {
            let late = try #require(await delivered.next())
            feed.receive(late, missedSome: false)
        }
        #expect(feed.items.count == 2, "the two changes were in the read already")

        try await rename(harness, Sample.ana, to: "Ana")
        feed.receive(try #require(await delivered.next()), missedSome: false)
        #expect(feed.items.count == 3)
        #expect(feed.items.first?.entry.sentence.contains("Ana") == true)
    }
}
