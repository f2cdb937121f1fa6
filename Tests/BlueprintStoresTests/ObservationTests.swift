import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("Observing stores", .timeLimit(.minutes(3)))
struct ObservationTests {
    @Test func aStoreSignalsWhenItsRowsChange() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        var updates = store.updates().makeAsyncIterator()

        store.filter = GuestFilter(rsvp: [.attending])
        #expect(await updates.next() != nil)

        let edit = Task { await store.setRSVP(.attending, for: Sample.ben) }
        #expect(await updates.next() != nil)
        _ = await edit.value
        #expect(store.visibleGuests.count == 2)
    }

    @Test func aBurstOfChangesIsOneSignal() async throws {
        let harness = Harness()
        let store = await harness.loaded(VendorStore.init)
        let updates = store.updates()
        store.searchText = "g"
        store.searchText = "gr"
        store.order.reverse()

        let signals = Task {
            var count = 0
            for await _ in updates { count += 1 }
            return count
        }
        store.close()
        #expect(await signals.value == 1)
    }

    @Test func closingAStoreEndsItsStreams() async throws {
        let harness = Harness()
        let store = await harness.loaded(TaskStore.init)
        let updates = store.updates()
        let ended = Task {
            for await _ in updates {}
            return true
        }
        store.close()
        #expect(await ended.value)
        #expect(store.isClosed)
        #expect(await store.toggleDone(Sample.orderCake) == .failed(.closed))
        var late = store.updates().makeAsyncIterator()
        #expect(await late.next() == nil)
    }
}
