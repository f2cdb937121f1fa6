import BlueprintDomain
@testable import BlueprintStores
import Testing

/// A store closed and let go frees its records: what patches a list pane's rows when a record
/// changes must not keep the records alive (a wedding closed and another opened would otherwise
/// keep the first one's records for the rest of the session).
@MainActor
@Suite("Store lifetime", .timeLimit(.minutes(3)))
struct StoreLifetimeTests {
    @Test("a guest list that patched its rows after an edit is freed once its store is closed and let go")
    func aPatchedListIsFreed() async throws {
        let harness = Harness()
        weak var records: RecordCollection<Guest>?
        do {
            let store = await harness.loaded(GuestStore.init)
            records = store.records
            #expect(await store.setRSVP(.attending, for: Sample.ana).isSaved)
            #expect(store.visibleGuests.contains { $0.id == Sample.ana && $0.rsvp == .attending })
            store.close()
        }
        #expect(records == nil)
    }
}
