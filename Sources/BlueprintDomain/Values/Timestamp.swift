import Foundation

/// An instant, coded as ISO-8601 with milliseconds and a time zone (`2026-11-21T05:12:39.123Z`).
///
/// Hand-written formatting and parsing: a wedding of 10k guests carries 20k timestamps, and
/// Foundation's ISO-8601 parser made them the larger part of opening a wedding. Decoding
/// accepts `Z` or a `±HH:MM` offset, with or without fractional seconds.
public struct Timestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public let millisecondsSince1970: Int64

    public init(millisecondsSince1970: Int64) { self.millisecondsSince1970 = millisecondsSince1970 }

    public init(_ date: Date) {
        self.millisecondsSince1970 = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    public var description: String {
        let millis = Int(((millisecondsSince1970 % 1000) + 1000) % 1000)
        let seconds = (millisecondsSince1970 - Int64(millis)) / 1000
        let dayIndex = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = Int(seconds - Int64(dayIndex) * 86_400)
        let date = CalendarDate(daysSince1970: dayIndex)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(date)T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(millis, 3))Z"
    }

    /// Parses ISO-8601 date-time text with a time zone; `nil` for anything else.
    public init?(iso text: String) {
        var text = text
        guard let parsed = text.withUTF8({ Timestamp(isoUTF8: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    /// `init(iso:)` on UTF-8 bytes, such as a string inside a file being decoded, without
    /// making a `String` of them.
    public init?(isoUTF8 bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let date = CalendarDate(isoUTF8: UnsafeRawBufferPointer(rebasing: bytes[0..<10])) else { return nil }
        guard let hour = ISODigits.value(bytes, 11..<13), hour < 24, let minute = ISODigits.value(bytes, 14..<16), minute < 60,
              let second = ISODigits.value(bytes, 17..<19), second < 61 else { return nil }
        var index = 19
        var millis = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 100
            let start = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                millis += Int(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start, index < bytes.count else { return nil }
        }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z") where index + 1 == bytes.count:
            break
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard bytes.count == index + 6, bytes[index + 3] == UInt8(ascii: ":"),
                  let h = ISODigits.value(bytes, index + 1 ..< index + 3), h < 24,
                  let m = ISODigits.value(bytes, index + 4 ..< index + 6), m < 60 else { return nil }
            offsetSeconds = (h * 3600 + m * 60) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return nil
        }
        let epochDays = date.daysSince1970
        let seconds = Int64(epochDays) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        self.init(millisecondsSince1970: seconds * 1000 + Int64(millis))
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let parsed = Timestamp(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not an ISO-8601 timestamp with a time zone: \(text)"))
        }
        self = parsed
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
