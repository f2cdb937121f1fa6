import Foundation

/// A date without a time or a time zone (due dates, RSVP deadlines, the wedding date).
///
/// Stored and coded as `yyyy-MM-dd`. It is never parsed with a date-time parser: the original
/// app did that and wiped due dates on every edit. Arithmetic uses day numbers, so it needs
/// no `Calendar` and is the same in every time zone.
public struct CalendarDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A real calendar date, or `nil` (`2026-02-30` is not one).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CalendarDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `yyyy-MM-dd`; `nil` for any other shape or an impossible date.
    public init?(iso text: String) {
        var text = text
        guard let date = text.withUTF8({ CalendarDate(isoUTF8: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = date
    }

    /// `init(iso:)` on UTF-8 bytes, such as a string inside a file being decoded, without
    /// making a `String` of them.
    public init?(isoUTF8 bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let y = ISODigits.value(bytes, 0..<4), let m = ISODigits.value(bytes, 5..<7),
              let d = ISODigits.value(bytes, 8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The date on the wall calendar at `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone = .current) {
        let shifted = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        self.init(daysSince1970: Int((shifted / 86_400).rounded(.down)))
    }

    /// The date `days` after 1970-01-01.
    public init(daysSince1970 days: Int) { self.init(dayNumber: days + CalendarDate.unixEpochDayNumber) }

    /// Days from 1970-01-01 to this date.
    public var daysSince1970: Int { dayNumber - CalendarDate.unixEpochDayNumber }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The date as people write it in English: "22 May 2027".
    public var spelledOut: String { "\(day) \(Self.monthNames[month - 1]) \(year)" }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]

    /// Days from `other` to `self` (positive when `self` is later).
    public func days(since other: CalendarDate) -> Int { dayNumber - other.dayNumber }

    public func adding(days: Int) -> CalendarDate { CalendarDate(dayNumber: dayNumber + days) }

    /// The same day `months` calendar months later (earlier when negative), moved back to the
    /// month's last day when that month is shorter: 2026-05-31 minus 3 months is 2026-02-28,
    /// and 2028-02-29 plus 12 months is 2029-02-28.
    public func adding(months: Int) -> CalendarDate {
        let monthIndex = year * 12 + (month - 1) + months
        let newYear = monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12
        let newMonth = monthIndex - newYear * 12 + 1
        return CalendarDate(unchecked: newYear, newMonth, min(day, CalendarDate.daysIn(month: newMonth, year: newYear)))
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a yyyy-MM-dd date: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    // MARK: Day numbers (days since 0000-03-01 in the proleptic Gregorian calendar)

    private static let unixEpochDayNumber = CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let m = month <= 2 ? month + 9 : month - 3
        return 365 * y + y / 4 - y / 100 + y / 400 + (153 * m + 2) / 5 + day - 1
    }

    /// A date from fields the caller has made consistent, unchecked as `init(dayNumber:)`'s are.
    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    private init(dayNumber: Int) {
        var y = (10_000 * dayNumber + 14_780) / 3_652_425
        var dayOfYear = dayNumber - (365 * y + y / 4 - y / 100 + y / 400)
        if dayOfYear < 0 {
            y -= 1
            dayOfYear = dayNumber - (365 * y + y / 4 - y / 100 + y / 400)
        }
        let mi = (100 * dayOfYear + 52) / 3_060
        let month = (mi + 2) % 12 + 1
        self.year = y + (mi + 2) / 12
        self.month = month
        self.day = dayOfYear - (mi * 306 + 5) / 10 + 1
    }
}

/// Fixed-width decimal fields of ISO-8601 text.
enum ISODigits {
    /// The number written in `bytes[range]`, all digits; `nil` if any byte is not a digit.
    static func value(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
