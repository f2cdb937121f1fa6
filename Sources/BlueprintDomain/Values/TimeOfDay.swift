import Foundation

/// A time on the wall clock of the wedding's place, without a date or a time zone (a run-sheet
/// item's start). Stored and coded as `HH:mm`, 00:00 to 23:59; `24:00` is accepted as an end
/// time meaning midnight at the end of the day.
public struct TimeOfDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Minutes since midnight, 0 ... 1440.
    public let minutes: Int

    /// `hour`:`minute`, or `nil` if it is not a time of day (24:00 is the end of the day).
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour) && (0...59).contains(minute) || hour == 24 && minute == 0 else { return nil }
        minutes = hour * 60 + minute
    }

    /// Parses `H:mm` or `HH:mm`; `nil` for any other shape or an impossible time.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = TimeOfDay(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a time of day (HH:mm)")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
