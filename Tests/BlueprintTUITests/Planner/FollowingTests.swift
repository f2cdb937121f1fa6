import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

/// Open details and forms follow their record: another session's change, this session's change
/// from elsewhere (a command), and a deletion show while they stay open.
@Suite("Open details and forms follow the data", .timeLimit(.minutes(5)))
@MainActor
struct FollowingTests {
    /// A planner whose activity has been read, so it names who made each change that follows
    /// (the planner reads it when details or a form open, but not before they are first drawn).
    func plannerWithActivity(columns: Int = 100) async -> PlannerHarness {
        let planner = await PlannerHarness(columns: columns)
        let activity = planner.session.activity
        planner.holdsMessages = true
        activity.loadIfNeeded()
        await planner.handleMessages { activity.state == .loaded }
        return planner
    }

    /// Has Sam, in another session, change Ana with `change` (a committed change the activity
    /// describes), and hands the planner its messages until its store has it.
    func samChangesAna(_ planner: PlannerHarness, _ change: @escaping @Sendable (inout Guest) -> Void) async throws {
        let guests = planner.session.guests
        let before = guests.guest(Wedding1.ana)?.version
        planner.holdsMessages = true
        try await planner.host.simulateExternalCommit(planner.weddingID, by: "Sam") { transaction in
            guard var ana = transaction.dataset.guests[Wedding1.ana] else { return }
            change(&ana)
            try transaction.update(ana)
        }
        await planner.handleMessages { guests.guest(Wedding1.ana)?.version != before }
    }

    @Test("details open on a guest show another session's RSVP change at once, with who made it")
    func detailsFollowAnotherSession() async throws {
        let planner = await plannerWithActivity()
        await planner.press(.enter)
        #expect(planner.frame().contains("RSVP  Attending"))
        try await samChangesAna(planner) { $0.rsvp = .declined }
        let frame = planner.frame()
        #expect(frame.contains("┌─ Ana Alvarez"), "the details stay open")
        #expect(frame.contains("RSVP  Declined"))
        #expect(frame.contains("by Sam"), "the Updated line names who changed it")
    }

    @Test("details open on a guest show a note another session writes on them")
    func detailsShowNewNotes() async throws {
        let planner = await plannerWithActivity()
        await planner.press(.enter)
        #expect(planner.frame().contains("Notes (0)"))
        let note = Note(subject: .record(.guest, Wedding1.ana), text: "Arrives by train", author: "Sam", createdAt: Wedding1.start)
        planner.holdsMessages = true
        await planner.host.simulateExternalWrite(planner.weddingID, [.save(note)])
        #expect(!planner.frame().contains("Arrives by train"), "shown before its message was handled")
        let notes = planner.session.notes
        await planner.handleMessages { !notes.notes(of: .record(.guest, Wedding1.ana)).isEmpty }
        let frame = planner.frame()
        #expect(frame.contains("Notes (1)") && frame.contains("Arrives by train"))
    }

    @Test(":attach from a vendor's details shows the document in them at once")
    func detailsShowAttachedDocuments() async throws {
        let planner = await PlannerHarness([Wedding1.documentedDataset()], rows: 40, columns: 120)
        let files = try DocumentsPlannerTests.Files()
        await planner.press(.character("3"), .enter)
        #expect(planner.frame().contains("Documents (2)"))
        await planner.press(.character(":"))
        await planner.type("attach " + CommandWords.quoted(try files.write("plan.txt", "Tables")))
        await planner.press(.enter)
        let frame = planner.frame()
        #expect(frame.contains("┌─ Grand Hall"), "the details stay open")
        #expect(frame.contains("Documents (3)") && frame.contains("plan.txt · text/plain · 6 B"))
    }

    @Test("details of a guest deleted meanwhile say who deleted it and when; e and d no longer act")
    func detailsOfADeletedGuest() async throws {
        let planner = await plannerWithActivity()
        await planner.press(.enter)
        let guests = planner.session.guests
        planner.holdsMessages = true
        try await planner.host.simulateExternalCommit(planner.weddingID, by: "Sam") { try $0.delete(Guest.self, id: Wedding1.ana) }
        #expect(!planner.frame().contains("Deleted by Sam"), "shown before its message was handled")
        await planner.handleMessages { guests.guest(Wedding1.ana) == nil }
        let frame = planner.frame()
        #expect(frame.contains("┌─ Ana Alvarez"), "the last lines stay")
        #expect(frame.contains("Deleted by Sam · just now"))
        #expect(!frame.contains("e edits"))
        await planner.press(.character("e"))
        #expect(!planner.frame().contains("┌─ Edit"), "no form on a deleted guest")
        #expect(planner.statusRow.contains("Deleted by Sam"))
    }

    @Test("a guest's form takes another session's change into a field not edited here, and says so")
    func formTakesUntouchedChanges() async throws {
        let planner = await plannerWithActivity(columns: 120)
        await planner.press(.character("e"))
        try await samChangesAna(planner) { $0.email = "ana@new.example" }
        let frame = planner.frame()
        #expect(frame.contains("ana@new.example"))
        #expect(frame.contains("updated by Sam"))
        #expect(planner.session.guests.guest(Wedding1.ana)?.email == "ana@new.example")
    }

    @Test("a field that took another session's value and is then typed over says whose value it replaces")
    func takenFieldTypedOver() async throws {
        let planner = await plannerWithActivity(columns: 120)
        await planner.press(.character("e"))
        try await samChangesAna(planner) { $0.lastName = "Zed" }
        #expect(planner.frame().contains("updated by Sam"))
        await planner.press(.tab, .control("u"))
        await planner.type("Young")
        let frame = planner.frame()
        #expect(frame.contains("Sam changed this: Zed") && !frame.contains("updated by Sam"))
    }

    @Test("a guest's form keeps what was typed in a field another session changed, and shows theirs beside it")
    func formKeepsTypedValues() async throws {
        let planner = await plannerWithActivity(columns: 120)
        await planner.press(.character("e"), .tab, .control("u"))
        await planner.type("Mine")
        try await samChangesAna(planner) { $0.lastName = "Theirs\u{1B}[2J" }
        let frame = planner.frame()
        #expect(frame.contains("Mine"))
        #expect(frame.contains("Sam changed this: Theirs"))
        #expect(!frame.contains("\u{1B}"), "their value is drawn sanitised")
    }

    @Test("on a narrow terminal the other session's value goes under the field, cut to the field's width")
    func formMarksUnderTheFieldWhenNarrow() async throws {
        let planner = await plannerWithActivity(columns: 60)
        await planner.press(.character("e"), .tab, .control("u"))
        await planner.type("Mine")
        try await samChangesAna(planner) { $0.lastName = String(repeating: "Long", count: 20) }
        let frame = planner.frame()
        let marked = try #require(frame.split(separator: "\n").first { $0.contains("Sam changed this:") })
        #expect(marked.contains("↳ Sam changed this: LongLong") && marked.contains("…"))
    }

    @Test("a vendor's form follows the vendor too: another session's new phone number comes in")
    func vendorFormFollows() async throws {
        let planner = await plannerWithActivity(columns: 120)
        await planner.press(.character("3"), .character("e"))
        #expect(planner.frame().contains("┌─ Edit Grand Hall"))
        let vendors = planner.session.vendors
        planner.holdsMessages = true
        try await planner.host.simulateExternalCommit(planner.weddingID, by: "Mei") { transaction in
            guard var hall = transaction.dataset.vendors[Wedding1.grandHall] else { return }
            hall.phone = "+1 555 0100"
            try transaction.update(hall)
        }
        #expect(!planner.frame().contains("+1 555 0100"), "shown before its message was handled")
        await planner.handleMessages { vendors.vendor(Wedding1.grandHall)?.phone == "+1 555 0100" }
        let frame = planner.frame()
        #expect(frame.contains("+1 555 0100") && frame.contains("updated by Mei"))
    }

    @Test("the wedding's settings form follows the wedding: another session's partner name comes in")
    func settingsFormFollows() async throws {
        let planner = await plannerWithActivity(columns: 120)
        await planner.press(.character("0"), .character("W"))
        let store = planner.session.wedding
        planner.holdsMessages = true
        try await planner.host.simulateExternalCommit(planner.weddingID, by: "Sam") { transaction in
            var wedding = transaction.dataset.wedding
            wedding.partner2Name = "Benedict"
            _ = try transaction.updateWedding(wedding)
        }
        #expect(!planner.frame().contains("Benedict"), "shown before its message was handled")
        await planner.handleMessages { store.wedding?.partner2Name == "Benedict" }
        let frame = planner.frame()
        #expect(frame.contains("Benedict") && frame.contains("updated by Sam"))
    }

    @Test("a form whose guest another session deleted says so")
    func formOfADeletedGuest() async throws {
        let planner = await plannerWithActivity()
        await planner.press(.character("e"))
        let guests = planner.session.guests
        planner.holdsMessages = true
        try await planner.host.simulateExternalCommit(planner.weddingID, by: "Sam") { try $0.delete(Guest.self, id: Wedding1.ana) }
        #expect(!planner.frame().contains("Deleted by Sam"), "shown before its message was handled")
        await planner.handleMessages { guests.guest(Wedding1.ana) == nil }
        #expect(planner.frame().contains("Deleted by Sam · just now"))
    }

    @Test("a seating suggestion open when another session seats its guest suggests again and says so; Enter seats nobody then")
    func seatingPreviewFollows() async throws {
        let planner = await PlannerHarness([GuestsPaneTests.seatingDataset()])
        await planner.press(.character("v"), .character("s"))
        #expect(planner.frame().contains("Table 3 · Garden  Fay Fox (+1)"))
        let guests = planner.session.guests
        var fay = try #require(guests.guest(Wedding1.uuid(90)))
        fay.table = 3
        fay.version += 1
        planner.holdsMessages = true
        await planner.host.simulateExternalWrite(planner.weddingID, [.save(fay)])
        #expect(planner.frame().contains("Table 3 · Garden  Fay Fox (+1)") && !planner.frame().contains("Suggested again"),
                "suggested again before its message was handled")
        await planner.handleMessages { guests.guest(Wedding1.uuid(90))?.table == 3 }
        let frame = planner.frame()
        #expect(frame.contains("Suggested again: the guests or tables changed"))
        #expect(frame.contains("Nobody to seat.") && !frame.contains("Table 3 · Garden  Fay Fox (+1)"))
        await planner.press(.enter)
        #expect(planner.statusRow.contains("Seated 0 guests"))
    }
}
