import BlueprintDomain
import Foundation
import Testing

@Suite("Finding records by their notes")
struct NoteQueryTests {
    let ana = FilterTests.ana, bjorn = FilterTests.bjorn
    var notes: [Note] {
        [Note(subject: .record(ana), text: "Allergic to SHELLFISH;\ntold the caterer.", author: "Mei"),
         Note(subject: .record(bjorn), text: "Crème brûlée for dessert", author: "Mei"),
         Note(subject: .wedding, text: "Shellfish-free menu", author: "Sam"),
         Note(subject: .record(.vendor, uuid(9)), text: "shellfish supplier", author: "Sam")]
    }

    @Test("a note's text is matched ignoring case and accents, as any field is")
    func textMatching() {
        #expect(TextQuery("creme brulee").matches(notes[1]))
        #expect(TextQuery("CRÈME").matches(notes[1]))
        #expect(!TextQuery("mei").matches(notes[1]), "the author is not the note's text")
        #expect(TextQuery("told the").matches(notes[0]), "a match on a later line")
    }

    @Test("the records of one kind whose notes match, found once per query")
    func subjectIDs() {
        #expect(TextQuery("shellfish").subjectIDs(of: .guest, in: notes) == [ana.id])
        #expect(TextQuery("shellfish").subjectIDs(of: .vendor, in: notes) == [uuid(9)])
        #expect(TextQuery("dessert").subjectIDs(of: .guest, in: notes) == [bjorn.id])
        #expect(TextQuery("").subjectIDs(of: .guest, in: notes).isEmpty, "an empty text matches every guest anyway")
        #expect(TextQuery("\u{202E}\u{1B}[2J").subjectIDs(of: .guest, in: notes).isEmpty)
    }

    @Test("a guest filter's text lets through the guests whose notes contain it, with its other conditions")
    func guestFilter() {
        var filter = GuestFilter(text: "shellfish")
        #expect(FilterTests.guests.filter(filter.matches).isEmpty)
        filter.notedIDs = TextQuery("shellfish").subjectIDs(of: .guest, in: notes)
        #expect(FilterTests.guests.filter(filter.matches).map(\.id) == [ana.id])
        filter.rsvp = [.attending]
        #expect(FilterTests.guests.filter(filter.matches).isEmpty, "Ana declined: the RSVP condition still holds")
    }
}
