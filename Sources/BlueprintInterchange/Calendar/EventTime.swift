import BlueprintDomain

/// When a calendar event happens: a whole day, or a span of local wall-clock time.
public enum EventTime: Hashable, Sendable {
    /// The whole of one day, written `DTSTART;VALUE=DATE` with `DTEND;VALUE=DATE` the next day
    /// (the end is exclusive).
    case allDay(CalendarDate)
    /// A span of floating local time, written `DTSTART:20270612T143000` and a `DTEND` alike.
    case timed(LocalTimeSpan)
}

/// A span of floating local time that ends after it starts, as RFC 5545 requires of `DTEND`.
public struct LocalTimeSpan: Hashable, Sendable {
    public let start: LocalDateTime
    public let end: LocalDateTime

    /// `nil` unless `end` is after `start`.
    public init?(start: LocalDateTime, end: LocalDateTime) {
        guard start < end else { return nil }
        self.start = start
        self.end = end
    }
}
