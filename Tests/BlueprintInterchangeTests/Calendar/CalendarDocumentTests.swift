import BlueprintDomain
import BlueprintInterchange
import Foundation
import Testing

/// The file as a whole: its header, line ends, nesting and determinism.
@Suite struct CalendarDocumentTests {
    typealias Fixtures = CalendarFixtures

    /// An all-day event, a timed event and a to-do.
    static func components() -> [CalendarComponent] {
        let span = LocalTimeSpan(start: Fixtures.time(14, 30), end: Fixtures.time(17, 0))!
        return [
            CalendarComponent(kind: .event(.allDay(Fixtures.weddingDay)), uid: "wedding@blueprint", stamp: Fixtures.stamp,
                              summary: "Wedding of 健二 山本 & Zoë 🎉", location: "St Mary's, Oxford"),
            CalendarComponent(kind: .event(.timed(span)), uid: "ceremony@blueprint", stamp: Fixtures.stamp,
                              summary: "Ceremony", categories: ["Ceremony"], sequence: 2),
            CalendarComponent(kind: .toDo(due: Fixtures.weddingDay.adding(days: -30), status: .needsAction),
                              uid: "task-florist@blueprint", stamp: Fixtures.stamp, summary: "Book the florist",
                              details: "Peonies; no lilies\nBudget: $800", sequence: 1),
        ]
    }

    @Test func aSmallCalendarIsWrittenExactly() {
        let data = CalendarDocument(name: "Ana & Ben", components: Self.components()).data()
        let expected = [
            "BEGIN:VCALENDAR",
            "PRODID:-//I Do Blueprint//blueprint//EN",
            "VERSION:2.0",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:Ana & Ben",
            "BEGIN:VEVENT",
            "UID:wedding@blueprint",
            "DTSTAMP:20261121T051239Z",
            "DTSTART;VALUE=DATE:20270612",
            "DTEND;VALUE=DATE:20270613",
            "SUMMARY:Wedding of 健二 山本 & Zoë 🎉",
            #"LOCATION:St Mary's\, Oxford"#,
            "STATUS:CONFIRMED",
            "END:VEVENT",
            "BEGIN:VEVENT",
            "UID:ceremony@blueprint",
            "DTSTAMP:20261121T051239Z",
            "DTSTART:20270612T143000",
            "DTEND:20270612T170000",
            "SEQUENCE:2",
            "SUMMARY:Ceremony",
            "CATEGORIES:Ceremony",
            "STATUS:CONFIRMED",
            "END:VEVENT",
            "BEGIN:VTODO",
            "UID:task-florist@blueprint",
            "DTSTAMP:20261121T051239Z",
            "DUE;VALUE=DATE:20270513",
            "SEQUENCE:1",
            "SUMMARY:Book the florist",
            #"DESCRIPTION:Peonies\; no lilies\nBudget: $800"#,
            "STATUS:NEEDS-ACTION",
            "END:VTODO",
            "END:VCALENDAR",
        ].map { $0 + "\r\n" }.joined()
        #expect(String(decoding: data, as: UTF8.self) == expected)
    }

    @Test func theHeaderNamesTheCalendarAndTheProgram() throws {
        let calendar = try ICalendarReader.calendar(
            CalendarDocument(name: "Hochzeit; Müller, Ærø", productID: "-//Example//Test 1.0//EN").data())
        #expect(calendar.name == "VCALENDAR")
        #expect(calendar.properties.map(\.name) == ["PRODID", "VERSION", "CALSCALE", "METHOD", "X-WR-CALNAME"])
        #expect(try calendar.text("PRODID") == "-//Example//Test 1.0//EN")
        #expect(try calendar.property("VERSION").value == "2.0")
        #expect(try calendar.property("CALSCALE").value == "GREGORIAN")
        #expect(try calendar.property("METHOD").value == "PUBLISH")
        #expect(try calendar.text("X-WR-CALNAME") == "Hochzeit; Müller, Ærø")
        #expect(calendar.children.isEmpty)
    }

    @Test func everyLineEndsInCRLFIncludingTheLast() throws {
        let data = CalendarDocument(name: "Ana\nBen\r\n", components: Self.components()).data()
        let bytes = [UInt8](data)
        #expect(bytes.suffix(2) == [UInt8(ascii: "\r"), UInt8(ascii: "\n")])
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\r") { #expect(index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")) }
            if byte == UInt8(ascii: "\n") { #expect(index > 0 && bytes[index - 1] == UInt8(ascii: "\r")) }
        }
        #expect(try !Fixtures.physicalLines(data).contains { $0.isEmpty })
    }

    @Test func componentsNestOnceInsideTheCalendarInOrder() throws {
        let data = CalendarDocument(name: "Ana & Ben", components: Self.components()).data()
        let lines = try Fixtures.physicalLines(data)
        #expect(lines.first == Array("BEGIN:VCALENDAR".utf8))
        #expect(lines.last == Array("END:VCALENDAR".utf8))
        let calendar = try ICalendarReader.calendar(data)
        #expect(calendar.children.map(\.name) == ["VEVENT", "VEVENT", "VTODO"])
        #expect(try calendar.children.map { try $0.text("UID") }
                == ["wedding@blueprint", "ceremony@blueprint", "task-florist@blueprint"])
        #expect(calendar.children.allSatisfy { $0.children.isEmpty })
    }

    @Test func theSameComponentsGiveTheSameBytes() {
        let first = CalendarDocument(name: "Ana & Ben", components: Self.components()).data()
        let second = CalendarDocument(name: "Ana & Ben", components: Self.components()).data()
        #expect(first == second)
    }

    @Test func aChangedComponentKeepsItsUIDAndCarriesItsNewSequence() throws {
        var components = Self.components()
        components[2].summary = "Book the florist (peonies)"
        components[2].sequence = 2
        let before = try ICalendarReader.calendar(CalendarDocument(name: "Ana & Ben", components: Self.components()).data())
        let after = try ICalendarReader.calendar(CalendarDocument(name: "Ana & Ben", components: components).data())
        #expect(try before.children[2].text("UID") == after.children[2].text("UID"))
        #expect(try after.children[2].property("SEQUENCE").value == "2")
        #expect(before.children[0].properties == after.children[0].properties)
    }

    @Test func theReaderUnfoldsAndUnescapesTheRFCsOwnExample() throws {
        // RFC 5545 section 3.1's folded DESCRIPTION, and section 3.3.11's escapes; this pins the
        // test reader to the RFC rather than to the writer.
        let file = "BEGIN:VCALENDAR\r\nDESCRIPTION:This is a lo\r\n ng description\r\n  that exists on a long line.\r\n"
            + "SUMMARY:Project XYZ Final Review\\nConference Room - 3B\\nCome Prepared.\\, \\; \\\\\r\nEND:VCALENDAR\r\n"
        let calendar = try ICalendarReader.calendar(Data(file.utf8))
        #expect(try calendar.text("DESCRIPTION") == "This is a long description that exists on a long line.")
        #expect(try calendar.text("SUMMARY") == "Project XYZ Final Review\nConference Room - 3B\nCome Prepared., ; \\")
    }
}
