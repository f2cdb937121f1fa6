import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import BlueprintTestDoubles
import Foundation
import Testing

extension Wedding1 {
    static let speechesNote = uuid(101), shellfishNote = uuid(102), depositNote = uuid(103), hostileNote = uuid(104)

    /// The planner's wedding with notes written before `start` (the planner's now): on the
    /// wedding 5 minutes before, on Ana 3 hours before (two lines), on the Grand Hall 10 days
    /// before, and, with `hostile`, one with control and bidi characters on the hostile guest.
    static func notedDataset(hostile: Bool = false) -> WeddingDataset {
        var dataset = dataset()
        func before(_ seconds: Int64) -> Timestamp { Timestamp(millisecondsSince1970: start.millisecondsSince1970 - seconds * 1000) }
        dataset.notes.upsert(Note(id: speechesNote, subject: .wedding, text: "Keep the speeches to three, ten minutes each",
                                  author: "Mei", createdAt: before(5 * 60)))
        dataset.notes.upsert(Note(id: shellfishNote, subject: .record(.guest, ana),
                                  text: "Allergic to shellfish\nTold the caterer on Tuesday", author: "Sam", createdAt: before(3 * 3600)))
        dataset.notes.upsert(Note(id: depositNote, subject: .record(.vendor, grandHall), text: "Deposit refundable until May",
                                  author: "Mei", createdAt: before(10 * 86_400)))
        if hostile {
            dataset.notes.upsert(Note(id: hostileNote, subject: .record(.guest, Self.hostile),
                                      text: "Evil\u{1B}]0;pwned\u{07} \u{202E}note\r\nsecond\u{1B}[2J line 山田 😀",
                                      author: "\u{1B}[31mMallory\u{200B}", createdAt: before(2 * 86_400)))
        }
        return dataset
    }
}

@Suite("The notes pane, notes in details, and finding records by their notes")
@MainActor
struct NotesPaneTests {
    @Test("the notes pane lists every note newest first: when, who, what it is about, its first line")
    func listsNotes() async throws {
        let planner = await PlannerHarness([Wedding1.notedDataset()], rows: 24, columns: 120)
        await planner.press(.character("7"))
        let rows = planner.frame().split(separator: "\n").map(String.init)
        let notes = rows.filter { $0.contains("ago") || $0.contains("2025-") }
        #expect(notes.count == 3)
        #expect(notes[0].contains("5 min ago") && notes[0].contains("Mei") && notes[0].contains("Wedding")
                && notes[0].contains("Keep the speeches to three"))
        #expect(notes[1].contains("3 h ago") && notes[1].contains("Sam") && notes[1].contains("Guest: Ana Alvarez")
                && notes[1].contains("Allergic to shellfish") && !notes[1].contains("Tuesday"))
        #expect(notes[2].contains("2025-12-22") && notes[2].contains("Vendor: Grand Hall"))
        #expect(planner.statusRow.contains("NOTES │ 3 notes"))
    }

    @Test("Enter on a note about a record opens the record in its pane; on the wedding it shows the whole note")
    func opensRecords() async throws {
        let planner = await PlannerHarness([Wedding1.notedDataset()], rows: 24, columns: 120)
        await planner.press(.character("7"), .character("j"), .enter)
        #expect(planner.screen.activePane == 1)
        await planner.press(.character("e"))
        #expect(planner.frame().contains("Edit Ana Alvarez"), "Ana is the guest selected")
        await planner.press(.escape)

        await planner.press(.character("7"), .character("G"), .enter)
        #expect(planner.screen.activePane == 3)
        await planner.press(.enter)
        #expect(planner.frame().contains("┌─ Grand Hall"))
        await planner.press(.escape)

        await planner.press(.character("7"), .character("g"), .enter)
        let frame = planner.frame()
        #expect(planner.screen.activePane == 7)
        #expect(frame.contains("┌─ Note ─"))
        #expect(frame.contains("About  Wedding") && frame.contains("Written by  Mei"))
        #expect(frame.contains("Keep the speeches to three, ten minutes each"))
    }

    @Test("/ in the notes pane narrows it to the notes containing the text, ignoring case and accents; Esc shows every note again")
    func searchFilters() async throws {
        let planner = await PlannerHarness([Wedding1.notedDataset()], rows: 24, columns: 120)
        await planner.press(.character("7"), .character("/"))
        await planner.type("SHÉLLFISH")
        await planner.press(.enter)
        let frame = planner.frame()
        #expect(frame.contains("Allergic to shellfish"))
        #expect(!frame.contains("Keep the speeches") && !frame.contains("Deposit refundable"))
        #expect(planner.statusRow.contains("/SHÉLLFISH (1 match)"))
        await planner.press(.escape)
        #expect(planner.frame().contains("Keep the speeches"))
    }

    @Test("a writes a note on the wedding as this process's author; e edits it; d deletes it after asking; u undoes")
    func addEditDelete() async throws {
        let planner = await PlannerHarness([Wedding1.notedDataset()], rows: 24, columns: 120)
        await planner.press(.character("7"), .character("a"))
        #expect(planner.frame().contains("New note · Wedding"))
        await planner.type("Book the photographer")
        await planner.press(.enter)
        let added = try #require(try await planner.stored { $0.notes.records.first { $0.text == "Book the photographer" } })
        #expect(added.subject == .wedding && added.author == InMemoryWeddingHost.author)
        #expect(planner.statusRow.contains("Wrote a note on Wedding"))
        let firstNote = planner.frame().split(separator: "\n").dropFirst(2).first.map(String.init) ?? ""
        #expect(firstNote.contains("Book the photographer"), "the new note is listed first")

        await planner.press(.character("e"))
        await planner.press(.control("u"))
        await planner.type("Book the photographer by March")
        await planner.press(.enter)
        #expect(try await planner.stored { $0.notes[added.id]?.text } == "Book the photographer by March")

        await planner.press(.character("d"))
        #expect(planner.frame().contains("Delete the note “Book the photographer by March”?"))
        await planner.press(.character("y"))
        #expect(try await planner.stored { $0.notes[added.id] } == nil)
        await planner.press(.character("u"))
        #expect(try await planner.stored { $0.notes[added.id]?.text } == "Book the photographer by March")
    }

    @Test("an empty note is refused beside its field, and nothing is written")
    func emptyNoteRefused() async throws {
        let planner = await PlannerHarness([Wedding1.notedDataset()], rows: 24, columns: 120)
        await planner.press(.character("7"), .character("a"))
        await planner.type("   ")
        await planner.press(.enter)
        #expect(planner.frame().contains("New note · Wedding"), "the form stays open")
        #expect(planner.statusRow.contains("Not saved"))
        #expect(try await planner.stored { $0.notes.count } == 3)
    }

    @Test("a record's details end with its notes, newest first, each line wrapped; w there writes one on the record")
    func detailShowsNotes() async throws {
        let planner = await PlannerHarness([Wedding1.notedDataset()], rows: 30, columns: 100)
        await planner.press(.enter)
        var frame = planner.frame()
        #expect(frame.contains("┌─ Ana Alvarez"))
        #expect(frame.contains("Notes (1)"))
        #expect(frame.contains("Sam · 3 h ago"))
        #expect(frame.contains("Allergic to shellfish"))
        #expect(frame.contains("Told the caterer on Tuesday"))
        #expect(frame.contains("w writes a note"))

        await planner.press(.character("w"))
        #expect(planner.frame().contains("New note · Guest: Ana Alvarez"))
        await planner.type("Seat her away from the speakers, near the garden doors, where it is quieter for the grandparents too")
        await planner.press(.enter)
        #expect(try await planner.stored { $0.notes.records.filter { $0.subject == .record(.guest, Wedding1.ana) }.count } == 2)

        await planner.press(.enter)
        frame = planner.frame()
        #expect(frame.contains("Notes (2)"))
        #expect(frame.contains("Seat her away from the speakers"))
        #expect(frame.contains("quieter for the grandparents too"), "a long line is wrapped, not cut")
    }

    @Test("w in a list writes a note on the selected row; on the dashboard, on the wedding")
    func writeFromLists() async throws {
        let planner = await PlannerHarness([Wedding1.notedDataset()], rows: 24, columns: 120)
        await planner.press(.character("3"), .character("w"))
        #expect(planner.frame().contains("New note · Vendor: Grand Hall"))
        await planner.type("Ask about overtime")
        await planner.press(.enter)
        #expect(try await planner.stored { $0.notes.records.contains { $0.subject == .record(.vendor, Wedding1.grandHall)
            && $0.text == "Ask about overtime" } })

        await planner.press(.character("0"), .character("w"))
        #expect(planner.frame().contains("New note · Wedding"))
    }

    @Test("/ in the guest list also matches a guest whose notes contain the text")
    func guestSearchFindsNotes() async throws {
        let planner = await PlannerHarness([Wedding1.notedDataset()], rows: 24, columns: 120)
        await planner.press(.character("/"))
        await planner.type("shellfish")
        await planner.press(.enter)
        #expect(planner.statusRow.contains("/shellfish (1 match)"))
        await planner.press(.character("n"))
        await planner.press(.character("e"))
        #expect(planner.frame().contains("Edit Ana Alvarez"))
    }

    @Test(":notes TEXT (or :find TEXT) opens the notes pane narrowed to TEXT")
    func notesCommand() async throws {
        let planner = await PlannerHarness([Wedding1.notedDataset()], rows: 24, columns: 120)
        await planner.press(.character(":"))
        await planner.type("notes deposit")
        await planner.press(.enter)
        #expect(planner.screen.activePane == 7)
        let frame = planner.frame()
        #expect(frame.contains("Deposit refundable until May") && !frame.contains("Keep the speeches"))
        #expect(planner.statusRow.contains("Notes containing “deposit”: 1"))

        await planner.press(.character(":"))
        await planner.type("find speeches")
        await planner.press(.enter)
        #expect(planner.frame().contains("Keep the speeches") && !planner.frame().contains("Deposit refundable"))
    }

    @Test("the notes pane", arguments: SnapshotTests.sizes)
    func snapshot(_ size: CanvasSize) async {
        let planner = await PlannerHarness([Wedding1.notedDataset()], rows: size.rows, columns: size.columns)
        await planner.press(.character("7"))
        planner.frame()
        Snapshot.expect(planner.canvas, named: "notes-\(size.columns)x\(size.rows)")
    }

    @Test("hostile notes are drawn neutralised in the notes pane and in a guest's details", arguments: SnapshotTests.sizes)
    func hostileSnapshot(_ size: CanvasSize) async {
        let planner = await PlannerHarness([Wedding1.notedDataset(hostile: true)], rows: size.rows, columns: size.columns)
        await planner.press(.character("7"))
        planner.frame()
        #expect(!planner.canvas.text.contains("\u{1B}") && !planner.canvas.text.contains("\u{202E}"))
        Snapshot.expect(planner.canvas, named: "notes-hostile-\(size.columns)x\(size.rows)")
        await planner.press(.character("j"), .character("j"), .enter, .enter)
        planner.frame()
        #expect(!planner.canvas.text.contains("\u{1B}") && !planner.canvas.text.contains("\u{202E}"))
        Snapshot.expect(planner.canvas, named: "note-detail-hostile-\(size.columns)x\(size.rows)")
    }
}
