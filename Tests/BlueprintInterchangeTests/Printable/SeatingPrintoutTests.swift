import BlueprintDomain
import BlueprintInterchange
import Foundation
import Testing

/// The seating plan to print: a block per table, guests by seat then name, the unseated last.
@Suite struct SeatingPrintoutTests {
    typealias Reading = PrintableReading

    static let wedding = Wedding(name: "Ana & Ben")

    static func guest(_ first: String, _ last: String, table: Int? = nil, seat: Int? = nil, rsvp: RSVPStatus = .attending,
                      meal: String = "", dietary: String = "", plusOne: String? = nil, plusOneMeal: String = "",
                      plusOneDietary: String = "") -> Guest {
        Guest(firstName: first, lastName: last, rsvp: rsvp, plusOneAllowed: plusOne != nil, plusOneName: plusOne ?? "",
              plusOneAttending: plusOne != nil, plusOneMealChoice: plusOneMeal, plusOneDietaryRestrictions: plusOneDietary,
              mealChoice: meal, dietaryRestrictions: dietary, table: table, seat: seat)
    }

    static let guests = [
        guest("Zoe", "Adams", table: 2, seat: 2),
        guest("Ana", "Silva", table: 1, seat: 2, meal: "Fish", dietary: "No shellfish", plusOne: "Tom Reed",
              plusOneMeal: "Vegan", plusOneDietary: "No soy"),
        guest("Ben", "Okafor", table: 1, seat: 1, meal: "Beef"),
        guest("Cleo", "Zhang", table: 1),
        guest("Abe", "Zhang", table: 1),
        guest("Max", "Park", table: 2, seat: 1, rsvp: .maybe),
        guest("Dee", "Declined", table: 2, seat: 3, rsvp: .declined),
        guest("Nia", "Bell"),
        guest("Eli", "Arden", rsvp: .pending, plusOne: ""),
    ]

    @Test func aBlockPerTableInNumberOrderThenTheUnseated() {
        let document = SeatingPrintout(wedding: Self.wedding, guests: Self.guests).document
        #expect(document.title == "Ana & Ben — Seating")
        #expect(document.summary == ["2 tables; 6 guests at a table, 2 without one; 6 seats taken by those attending"])
        #expect(document.sections.map(\.heading) == ["Table 1", "Table 2", "Without a table"])
        #expect(document.sections.map(\.summary) == ["4 guests, 5 seats taken by those attending",
                                                     "2 guests, 1 seat taken by those attending", "2 guests"])
        #expect(document.sections.map(\.keepsTogether) == [true, true, false])
    }

    @Test func guestsBySeatThenNameWithTheirMealAndDietaryNotesAndTheirPlusOnesOwn() throws {
        let document = SeatingPrintout(wedding: Self.wedding, guests: Self.guests).document
        let rows = document.sections.map { $0.table?.rows.map(\.cells) ?? [] }
        #expect(document.sections[0].table?.columns == ["Seat", "Guest", "RSVP", "Meal", "Dietary notes"])
        #expect(rows[0] == [["1", "Ben Okafor", "attending", "Beef", ""],
                            ["2", "Ana Silva", "attending", "Fish", "No shellfish"],
                            ["", "+ Tom Reed", "", "Vegan", "No soy"],
                            ["", "Abe Zhang", "attending", "", ""],
                            ["", "Cleo Zhang", "attending", "", ""]])
        #expect(rows[1].map { $0[1] } == ["Max Park", "Zoe Adams"], "the declined guest is left out")
        #expect(rows[2].map { $0[1] } == ["Eli Arden", "+ guest", "Nia Bell"])
    }

    @Test func noGuestsSaysSo() {
        let document = SeatingPrintout(wedding: Self.wedding, guests: []).document
        #expect(document.sections.isEmpty)
        #expect(document.summary == ["No guests to seat yet."])
    }

    @Test func hostileNamesStayTextInHTMLAndKeepMarkdownTablesWhole() throws {
        let guests = Reading.hostile.enumerated().map { index, text in
            Self.guest(text, text, table: 1 + index % 2, seat: index, meal: text, dietary: text)
        } + [Self.guest("<script>", "x")]
        let document = SeatingPrintout(wedding: Wedding(name: "<script>alert(1)</script>"), guests: guests).document
        let html = String(decoding: PrintableFormat.html.data(document), as: UTF8.self)
        #expect(!html.contains("<script") && !html.contains("<img"))
        #expect(Reading.tagNames(html).isSubset(of: Reading.pageTags))
        #expect(html.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt; — Seating</title>"))
        #expect(html.contains("<td>*bold* *bold*</td>"))

        let markdown = String(decoding: PrintableFormat.markdown.data(document), as: UTF8.self)
        let tables = Reading.markdownTables(markdown)
        #expect(tables.count == 3)
        #expect(tables.map(\.count) == [2 + 3, 2 + 3, 2 + 1])
        for line in tables.joined() { #expect(Reading.cells(line).count == 5, "\(line)") }
        #expect(!Reading.hasUnescaped("<", in: markdown), "no raw HTML")
        #expect(markdown.contains("| 2 | \\| pipe \\| pipe | attending | \\| pipe | \\| pipe |"))
    }

    @Test func tablesWithARecordShowTheirNameCapacityAndHowFarOver() {
        let tables = [SeatingTable(number: 1, name: "Head", capacity: 4), SeatingTable(number: 3, name: "Garden", capacity: 8)]
        let document = SeatingPrintout(wedding: Self.wedding, guests: Self.guests, tables: tables).document
        #expect(document.sections.map(\.heading) == ["Table 1 · Head", "Table 2", "Table 3 · Garden", "Without a table"])
        #expect(document.sections.map(\.summary) == ["4 guests, 5 of 4 seats taken by those attending, over by 1",
                                                     "2 guests, 1 seat taken by those attending",
                                                     "0 guests, 0 of 8 seats taken by those attending", "2 guests"])
    }
}
