import BlueprintDomain
import BlueprintInterchange
import Foundation
import Testing

/// Long lines are folded as RFC 5545 section 3.1 says: no physical line over 75 octets, each
/// continuation starting with one space, and no character's UTF-8 bytes split across lines.
@Suite struct CalendarFoldingTests {
    /// The physical lines that make up the `SUMMARY` line: its first and its continuations.
    private func summaryLines(_ data: Data) throws -> [[UInt8]] {
        let lines = try CalendarFixtures.physicalLines(data)
        let start = try #require(lines.firstIndex { $0.starts(with: Array("SUMMARY:".utf8)) })
        let continuations = lines[(start + 1)...].prefix { $0.first == UInt8(ascii: " ") }
        return [lines[start]] + continuations
    }

    @Test func aLineOfExactly75OctetsIsNotFolded() throws {
        let summary = String(repeating: "a", count: 75 - "SUMMARY:".utf8.count)
        let lines = try summaryLines(CalendarFixtures.data([CalendarFixtures.event(summary: summary)]))
        #expect(lines == [Array("SUMMARY:\(summary)".utf8)])
    }

    @Test func aLineOf76OctetsFoldsAfterThe75th() throws {
        let summary = String(repeating: "a", count: 75 - "SUMMARY:".utf8.count) + "b"
        let lines = try summaryLines(CalendarFixtures.data([CalendarFixtures.event(summary: summary)]))
        #expect(lines == [Array("SUMMARY:\(summary.dropLast())".utf8), Array(" b".utf8)])
    }

    @Test func aLongASCIISummaryFillsEveryPhysicalLineTo75Octets() throws {
        let summary = (0..<60).map { "word\($0)" }.joined(separator: " ")
        let data = CalendarFixtures.data([CalendarFixtures.event(summary: summary)])
        let lines = try summaryLines(data)
        #expect(lines.count == 6)
        #expect(lines.dropLast().allSatisfy { $0.count == 75 }, "\(lines.map(\.count))")
        #expect(lines.last!.count <= 75)
        #expect(try ICalendarReader.calendar(data).children[0].text("SUMMARY") == summary)
    }

    /// Text of two-, three- and four-octet characters, and of characters made of several scalars.
    static let wideTexts = [
        String(repeating: "健二 山本の結婚式、", count: 12),
        String(repeating: "👰🏽‍♀️🤵🏿💍🎉", count: 15),
        String(repeating: "Zoë Ægir Łódź ñ ", count: 10),
        String(repeating: "🇯🇵a健ë", count: 30),
    ]

    /// Each text after 0–3 ASCII letters, so the folds fall at every offset into its characters.
    @Test(arguments: wideTexts, 0...3)
    func foldsNeverSplitACharacter(text: String, shift: Int) throws {
        let summary = String(repeating: "x", count: shift) + text
        let data = CalendarFixtures.data([CalendarFixtures.event(summary: summary)])
        let lines = try summaryLines(data)
        #expect(lines.count > 2)
        for (index, line) in lines.enumerated() {
            #expect(line.count <= 75, "line \(index) has \(line.count) octets")
            #expect(String(validating: line, as: UTF8.self) != nil, "line \(index) is not UTF-8: \(line)")
        }
        // A fold comes only where the next character would not have fitted.
        for (line, next) in zip(lines, lines.dropFirst()) {
            let nextCharacter = try #require(String(validating: next.dropFirst(), as: UTF8.self)?.unicodeScalars.first)
            #expect(line.count + UTF8.width(nextCharacter) > 75, "folded early at \(line.count) octets")
        }
        let back = try ICalendarReader.calendar(data).children[0].text("SUMMARY")
        #expect(Array(back.utf8) == Array(summary.utf8))
    }

    @Test func everyPropertyIsFolded() throws {
        let long = String(repeating: "健二 山本, Zoë; 🎉 ", count: 10)
        let component = CalendarComponent(
            kind: .toDo(due: CalendarFixtures.weddingDay, status: .needsAction), uid: long, stamp: CalendarFixtures.stamp,
            summary: long, details: long, location: long, categories: [long, long])
        let data = CalendarDocument(name: long, productID: long, components: [component]).data()
        let lines = try CalendarFixtures.physicalLines(data)
        #expect(lines.allSatisfy { $0.count <= 75 }, "\(lines.map(\.count).max() ?? 0) octets")
        let calendar = try ICalendarReader.calendar(data)
        #expect(try calendar.text("X-WR-CALNAME") == long)
        #expect(try calendar.text("PRODID") == long)
        let toDo = calendar.children[0]
        for name in ["UID", "SUMMARY", "DESCRIPTION", "LOCATION"] {
            #expect(try toDo.text(name) == long, "\(name)")
        }
        #expect(try ICalendarReader.textList(toDo.property("CATEGORIES").value) == [long, long])
    }
}
