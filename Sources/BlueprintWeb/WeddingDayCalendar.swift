import Foundation
import BlueprintDomain

/// The "add to calendar" file of the wedding day: one RFC 5545 VEVENT.
///
/// Written here rather than with BlueprintInterchange's calendar writer, which would bring the
/// CSV and spreadsheet libraries into the server for one event. Lines end in CRLF, TEXT values
/// are escaped, and long lines are folded at 75 octets, as the RFC asks.
enum WeddingDayCalendar {
    /// The calendar of `household`'s wedding day, or `nil` when the date is not set. The event
    /// starts at the ceremony (floating local time) or lasts the whole day without one.
    static func document(for household: RSVPHousehold, uid: String, stamp: Timestamp) -> String? {
        guard let date = household.weddingDate else { return nil }
        let day = compact(date)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//blueprint//RSVP//EN", "CALSCALE:GREGORIAN",
                     "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:\(compact(stamp))"]
        if let time = household.ceremonyTime, time.minutes < 1440 {
            lines.append("DTSTART:\(day)T\(two(time.hour))\(two(time.minute))00")
        } else {
            lines += ["DTSTART;VALUE=DATE:\(day)", "DTEND;VALUE=DATE:\(compact(date.adding(days: 1)))"]
        }
        lines.append("SUMMARY:\(escaped("Wedding of \(household.coupleNames)"))")
        if !household.ceremonyPlace.isEmpty { lines.append("LOCATION:\(escaped(household.ceremonyPlace))") }
        lines += ["END:VEVENT", "END:VCALENDAR"]
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// A TEXT value (RFC 5545 3.3.11): `\`, `;` and `,` escaped, line breaks as `\n`, other
    /// control characters dropped.
    static func escaped(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", ";", ",":
                result.append("\\")
                result.append(scalar)
            case "\n":
                result.append(contentsOf: "\\n".unicodeScalars)
            case _ where scalar.properties.generalCategory == .control:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Splits a line longer than 75 octets into lines that continue with a space, never inside
    /// a UTF-8 sequence.
    private static func folded(_ line: String) -> String {
        var parts: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > (parts.isEmpty ? 75 : 74) {
                parts.append(current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        parts.append(current)
        return parts.joined(separator: "\r\n ")
    }

    private static func compact(_ date: CalendarDate) -> String {
        String(describing: date).replacingOccurrences(of: "-", with: "")
    }

    /// `20270612T154500Z`.
    private static func compact(_ stamp: Timestamp) -> String {
        let iso = stamp.description
        let date = iso.prefix(10).replacingOccurrences(of: "-", with: "")
        let time = iso.dropFirst(11).prefix(8).replacingOccurrences(of: ":", with: "")
        return "\(date)T\(time)Z"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
