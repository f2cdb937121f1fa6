import BlueprintDomain
import BlueprintInterchange
import Foundation
import Testing

/// Text values are escaped as RFC 5545 TEXT (section 3.3.11) and read back exactly, and nothing
/// typed into them can end a line or start a component.
@Suite struct CalendarTextTests {
    /// What is typed, and what a calendar app reads back: line breaks become LF, control
    /// characters other than the tab are dropped, everything else is kept byte for byte.
    static let texts: [(typed: String, readBack: String)] = [
        ("Drinks, dinner; dancing", "Drinks, dinner; dancing"),
        (#"C:\Users\ana\plan.txt"#, #"C:\Users\ana\plan.txt"#),
        (#"a literal \n, \, and \; stay as typed"#, #"a literal \n, \, and \; stay as typed"#),
        ("ends in a backslash\\", "ends in a backslash\\"),
        ("first line\nsecond line", "first line\nsecond line"),
        ("windows\r\nline ends\r\n", "windows\nline ends\n"),
        ("\n\nblank lines\n\n", "\n\nblank lines\n\n"),
        ("a stray\rreturn", "a strayreturn"),
        ("null\u{0}bell\u{7}escape\u{1B}[31m delete\u{7F} next-line\u{85} tab\tkept", "nullbellescape[31m delete next-line tab\tkept"),
        ("\"quoted\": colon", "\"quoted\": colon"),
        ("健二 山本", "健二 山本"),
        ("Zo\u{EB} and Zoe\u{308}", "Zo\u{EB} and Zoe\u{308}"),
        ("👰🏽‍♀️🤵🏿 💍 🇯🇵", "👰🏽‍♀️🤵🏿 💍 🇯🇵"),
        ("", ""),
    ]

    /// The summary line as written, unfolded but not unescaped.
    private func writtenSummary(_ summary: String) throws -> String {
        let lines = try ICalendarReader.unfold(CalendarFixtures.physicalLines(
            CalendarFixtures.data([CalendarFixtures.event(summary: summary)])))
        return try #require(lines.first { $0.hasPrefix("SUMMARY:") })
    }

    @Test func specialCharactersAreEscapedWithABackslash() throws {
        #expect(try writtenSummary(#"a,b;c\d"#) == #"SUMMARY:a\,b\;c\\d"#)
    }

    @Test func lineBreaksAreWrittenAsBackslashN() throws {
        #expect(try writtenSummary("one\ntwo\r\nthree") == #"SUMMARY:one\ntwo\nthree"#)
    }

    @Test(arguments: texts)
    func everyTextPropertyReadsBackExactly(typed: String, readBack: String) throws {
        let component = CalendarComponent(kind: .event(.allDay(CalendarFixtures.weddingDay)), uid: "uid-" + typed,
                                          stamp: CalendarFixtures.stamp, summary: typed, details: "d" + typed,
                                          location: "l" + typed)
        let data = CalendarDocument(name: typed, components: [component]).data()
        let calendar = try ICalendarReader.calendar(data)
        let event = try #require(calendar.children.first)
        // Compared as bytes: Swift's == would call "ë" and "e\u{308}" the same.
        #expect(Array(try calendar.text("X-WR-CALNAME").utf8) == Array(readBack.utf8))
        #expect(Array(try event.text("UID").utf8) == Array(("uid-" + readBack).utf8))
        #expect(Array(try event.text("SUMMARY").utf8) == Array(readBack.utf8))
        #expect(Array(try event.text("DESCRIPTION").utf8) == Array(("d" + readBack).utf8))
        #expect(Array(try event.text("LOCATION").utf8) == Array(("l" + readBack).utf8))
    }

    @Test func categoriesAreOneListWithEachNameEscaped() throws {
        let names = ["Venue, hall", "Vendors; misc", #"back\slash"#, "花"]
        let event = try CalendarFixtures.readBack(CalendarFixtures.event(categories: names))
        #expect(try event.property("CATEGORIES").value == #"Venue\, hall,Vendors\; misc,back\\slash,花"#)
        #expect(try ICalendarReader.textList(event.property("CATEGORIES").value) == names)
    }

    /// Text that would be a line of its own, or a component, if it were written unescaped.
    static let injections = [
        "Dinner\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil\r\nSUMMARY:injected",
        "Dinner\nEND:VEVENT\nBEGIN:VEVENT\nUID:evil\nSUMMARY:injected",
        "Dinner\rEND:VEVENT\rBEGIN:VEVENT\rUID:evil\rSUMMARY:injected",
        "Dinner\r\n BEGIN:VEVENT",
        "Dinner\u{0}\r\nBEGIN:VEVENT",
    ]

    @Test(arguments: injections)
    func textCannotStartALineOrAComponent(summary: String) throws {
        let data = CalendarFixtures.data([CalendarFixtures.event(summary: summary, location: summary)])
        let lines = try CalendarFixtures.physicalLines(data)
        #expect(lines.filter { $0 == Array("BEGIN:VEVENT".utf8) }.count == 1)
        #expect(!lines.contains { $0.starts(with: Array("UID:evil".utf8)) })
        let calendar = try ICalendarReader.calendar(data)
        #expect(calendar.children.map(\.name) == ["VEVENT"])
        let event = calendar.children[0]
        #expect(try event.text("UID") == "event-1@blueprint")
        let expected = summary.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "")
            .replacingOccurrences(of: "\u{0}", with: "")
        #expect(try event.text("SUMMARY") == expected)
        #expect(try event.text("LOCATION") == expected)
    }
}
