import BlueprintDomain
import Foundation
import Testing

@Suite("CalendarDate")
struct CalendarDateTests {
    @Test("only real calendar dates exist", arguments: [
        ("2024-02-29", true), ("2000-02-29", true), ("2026-02-28", true), ("2026-04-30", true), ("2026-12-31", true),
        ("2026-02-29", false), ("1900-02-29", false), ("2026-13-01", false), ("2026-04-31", false),
        ("2026-00-10", false), ("2026-06-00", false), ("2026-01-32", false), ("0000-01-01", false),
    ])
    func realDates(text: String, isReal: Bool) throws {
        #expect((CalendarDate(iso: text) != nil) == isReal)
        let parts = text.split(separator: "-").map { Int($0)! }
        #expect((CalendarDate(year: parts[0], month: parts[1], day: parts[2]) != nil) == isReal)
    }

    @Test("parses exactly yyyy-MM-dd and nothing else", arguments: [
        "", "2026-1-05", "2026-01-5", "26-01-05", "2026/01/05", "20260105", " 2026-01-05", "2026-01-05 ",
        "2026-01-05T00:00:00Z", "2026-01-05T00:00:00.000Z", "+026-01-05", "2026-0a-05", "2026-01-0٥", "05-01-2026",
    ])
    func rejectsOtherShapes(text: String) {
        #expect(CalendarDate(iso: text) == nil)
    }

    @Test("prints what it parsed, zero-padded")
    func printsCanonically() throws {
        let date = try #require(CalendarDate(year: 2026, month: 3, day: 7))
        #expect(date.description == "2026-03-07")
        #expect(CalendarDate(iso: "2026-03-07") == date)
        #expect(CalendarDate(year: 33, month: 1, day: 2)?.description == "0033-01-02")
    }

    @Test("codes as a yyyy-MM-dd JSON string and decodes back equal")
    func jsonRoundTrip() throws {
        struct Holder: Codable, Equatable { var due: CalendarDate }
        let original = Holder(due: day("2024-02-29"))
        let json = try JSONEncoder().encode(original)
        #expect(String(decoding: json, as: UTF8.self) == #"{"due":"2024-02-29"}"#)
        #expect(try JSONDecoder().decode(Holder.self, from: json) == original)
    }

    @Test("decoding an impossible or date-time value fails and names the text", arguments: [
        #"{"due":"2026-02-29"}"#, #"{"due":"2026-02-01T00:00:00Z"}"#, #"{"due":20260201}"#,
    ])
    func decodingRejectsBadText(json: String) {
        struct Holder: Codable { var due: CalendarDate }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Holder.self, from: Data(json.utf8)) }
    }

    @Test("adds days across month, year and leap-day boundaries", arguments: [
        ("2026-01-31", 1, "2026-02-01"), ("2026-02-28", 1, "2026-03-01"), ("2024-02-28", 1, "2024-02-29"),
        ("2024-02-29", 1, "2024-03-01"), ("2000-02-28", 1, "2000-02-29"), ("1900-02-28", 1, "1900-03-01"),
        ("2026-12-31", 1, "2027-01-01"), ("2027-01-01", -1, "2026-12-31"), ("2024-03-01", -1, "2024-02-29"),
        ("2024-01-01", 365, "2024-12-31"), ("2025-01-01", 365, "2026-01-01"), ("2026-10-10", -282, "2026-01-01"),
        ("1970-01-01", -1, "1969-12-31"), ("2026-06-15", 0, "2026-06-15"),
    ])
    func addsDays(start: String, days: Int, expected: String) {
        #expect(day(start).adding(days: days) == day(expected))
        #expect(day(expected).days(since: day(start)) == days)
    }

    @Test("adds calendar months, ending on the month's last day when that month is shorter", arguments: [
        ("2026-05-31", -3, "2026-02-28"), ("2028-05-31", -3, "2028-02-29"), ("2026-03-31", -1, "2026-02-28"),
        ("2026-12-31", -6, "2026-06-30"), ("2026-10-31", -1, "2026-09-30"), ("2028-02-29", 12, "2029-02-28"),
        ("2026-01-31", 1, "2026-02-28"), ("2026-02-15", -3, "2025-11-15"), ("2027-01-15", -12, "2026-01-15"),
        ("2026-06-19", -120, "2016-06-19"), ("2026-01-01", -1, "2025-12-01"), ("2025-12-01", 1, "2026-01-01"),
        ("2026-06-15", 0, "2026-06-15"), ("2026-02-28", 1, "2026-03-28"),
    ])
    func addsMonths(start: String, months: Int, expected: String) {
        #expect(day(start).adding(months: months) == day(expected))
    }

    @Test("days(since:) is positive when the date is later")
    func daysSince() {
        #expect(day("2026-10-10").days(since: day("2026-01-01")) == 282)
        #expect(day("2026-01-01").days(since: day("2026-10-10")) == -282)
        #expect(day("2025-03-01").days(since: day("2024-03-01")) == 365)
        #expect(day("2024-03-01").days(since: day("2023-03-01")) == 366)
    }

    @Test("agrees with Foundation's Gregorian calendar from 1800 to 2200")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for daysSince1970 in stride(from: -62_000, through: 84_000, by: 97) {
            let parts = calendar.dateComponents([.year, .month, .day],
                                                from: Date(timeIntervalSince1970: Double(daysSince1970) * 86_400))
            let date = CalendarDate(daysSince1970: daysSince1970)
            #expect([date.year, date.month, date.day] == [parts.year, parts.month, parts.day])
            #expect(date.daysSince1970 == daysSince1970)
        }
    }

    @Test("orders by year, then month, then day")
    func ordering() {
        let dates = ["2026-10-01", "2025-12-31", "2026-02-28", "2026-10-10", "2026-09-30"].map(day)
        #expect(dates.sorted().map(\.description) == ["2025-12-31", "2026-02-28", "2026-09-30", "2026-10-01", "2026-10-10"])
    }

    @Test("takes the wall-calendar date of an instant in the given time zone")
    func fromInstantInTimeZone() throws {
        let moment = instant("2026-03-21T05:00:00Z").date
        #expect(CalendarDate(moment, in: try #require(TimeZone(identifier: "UTC"))) == day("2026-03-21"))
        #expect(CalendarDate(moment, in: try #require(TimeZone(identifier: "America/Los_Angeles"))) == day("2026-03-20"))
        #expect(CalendarDate(moment, in: try #require(TimeZone(identifier: "Asia/Tokyo"))) == day("2026-03-21"))

        let newYear = instant("2027-01-01T03:00:00Z").date
        #expect(CalendarDate(newYear, in: try #require(TimeZone(identifier: "America/New_York"))) == day("2026-12-31"))
        let beforeEpoch = instant("1969-12-31T23:59:59Z").date
        #expect(CalendarDate(beforeEpoch, in: try #require(TimeZone(identifier: "UTC"))) == day("1969-12-31"))
    }
}
