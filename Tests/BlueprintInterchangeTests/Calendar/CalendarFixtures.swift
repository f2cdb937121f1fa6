import BlueprintDomain
import BlueprintInterchange
import Foundation

/// Values the calendar tests share.
enum CalendarFixtures {
    /// 12 June 2027.
    static let weddingDay = CalendarDate(year: 2027, month: 6, day: 12)!
    /// A `DTSTAMP` with milliseconds, which the file drops: `20261121T051239Z`.
    static let stamp = Timestamp(iso: "2026-11-21T05:12:39.123Z")!

    /// An all-day event on the wedding day.
    static func event(summary: String = "Ceremony", uid: String = "event-1@blueprint", details: String? = nil,
                      location: String? = nil, categories: [String] = []) -> CalendarComponent {
        CalendarComponent(kind: .event(.allDay(weddingDay)), uid: uid, stamp: stamp, summary: summary,
                          details: details, location: location, categories: categories)
    }

    /// `hour`:`minute` on the wedding day.
    static func time(_ hour: Int, _ minute: Int) -> LocalDateTime {
        time(on: weddingDay, hour, minute)
    }

    /// `hour`:`minute` on `date`.
    static func time(on date: CalendarDate, _ hour: Int, _ minute: Int) -> LocalDateTime {
        LocalDateTime(date: date, hour: hour, minute: minute)!
    }

    /// The file of a calendar called "Ana & Ben" holding `components`.
    static func data(_ components: [CalendarComponent]) -> Data {
        CalendarDocument(name: "Ana & Ben", components: components).data()
    }

    /// The one component of the file of `component`, read back.
    static func readBack(_ component: CalendarComponent) throws -> ICalendarReader.Component {
        let calendar = try ICalendarReader.calendar(data([component]))
        guard calendar.children.count == 1 else {
            throw ICalendarReader.Failure(description: "\(calendar.children.count) components")
        }
        return calendar.children[0]
    }

    /// The physical lines of `data` (without CRLF) as raw bytes.
    static func physicalLines(_ data: Data) throws -> [[UInt8]] {
        try ICalendarReader.physicalLines(data)
    }
}
