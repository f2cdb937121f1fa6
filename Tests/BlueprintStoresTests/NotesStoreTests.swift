import BlueprintDomain
@testable import BlueprintStores
import BlueprintTestDoubles
import Foundation
import Testing

@MainActor
@Suite("The notes store", .timeLimit(.minutes(3)))
struct NotesStoreTests {
    @Test func aNoteIsAddedAsThisProcesssAuthorNowAndListedNewestFirst() async throws {
        let harness = Harness()
        let store = await harness.loaded(NotesStore.init)

        let before = Timestamp(Date())
        // The time written is the storage's (a real clock here): the notes are written a few
        // milliseconds apart so that their order is known.
        #expect(await store.add("Rain plan: the marquee", on: .wedding) == .saved)
        try await Task.sleep(for: .milliseconds(3))
        #expect(await store.add("Allergic to shellfish", on: .record(.guest, Sample.ana)) == .saved)
        try await Task.sleep(for: .milliseconds(3))
        #expect(await store.add("Wants the window seat", on: .record(.guest, Sample.ana)) == .saved)

        #expect(store.notes.map(\.text) == ["Wants the window seat", "Allergic to shellfish", "Rain plan: the marquee"])
        #expect(store.notes.allSatisfy { $0.author == InMemoryWeddingHost.author })
        #expect(store.notes.allSatisfy { $0.createdAt >= before && $0.createdAt <= Timestamp(Date()) })
        #expect(store.notes(of: .record(.guest, Sample.ana)).map(\.text) == ["Wants the window seat", "Allergic to shellfish"])
        #expect(store.notes(of: .wedding).map(\.text) == ["Rain plan: the marquee"])
        #expect(store.notes(of: .record(.guest, Sample.ben)).isEmpty)
        #expect(try await harness.stored { $0.notes.records.count } == 3)
    }

    @Test func editingKeepsTheAuthorAndTimeAndEditsAndDeletesAreUndone() async throws {
        let harness = Harness()
        let store = await harness.loaded(NotesStore.init)
        await store.add("Call the florist", on: .record(.vendor, Sample.roseFlorist))
        let note = try #require(store.notes.first)
        harness.clock.advance(by: .seconds(3600))

        #expect(await store.edit(note.id, text: "Called the florist\nthey will send a quote", version: note.version) == .saved)
        let edited = try #require(store.note(note.id))
        #expect(edited.text == "Called the florist\nthey will send a quote")
        #expect(edited.author == note.author && edited.createdAt == note.createdAt)
        #expect(edited.firstLine == "Called the florist")

        #expect(await store.undo() == .saved)
        #expect(store.note(note.id)?.text == "Call the florist")
        #expect(await store.delete(note.id) == .saved)
        #expect(store.notes.isEmpty)
        #expect(try await harness.stored { $0.notes.records.isEmpty })
        #expect(await store.undo() == .saved)
        #expect(store.notes(of: .record(.vendor, Sample.roseFlorist)).map(\.text) == ["Call the florist"])
    }

    @Test func anEditOfAStaleVersionIsAConflict() async throws {
        let harness = Harness()
        let store = await harness.loaded(NotesStore.init)
        await store.add("Call the florist", on: .wedding)
        let note = try #require(store.notes.first)
        #expect(await store.edit(note.id, text: "one", version: note.version) == .saved)
        #expect(await store.edit(note.id, text: "two", version: note.version) == .conflict)
        #expect(store.note(note.id)?.text == "one")
    }

    @Test func theNotesOfADeletedGuestGoWithItAndComeBackWithUndo() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        await session.notes.add("Allergic to shellfish", on: .record(.guest, Sample.ana))
        await session.notes.add("Rain plan", on: .wedding)
        try await harness.handOverChanges(messages, to: session)

        #expect(await session.guests.delete(Sample.ana) == .saved)
        #expect(session.notes.notes.count == 2, "the note went before the deletion's change was handled")
        try await harness.handOverChanges(messages, to: session)
        #expect(session.notes.notes.map(\.text) == ["Rain plan"])
        #expect(try await harness.stored { $0.notes.records.count } == 1)

        #expect(await session.guests.undo() == .saved)
        try await harness.handOverChanges(messages, to: session)
        #expect(session.notes.notes(of: .record(.guest, Sample.ana)).count == 1)
        #expect(try await harness.stored { $0.notes.records.count } == 2)
        session.close()
    }

    @Test func anotherSessionsNoteIsPatchedInWithoutReloading() async throws {
        let harness = Harness()
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        let reads = await harness.probe.readCounts()
        let note = Note(subject: .record(.guest, Sample.ben), text: "Bringing a guitar", author: "Mei",
                        createdAt: Sample.start)

        await harness.externalWrite([.save(note)])
        await messages.handOverChange(to: session)

        #expect(session.notes.note(note.id) != nil)
        #expect(session.notes.notes(of: .record(.guest, Sample.ben)).map(\.author) == ["Mei"])
        #expect(await harness.probe.readCounts() == reads, "the notes were patched, not loaded again")
        session.close()
    }

    @Test("search ignores case and accents and takes hostile text as text", arguments: [
        ("CRÈME", ["Crème brûlée for dessert"]), ("creme brulee", ["Crème brûlée for dessert"]),
        ("  shellfish ", ["Allergic to shellfish"]), ("", ["Crème brûlée for dessert", "Allergic to shellfish", "Evil \u{1B}[2J\u{202E}note"]),
        ("\u{1B}[2J", ["Evil \u{1B}[2J\u{202E}note"]), ("%@%n", []), ("nothing like it", []),
    ])
    func search(query: String, expected: [String]) async throws {
        let harness = Harness()
        let store = await harness.loaded(NotesStore.init)
        for text in ["Evil \u{1B}[2J\u{202E}note", "Allergic to shellfish", "Crème brûlée for dessert"] {
            await store.add(text, on: .wedding)
            try await Task.sleep(for: .milliseconds(3))
        }
        #expect(store.search(query).map(\.text) == expected)
    }

    @Test func theGuestFilterAndSearchFindAGuestByItsNotes() async throws {
        let harness = Harness()
        let session = await harness.openSession()
        let guests = session.guests
        await session.notes.add("Allergic to SHELLFISH", on: .record(.guest, Sample.cleo))

        guests.filter = GuestFilter(text: "shellfish")
        #expect(guests.visibleGuests.map(\.id) == [Sample.cleo])
        guests.filter = GuestFilter(text: "shellfish", rsvp: [.attending])
        #expect(guests.visibleGuests.isEmpty, "the other conditions still hold")

        guests.filter = GuestFilter(text: "vegetarian")
        #expect(guests.visibleGuests.map(\.id) == [Sample.dev], "the guest's own fields still match")
        await session.notes.add("Vegetarian, no eggs", on: .record(.guest, Sample.ben))
        #expect(Set(guests.visibleGuests.map(\.id)) == [Sample.ben, Sample.dev], "a new note joins the filtered rows")

        guests.filter = GuestFilter()
        guests.searchText = "shéllfish"
        let cleoRow = try #require(guests.visibleGuests.firstIndex { $0.id == Sample.cleo })
        #expect(guests.searchMatches.rows == [cleoRow])
        session.close()
    }

    @Test func theVendorAndTaskFiltersFindRecordsByTheirNotes() async throws {
        let harness = Harness()
        let session = await harness.openSession()
        await session.notes.add("Deposit refundable until May", on: .record(.vendor, Sample.roseFlorist))
        await session.notes.add("Ask about a refundable deposit", on: .record(.task, Sample.orderCake))

        session.vendors.filter = VendorFilter(text: "refundable")
        session.tasks.filter = TaskFilter(text: "refundable")
        #expect(session.vendors.visible.map(\.id) == [Sample.roseFlorist])
        #expect(session.tasks.visible.map(\.id) == [Sample.orderCake])
        session.close()
    }
}
