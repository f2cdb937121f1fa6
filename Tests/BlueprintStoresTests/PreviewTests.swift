import BlueprintDemo
import BlueprintDomain
@testable import BlueprintStores
import Foundation
import Testing

/// A wedding's preview shows in the stores until their first loads land: the wedding, the guest
/// figures and the first guests in the list's opening order, exactly as the full load then
/// shows them; nothing can be edited meanwhile, and a late preview never hides a load.
@MainActor
@Suite("Previews in the stores", .timeLimit(.minutes(3)))
struct PreviewTests {
    static func bigDataset() -> WeddingDataset {
        var dataset = Sample.dataset()
        var random = SeededRandom(seed: 9)
        for _ in 0..<(WeddingPreview.guestCount + 50) {
            var guest = Guest(firstName: random.pick(["Ana", "Ben", "Zoë", "Émile"]), lastName: random.pick(["Ng", "Abe", "Ørsted", "Li"]),
                              createdAt: Sample.start)
            guest.rsvp = random.pick(RSVPStatus.allCases)
            guest.table = random.int(in: 1...40)
            dataset.guests.upsert(guest)
        }
        return dataset
    }

    @Test func thePreviewShowsWhatTheLoadThenShowsAndNothingCanBeEditedMeanwhile() async throws {
        let harness = Harness([Self.bigDataset()], previewing: WeddingPreviewer())
        let session = WeddingSession(wedding: harness.weddingID, context: harness.context)
        await harness.probe.hold(.read(.guests))
        let loading = Task { await session.guests.load() }
        await harness.probe.waitForCalls(.read(.guests))

        let preview = try #require(await harness.context.weddings.fetchPreview(harness.weddingID))
        session.show(preview)
        #expect(session.guests.isShowingPreview && session.wedding.isShowingPreview)
        #expect(session.wedding.wedding?.name == "Ana & Ben")
        let previewRows = Array(session.guests.visibleGuests), previewStats = session.guests.stats
        #expect(previewRows.count == WeddingPreview.guestCount)
        let first = try #require(previewRows.first)
        #expect(await session.guests.setRSVP(.declined, for: first.id) == .failed(.notLoaded(.guest, id: first.id)))

        await harness.probe.release(.read(.guests))
        await loading.value
        #expect(!session.guests.isShowingPreview)
        #expect(Array(session.guests.visibleGuests.prefix(previewRows.count)) == previewRows)
        var loadedStats = session.guests.stats
        #expect(!loadedStats.seatsPerTable.isEmpty && previewStats.seatsPerTable.isEmpty)
        loadedStats.seatsPerTable = [:]
        #expect(loadedStats == previewStats)
        session.close()
    }

    @Test func aPreviewArrivingAfterTheLoadIsIgnored() async throws {
        let harness = Harness([Self.bigDataset()], previewing: WeddingPreviewer())
        let session = await harness.openSession()
        let loaded = Array(session.guests.visibleGuests)
        var preview = try #require(await harness.context.weddings.fetchPreview(harness.weddingID))
        preview.firstGuests.removeFirst(10)
        session.show(preview)
        #expect(!session.guests.isShowingPreview && Array(session.guests.visibleGuests) == loaded)
        session.close()
    }
}
