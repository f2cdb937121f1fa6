import BlueprintDomain
import Foundation
import BlueprintTerminal

/// How values are written on screen, in one place so every pane (and the command line's
/// tables) agrees.
public enum Formats {
    /// A file's size for people: "812 B", "14.2 KB", "3.1 MB" (powers of 1024).
    public static func byteCount(_ count: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f", value) + " " + units[unit]
    }

    /// `67%`.
    static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }

    /// When `time` was, seen from `now`: "just now", "5 min ago", "3 h ago", "yesterday",
    /// "4 days ago", else its date (in `timeZone`).
    public static func ago(_ time: Timestamp, now: Timestamp, timeZone: TimeZone) -> String {
        let seconds = (now.millisecondsSince1970 - time.millisecondsSince1970) / 1000
        switch seconds {
        case ..<0: break
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        case ..<(2 * 86_400): return "yesterday"
        case ..<(7 * 86_400): return "\(seconds / 86_400) days ago"
        default: break
        }
        return CalendarDate(time.date, in: timeZone).description
    }

    /// When `time` is, in local time and words: "today 14:09", "yesterday 09:12", "3 Nov 14:09",
    /// "3 Nov 2025 14:09" (another year), "tomorrow 08:00".
    public static func moment(_ time: Timestamp, now: Timestamp, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: time.date)
        let clock = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        let day = CalendarDate(time.date, in: timeZone), today = CalendarDate(now.date, in: timeZone)
        switch day.days(since: today) {
        case 0: return "today " + clock
        case -1: return "yesterday " + clock
        case 1: return "tomorrow " + clock
        default: return "\(day.day) \(monthNames[day.month - 1])" + (day.year == today.year ? "" : " \(day.year)") + " " + clock
        }
    }

    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The header's word for how other sessions' changes arrive: "● live", "○ not live",
    /// "◌ reconnecting", "○ offline · last synced 3 min ago", "✗ refused" (the status line says why).
    public static func marker(_ connection: FeedConnection, now: Timestamp, timeZone: TimeZone) -> String {
        switch connection {
        case .live: "● live"
        case .notWatched: "○ not live"
        case .connecting: "◌ connecting"
        case .reconnecting: "◌ reconnecting"
        case let .offline(lastSynced?): "○ offline · last synced " + ago(lastSynced, now: now, timeZone: timeZone)
        case .offline(nil): "○ offline"
        case .refused: "✗ refused"
        }
    }

    /// "87 days to go", "tomorrow", "today", "12 days ago".
    public static func daysToGo(_ days: Int) -> String {
        switch days {
        case 0: "today"
        case 1: "tomorrow"
        case 2...: "\(days) days to go"
        case -1: "yesterday"
        default: "\(-days) days ago"
        }
    }

    /// When something falls due, `days` from today: "today", "tomorrow", "in 5 days", or past it,
    /// "1 day overdue", "12 days overdue".
    public static func due(inDays days: Int) -> String {
        switch days {
        case 0: "today"
        case 1: "tomorrow"
        case 2...: "in \(days) days"
        case -1: "1 day overdue"
        default: "\(-days) days overdue"
        }
    }

    /// `09:00–11:30`, `23:00–01:00 (next day)` (a hyphen where the locale cannot draw the dash).
    static func timeRange(_ start: String, _ end: String) -> String {
        "\(start)" + (TerminalLocale.isUTF8 ? "–" : "-") + end
    }

    /// The item's time: `23:00–01:00 (next day)`.
    static func timeRange(of item: RunSheetItem) -> String { timeRange(item.start.description, item.endText) }

    /// `$1,234.50` in the wedding's currency.
    static func money(_ amount: Money, _ currency: Currency) -> String { currency.format(amount) }

    /// `money` without minor digits that are all zero ("$400", "$1,200.50"), where room is short.
    static func shortMoney(_ amount: Money, _ currency: Currency) -> String {
        let full = currency.format(amount)
        guard let dot = full.lastIndex(of: ".") else { return full }
        let minor = full[full.index(after: dot)...].prefix { $0.isNumber }
        guard minor.allSatisfy({ $0 == "0" }) else { return full }
        return String(full[..<dot] + full[minor.endIndex...])
    }

    /// A bar of `width` cells filled in proportion to `fraction` (capped at full): `█████░░░░░`,
    /// or `#####-----` where the locale cannot draw blocks.
    static func bar(_ fraction: Double, width: Int) -> String {
        guard width > 0 else { return "" }
        let filled = min(width, max(0, Int((fraction * Double(width)).rounded())))
        let (full, empty) = TerminalLocale.isUTF8 ? ("█", "░") : ("#", "-")
        return String(repeating: full, count: filled) + String(repeating: empty, count: width - filled)
    }

    /// A date as stored (`2026-09-12`), or empty.
    static func date(_ date: CalendarDate?) -> String { date?.description ?? "" }

    /// "yes" or "no".
    static func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }

    /// A 1–5 rating as stars and as a number, for monochrome screens and screen readers:
    /// "★★★★☆ 4/5". Empty when there is none.
    static func stars(_ rating: Int?) -> String {
        guard let rating else { return "" }
        let filled = min(max(rating, 0), 5)
        return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled) + " \(rating)/5"
    }

    /// Capitalised enumeration values: "not-started" → "Not started".
    static func label(_ raw: String) -> String {
        let spaced = raw.replacingOccurrences(of: "-", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    /// A one-line summary of filter parts, "RSVP attending · table 3", or "" when none is set.
    static func filterSummary(_ parts: [String?]) -> String {
        parts.compactMap { $0 }.joined(separator: " · ")
    }
}

extension RSVPStatus {
    /// How the answer looks in lists: attending reads as done, declined as muted, the rest as waiting.
    var style: TextStyle {
        switch self {
        case .attending: .success
        case .declined: .muted
        case .maybe: .warning
        case .invited, .pending: .normal
        }
    }
}
