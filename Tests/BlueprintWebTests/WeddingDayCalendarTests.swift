import BlueprintDomain
@testable import BlueprintWeb
import Foundation
import HummingbirdTesting
import Testing

@Suite struct WeddingDayCalendarTests {
    @Test func theCalendarIsOneEventWithCRLFAndEscapedText() async throws {
        let fixture = RSVPFixture(coupleNames: "Ana; Ben, and \\ the rest\nof us")
        try await fixture.test { client in
            let response = try await client.execute(uri: "/r/\(RSVPFixture.token)/wedding.ics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/calendar; charset=utf-8")
            let text = response.text
            #expect(text.hasSuffix("END:VCALENDAR\r\n"))
            let lines = text.components(separatedBy: "\r\n").dropLast()
            #expect(!lines.contains { $0.contains("\n") || $0.contains("\r") })
            #expect(lines.first == "BEGIN:VCALENDAR")
            #expect(lines.contains("DTSTART:20270612T173000"))
            #expect(lines.contains("SUMMARY:Wedding of Ana\\; Ben\\, and \\\\ the rest\\nof us"))
            #expect(lines.contains("LOCATION:Finca El Olivar\\, Ronda"))
            #expect(lines.contains("DTSTAMP:20270401T120000Z"))
            #expect(!text.contains(RSVPFixture.token))
        }
    }

    @Test func longLinesAreFoldedWithinUTF8() throws {
        let household = RSVPHousehold(coupleNames: String(repeating: "é", count: 100), weddingDate: CalendarDate(year: 2027, month: 6, day: 12),
                                      mealOptions: [], members: [])
        let document = try #require(WeddingDayCalendar.document(for: household, uid: "u@blueprint", stamp: RSVPFixture.start))
        let lines = document.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.contains("DTSTART;VALUE=DATE:20270612"))
        #expect(lines.contains("DTEND;VALUE=DATE:20270613"))
        let unfolded = document.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:Wedding of " + String(repeating: "é", count: 100) + "\r\n"))
    }
}
