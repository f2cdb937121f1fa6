import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("Undo", .timeLimit(.minutes(3)))
struct UndoTests {
    @Test func undoingAnUpdateRestoresTheFields() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        let before = try #require(store.guest(Sample.ana))
        var edited = before.renamed("Anna")
        edited.table = 5
        #expect(await store.update(edited) == .saved)
        #expect(store.undoTitle == "edit guest: Anna Alvarez")

        #expect(await store.undo() == .saved)

        let stored = try #require(try await harness.stored { $0.guests[Sample.ana] })
        #expect(stored.firstName == "Ana" && stored.table == 2 && stored.version == 3)
        #expect(store.guest(Sample.ana) == stored)
        #expect(!store.canUndo)
    }

    @Test("a change set of several kinds shows in the store at once and is undone as one step")
    func aChangeSetIsOneUndoStep() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        var ana = try #require(store.guest(Sample.ana)), ben = try #require(store.guest(Sample.ben))
        let (anaTable, benTable) = (ana.table, ben.table)
        ana.table = 9
        ben.table = 9
        var changes = RecordChangeSet()
        changes.update(ana)
        changes.update(ben)
        changes.create(SeatingTable(number: 9, name: "Garden", capacity: 8))
        #expect(await store.commit(changes, title: "move household") == .saved)
        #expect(store.guest(Sample.ana)?.table == 9 && store.guest(Sample.ben)?.table == 9)
        #expect(try await harness.stored { $0.seatingTables.count } == 1)
        #expect(store.undoTitle == "move household")

        #expect(await store.undo() == .saved)

        #expect(store.guest(Sample.ana)?.table == anaTable && store.guest(Sample.ben)?.table == benTable)
        #expect(try await harness.stored { ($0.guests[Sample.ana]?.table, $0.seatingTables.count) } == (anaTable, 0))
        #expect(!store.canUndo)
    }

    @Test func undoingACreateDeletesTheRecord() async throws {
        let harness = Harness()
        let store = await harness.loaded(VendorStore.init)
        let vendor = Vendor(name: "Cake Co", category: .cake)
        #expect(await store.create(vendor) == .saved)

        #expect(await store.undo() == .saved)

        #expect(store.vendor(vendor.id) == nil)
        #expect(try await harness.stored { $0.vendors[vendor.id] } == nil)
    }

    @Test func undoingADeleteRecreatesTheRecordWithItsIDAndFields() async throws {
        let harness = Harness()
        let store = await harness.loaded(TaskStore.init)
        let deleted = try #require(store.task(Sample.orderCake))
        #expect(await store.delete(Sample.orderCake) == .saved)
        #expect(store.task(Sample.orderCake) == nil)
        #expect(store.undoTitle == "delete task: Order the cake")

        #expect(await store.undo() == .saved)

        let restored = try #require(try await harness.stored { $0.tasks[Sample.orderCake] })
        #expect(restored.title == deleted.title && restored.subtasks == deleted.subtasks)
        #expect(restored.dueDate == deleted.dueDate && restored.status == deleted.status)
        #expect(store.task(Sample.orderCake) == restored)
    }

    @Test func undoTakesChangesBackNewestFirst() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        #expect(await store.setRSVP(.attending, for: Sample.ben) == .saved)
        #expect(await store.delete(Sample.cleo) == .saved)

        #expect(await store.undo() == .saved)
        #expect(store.guest(Sample.cleo) != nil && store.guest(Sample.ben)?.rsvp == .attending)
        #expect(await store.undo() == .saved)
        #expect(store.guest(Sample.ben)?.rsvp == .invited)
        #expect(await store.undo() == .failed(.nothingToUndo))
        #expect(try await harness.stored { $0.guests } == store.guests)
    }

    @Test("two edits of one record are undone one after the other, back to where it started")
    func undoingTwoEditsOfOneRecord() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        let before = try #require(store.guest(Sample.ana))
        #expect(await store.update(before.renamed("Anna")) == .saved)
        #expect(await store.update(try #require(store.guest(Sample.ana)).renamed("Annie")) == .saved)

        #expect(await store.undo() == .saved)
        #expect(store.guest(Sample.ana)?.firstName == "Anna")
        #expect(await store.undo() == .saved, "the record holds what the first edit saved: nobody else changed it")
        #expect(store.guest(Sample.ana)?.firstName == before.firstName)
        #expect(try await harness.stored { $0.guests[Sample.ana]?.firstName } == before.firstName)
    }

    @Test func undoingAChangeSomeoneElseChangedSinceTakesBackOnlyMyField() async throws {
        let harness = Harness()
        let session = await harness.openSession()
        let store = session.guests
        #expect(await store.setRSVP(.attending, for: Sample.ben) == .saved)
        var theirs = try #require(store.guest(Sample.ben))
        theirs.notes = "theirs"
        theirs.version = 3
        await harness.externalWrite([.save(theirs)])

        let outcome = await store.undo()
        #expect(outcome == .merged("merged with someone@elsewhere's change to notes"))
        let stored = try #require(try await harness.stored { $0.guests[Sample.ben] })
        #expect(stored.rsvp == .invited && stored.notes == "theirs" && stored.version == 4)
        #expect(store.guest(Sample.ben) == stored)
    }

    @Test func undoingAFieldSomeoneElseChangedSinceAsksWhichToKeep() async throws {
        let harness = Harness()
        let session = await harness.openSession()
        let store = session.guests
        #expect(await store.setRSVP(.attending, for: Sample.ben) == .saved)
        var theirs = try #require(store.guest(Sample.ben))
        theirs.rsvp = .declined
        theirs.version = 3
        await harness.externalWrite([.save(theirs)])

        #expect(await store.undo() == .conflict)
        #expect(store.conflict?.yours.rsvp == .invited && store.conflict?.current?.rsvp == .declined)
        #expect(store.openConflict?.fields.map(\.label) == ["RSVP"])
        #expect(await store.resolveConflict(choosing: [.field("rsvp"): .mine]) == .saved)
        #expect(try await harness.stored { $0.guests[Sample.ben]?.rsvp } == .invited)
    }

    @Test func anUndoThatFailsToWriteCanBeTriedAgain() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        #expect(await store.delete(Sample.dev) == .saved)
        await harness.host.failNextWrites()

        guard case .failed(.repository(.storage)) = await store.undo() else {
            Issue.record("the undo should have failed to write")
            return
        }
        #expect(store.guest(Sample.dev) == nil && store.canUndo)
        #expect(await store.undo() == .saved)
        #expect(store.guest(Sample.dev) != nil)
    }
}
