import BlueprintDomain

/// A date and a wall-clock time with no time zone: half past two on 12 June 2027 wherever the
/// reader is. RFC 5545 calls this "floating" time.
public struct LocalDateTime: Hashable, Comparable, Sendable {
    public let date: CalendarDate
    /// 0–23.
    public let hour: Int
    /// 0–59.
    public let minute: Int

    /// `nil` unless `hour` is 0–23 and `minute` is 0–59.
    public init?(date: CalendarDate, hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.hour, lhs.minute) < (rhs.date, rhs.hour, rhs.minute)
    }
}
