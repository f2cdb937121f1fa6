/// The warnings a wedding's own dates earn: allowed, but worth saying.
public enum WeddingDates {
    /// A warning for a wedding date or RSVP deadline before `today` (fields `date`, `rsvpDeadline`).
    public static func pastWarnings(date: CalendarDate?, rsvpDeadline: CalendarDate?, today: CalendarDate) -> [ValidationIssue] {
        var warnings: [ValidationIssue] = []
        if let date, date < today {
            warnings.append(ValidationIssue(field: "date", message: "\(date) is in the past"))
        }
        if let rsvpDeadline, rsvpDeadline < today {
            warnings.append(ValidationIssue(field: "rsvpDeadline", message: "\(rsvpDeadline) is in the past"))
        }
        return warnings
    }
}
