import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("Switching weddings", .timeLimit(.minutes(3)))
struct SwitchingTests {
    @Test func openingAnotherWeddingShowsNothingOfThePreviousOne() async throws {
        let other = Sample.otherDataset()
        let harness = Harness([Sample.dataset(), other])
        let app = AppModel(context: harness.context)
        let warmer = CacheWarmer(monitor: .init(clock: harness.clock))
        let first = app.open(harness.weddingID)
        _ = await warmer.warm(first).value

        let second = app.open(other.wedding.weddingID)
        _ = await warmer.warm(second).value

        #expect(app.session === second && first.isClosed && first.stores.allSatisfy(\.isClosed))
        #expect(second.wedding.wedding?.name == "Cy & Dee")
        #expect(second.guests.visibleGuests.map(\.firstName) == ["Zoe"])
        #expect(second.budget.expenses.isEmpty && second.vendors.vendors.isEmpty && second.tasks.tasks.isEmpty)
        #expect(try await app.weddings().map(\.name) == ["Ana & Ben", "Cy & Dee"])
    }

    @Test func aLoadOfThePreviousWeddingStillInFlightCannotLandInTheNewOne() async throws {
        let other = Sample.otherDataset()
        let harness = Harness([Sample.dataset(), other])
        let app = AppModel(context: harness.context)
        await harness.probe.hold(.read(.guests), in: harness.weddingID)
        let first = app.open(harness.weddingID)
        let staleLoad = Task { await first.guests.load() }
        await harness.probe.waitForCalls(.read(.guests))

        let second = app.open(other.wedding.weddingID)
        await second.guests.load()
        let secondChanges = second.guests.changeCount
        await harness.probe.release(.read(.guests), in: harness.weddingID)
        await staleLoad.value

        #expect(first.guests.guests.isEmpty)
        #expect(second.guests.guests.map(\.firstName) == ["Zoe"])
        #expect(second.guests.guests.allSatisfy { $0.id != Sample.ana })
        #expect(second.guests.changeCount == secondChanges, "the stale load changed the new wedding's store")
    }

    @Test func anEditToThePreviousWeddingAfterSwitchingIsRefused() async throws {
        let other = Sample.otherDataset()
        let harness = Harness([Sample.dataset(), other])
        let app = AppModel(context: harness.context)
        let first = app.open(harness.weddingID)
        await first.guests.load()
        app.open(other.wedding.weddingID)

        #expect(await first.guests.delete(Sample.ana) == .failed(.closed))
        #expect(try await harness.stored { $0.guests[Sample.ana] } != nil)
    }

    @Test func closingTheOpenWeddingLeavesNoneOpenAndItsStoresRefuseEdits() async throws {
        let harness = Harness()
        let app = AppModel(context: harness.context)
        let session = app.open(harness.weddingID)
        await session.tasks.load()
        app.closeSession()
        #expect(app.session == nil && session.isClosed && session.tasks.isClosed)
        #expect(await session.tasks.toggleDone(Sample.orderCake) == .failed(.closed))
    }
}
