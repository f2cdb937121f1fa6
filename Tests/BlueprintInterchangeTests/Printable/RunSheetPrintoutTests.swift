import BlueprintDomain
import BlueprintInterchange
import Foundation
import Testing

/// The run sheet to print: days in order, items by time, clashes flagged and explained, and
/// hostile text harmless in both formats.
@Suite struct RunSheetPrintoutTests {
    typealias Reading = PrintableReading

    static func time(_ text: String) -> TimeOfDay { TimeOfDay(parsing: text)! }
    static let friday = CalendarDate(iso: "2027-06-11")!
    static let saturday = CalendarDate(iso: "2027-06-12")!
    static let wedding = Wedding(name: "Ana & Ben", weddingDate: saturday)
    static let band = Vendor(name: "The <b>Band</b>", category: .music, phone: "+1 555 0175")

    static func item(_ day: CalendarDate, _ start: String, _ end: String, _ title: String, place: String = "",
                     people: [String] = [], vendor: UUID? = nil, notes: String = "") -> RunSheetItem {
        RunSheetItem(day: day, start: time(start), end: time(end), title: title, place: place, people: people,
                     vendorID: vendor, notes: notes)
    }

    static let items = [
        item(saturday, "19:00", "23:30", "Dancing", place: "Main hall", people: ["everyone"], vendor: band.id),
        item(saturday, "14:00", "14:45", "Ceremony", place: "Garden", people: ["Ana", "Ben"], notes: "Rings: best man\nTissues"),
        item(friday, "18:00", "20:00", "Rehearsal dinner", place: "Trattoria"),
        item(saturday, "14:30", "15:00", "Drinks", place: " garden", people: ["everyone"]),
        item(saturday, "22:00", "23:00", "Band photo", place: "Orchard", vendor: band.id),
    ]

    static func document(_ items: [RunSheetItem] = items) -> PrintableDocument {
        RunSheetPrintout(wedding: wedding, items: items, vendors: [band]).document
    }

    @Test func daysInOrderThenItemsByTime() {
        let document = Self.document()
        #expect(document.title == "Ana & Ben — Run sheet")
        #expect(document.summary == ["Wedding day: Saturday 12 June 2027", "5 items over 2 days, 2 clashes"])
        #expect(document.sections.map(\.heading) == ["Friday 11 June 2027", "Saturday 12 June 2027", "Clashes"])
        #expect(document.sections[0].summary == "1 item, 0 clashes")
        #expect(document.sections[0].table?.columns == ["Time", "What", "Where", "Who", "Vendor", "Notes"])
        #expect(document.sections[1].table?.rows.map { $0.cells[0] + " " + $0.cells[1] }
                == ["14:00–14:45 Ceremony", "14:30–15:00 Drinks", "19:00–23:30 Dancing", "22:00–23:00 Band photo"])
    }

    @Test func aRowHasTimesTitlePlacePeopleVendorAndNotes() throws {
        let rows = try #require(Self.document().sections[1].table?.rows)
        #expect(rows[0].cells == ["14:00–14:45", "Ceremony", "Garden", "Ana, Ben", "", "Rings: best man\nTissues",
                                  "⚠ with 14:30–15:00 Drinks"])
        #expect(rows[2].cells == ["19:00–23:30", "Dancing", "Main hall", "everyone", "The <b>Band</b>, +1 555 0175", "",
                                  "⚠ with 22:00–23:00 Band photo"])
    }

    @Test func clashesAreFlaggedOnTheirRowsAndExplained() throws {
        let document = Self.document()
        let saturday = document.sections[1]
        #expect(saturday.summary == "4 items, 2 clashes")
        #expect(saturday.table?.columns.last == "Clash")
        #expect(saturday.table?.rows.map(\.isFlagged) == [true, true, true, true])
        #expect(document.sections[2].list == [
            "Saturday 12 June 2027: 14:00–14:45 Ceremony and 14:30–15:00 Drinks: both at garden",
            "Saturday 12 June 2027: 19:00–23:30 Dancing and 22:00–23:00 Band photo: The <b>Band</b> in two places at once",
        ])
        let calm = Self.document([Self.items[2]])
        #expect(calm.sections.map(\.heading) == ["Friday 11 June 2027"])
        #expect(calm.sections[0].table?.rows.map(\.isFlagged) == [false])
    }

    @Test func anEmptyRunSheetSaysSo() {
        let document = Self.document([])
        #expect(document.sections.isEmpty)
        #expect(document.summary.last == "No run-sheet items yet.")
    }

    @Test func hostileTextStaysTextInHTMLAndKeepsMarkdownTablesWhole() throws {
        let hostile = Reading.hostile.enumerated().map { index, text in
            Self.item(Self.saturday, "1\(index):00", "1\(index):30", text, place: text, people: [text], vendor: Self.band.id,
                      notes: text)
        }
        let document = Self.document(hostile)
        let html = String(decoding: PrintableFormat.html.data(document), as: UTF8.self)
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("<b>"))
        #expect(Reading.tagNames(html).isSubset(of: Reading.pageTags))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("line one<br>line two"))

        let markdown = String(decoding: PrintableFormat.markdown.data(document), as: UTF8.self)
        let tables = Reading.markdownTables(markdown)
        #expect(tables.count == 1)
        let table = try #require(tables.first)
        #expect(table.count == 2 + hostile.count)
        for line in table { #expect(Reading.cells(line).count == 6, "\(line)") }
        #expect(table.dropFirst(2).map { Reading.unescaped(Reading.cells($0)[1]) }
                == Reading.hostile.map { $0.replacingOccurrences(of: "\n", with: " ") })
        #expect(!Reading.hasUnescaped("<", in: markdown), "no raw HTML")
    }
}
