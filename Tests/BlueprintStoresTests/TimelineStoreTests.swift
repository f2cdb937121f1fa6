import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("The timeline store", .timeLimit(.minutes(3)))
struct TimelineStoreTests {
    @Test func itShowsTheMilestonesByDateTheRunSheetByTimeAndItsClashes() async throws {
        let harness = Harness()
        let store = await harness.loaded(TimelineStore.init)

        #expect(store.milestones.map(\.id) == [Sample.saveTheDates, Sample.invitationsSent, Sample.finalHeadcount, Sample.weddingDay])
        #expect(store.runSheet.map(\.id) == [Sample.ceremony, Sample.drinks, Sample.dinner, Sample.venueTour])
        #expect(store.overdueMilestoneCount == 1)
        #expect(store.clashes == [
            RunSheetClash(first: Sample.ceremony, second: Sample.drinks, reason: .samePlace("garden ")),
            RunSheetClash(first: Sample.dinner, second: Sample.venueTour, reason: .vendorInTwoPlaces(Sample.grandHall)),
        ])
        #expect(store.clashes(involving: Sample.drinks).map(\.first) == [Sample.ceremony])
        #expect(store.clashes(involving: Sample.dinner).map(\.second) == [Sample.venueTour])
        #expect(store.clashes(involving: Sample.ceremony).count == 1)
    }

    @Test func anotherSessionsChangeIsPatchedInWithoutReloading() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        let store = session.timeline
        let reads = await harness.probe.readCounts()
        var drinks = try #require(store.item(Sample.drinks))
        drinks.start = Sample.time(14, 45)
        drinks.version += 1
        var headcount = try #require(store.milestone(Sample.finalHeadcount))
        headcount.date = CalendarDate(year: 2025, month: 12, day: 31)!
        headcount.version += 1
        let rehearsal = RunSheetItem(day: Sample.weddingDate.adding(days: -1), start: Sample.time(18, 0), end: Sample.time(20, 0),
                                     title: "Rehearsal dinner", place: "Main hall")

        await harness.externalWrite([.save(drinks), .save(headcount), .save(rehearsal),
                                     .delete(RunSheetItem.self, id: Sample.venueTour)])

        await messages.handOverChange(to: session)
        #expect(store.item(Sample.venueTour) == nil && store.item(rehearsal.id) != nil)
        // The drinks now start as the ceremony ends, and the tour is gone: no clash is left.
        #expect(store.clashes.isEmpty)
        #expect(store.runSheet.map(\.id) == [rehearsal.id, Sample.ceremony, Sample.drinks, Sample.dinner])
        #expect(store.milestones.map(\.id) == [Sample.saveTheDates, Sample.invitationsSent, Sample.finalHeadcount, Sample.weddingDay])
        #expect(store.overdueMilestoneCount == 2)
        #expect(store.isCacheValid && store.loadState == .loaded)
        #expect(await harness.probe.readCounts() == reads, "the timeline was patched, not loaded again")
        session.close()
    }

    @Test func anEditShowsAtOnceAndIsNotReloadedOnceWritten() async throws {
        let harness = Harness()
        let session = await harness.openSession()
        let store = session.timeline
        let reads = await harness.probe.readCounts()
        var tour = try #require(store.item(Sample.venueTour))
        tour.start = Sample.time(19, 0)
        tour.end = Sample.time(19, 30)
        await harness.probe.hold(.write(.timeline))

        let saving = Task { await store.updateItem(tour) }
        await harness.probe.waitForCalls(.write(.timeline))
        #expect(store.runSheet.last?.start == Sample.time(19, 0), "shown while the write is in flight")
        #expect(store.clashes.count == 1)
        await harness.probe.release(.write(.timeline))

        #expect(await saving.value == .saved)
        #expect(store.item(Sample.venueTour)?.version == 2)
        #expect(try await harness.stored { $0.runSheet[Sample.venueTour]?.start } == Sample.time(19, 0))
        #expect(await harness.probe.readCounts() == reads)
        session.close()
    }

    @Test func milestonesAreAddedMarkedDoneDeletedAndUndone() async throws {
        let harness = Harness()
        let store = await harness.loaded(TimelineStore.init)
        let fitting = Milestone(title: "Dress fitting", date: CalendarDate(year: 2026, month: 3, day: 1)!)

        #expect(await store.createMilestone(fitting) == .saved)
        #expect(store.milestones.map(\.title) == ["Save-the-dates sent", "Invitations sent", "Dress fitting", "Final headcount",
                                                   "The wedding day"])
        #expect(await store.toggleDone(Sample.invitationsSent) == .saved)
        #expect(store.overdueMilestoneCount == 0)
        #expect(store.undoTitle == "mark milestone done: Invitations sent")
        #expect(await store.deleteMilestone(fitting.id) == .saved)
        #expect(store.milestone(fitting.id) == nil)

        #expect(await store.undo() == .saved)
        #expect(store.milestone(fitting.id)?.title == "Dress fitting")
        #expect(await store.undo() == .saved)
        #expect(store.milestone(Sample.invitationsSent)?.isDone == false)
        #expect(try await harness.stored { $0.milestones[Sample.invitationsSent]?.isDone } == false)
        #expect(try await harness.stored { $0.milestones[fitting.id]?.title } == "Dress fitting")
    }

    @Test func aRefusedWriteRollsBackAndAnInvalidItemIsRefused() async throws {
        let harness = Harness()
        let store = await harness.loaded(TimelineStore.init)
        let speeches = RunSheetItem(day: Sample.weddingDate, start: Sample.time(18, 0), end: Sample.time(18, 30), title: "Speeches",
                                    place: "Main hall")
        await harness.probe.failNext(.write(.timeline), with: .storage("timeline.json: disk full"))

        #expect(await store.createItem(speeches) == .failed(.repository(.storage("timeline.json: disk full"))))
        #expect(store.item(speeches.id) == nil && store.clashes.count == 2)

        var instant = speeches
        instant.end = speeches.start
        guard case .failed(.repository(.invalid(_, let issues))) = await store.createItem(instant) else {
            Issue.record("an item that ends when it starts was saved")
            return
        }
        #expect(issues.map(\.field) == ["end"])
        #expect(store.runSheet.count == 4)
    }

    @Test func deletingAVendorUnlinksItsItemsAndTheirClashGoes() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)

        #expect(await session.vendors.delete(Sample.grandHall) == .saved)
        await messages.handOverChange(to: session)

        #expect(session.timeline.item(Sample.dinner)?.vendorID == nil)
        #expect(session.timeline.item(Sample.venueTour)?.vendorID == nil)
        #expect(session.timeline.clashes.map(\.first) == [Sample.ceremony])
        session.close()
    }
}
