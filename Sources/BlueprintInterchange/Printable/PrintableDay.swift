import BlueprintDomain

/// A date as a printed page names it: "Saturday 12 June 2027", in English like the rest of the page.
enum PrintableDay {
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func name(_ date: CalendarDate) -> String {
        // 1970-01-01 was a Thursday.
        let weekday = ((date.daysSince1970 + 4) % 7 + 7) % 7
        return "\(weekdays[weekday]) \(date.spelledOut)"
    }
}
