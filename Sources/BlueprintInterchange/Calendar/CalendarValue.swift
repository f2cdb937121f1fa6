import BlueprintDomain

/// Dates and times in the forms RFC 5545 writes them (section 3.3).
enum CalendarValue {
    /// DATE: `20270612`.
    static func date(_ date: CalendarDate) -> String {
        digits(date.year, 4) + digits(date.month, 2) + digits(date.day, 2)
    }

    /// DATE-TIME in floating local time: `20270612T143000`.
    static func local(_ time: LocalDateTime) -> String {
        date(time.date) + "T" + digits(time.hour, 2) + digits(time.minute, 2) + "00"
    }

    /// DATE-TIME in UTC to the whole second (milliseconds are dropped): `20261121T051239Z`.
    static func utc(_ timestamp: Timestamp) -> String {
        let seconds = floorDivision(timestamp.millisecondsSince1970, 1000)
        let days = floorDivision(seconds, 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        return date(CalendarDate(daysSince1970: Int(days))) + "T" + digits(secondOfDay / 3600, 2)
            + digits(secondOfDay / 60 % 60, 2) + digits(secondOfDay % 60, 2) + "Z"
    }

    /// `value` in decimal, zero-padded to `width` digits.
    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// `dividend / divisor` rounded towards negative infinity, so instants before 1970 fall on
    /// the right second and day.
    private static func floorDivision(_ dividend: Int64, _ divisor: Int64) -> Int64 {
        let (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? quotient - 1 : quotient
    }
}
