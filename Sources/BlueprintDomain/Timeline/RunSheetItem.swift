import Foundation

/// One entry of the wedding day's run sheet (or of any day around it): what happens, from when
/// to when, where, with whom, and which vendor is on it.
public struct RunSheetItem: Record {
    public static let kind = RecordKind.runSheetItem

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    public var day: CalendarDate
    public var start: TimeOfDay
    /// After `start` on the same day (24:00 is midnight at its end), or, before `start`, on the
    /// next day: 23:00 to 01:00 passes midnight.
    public var end: TimeOfDay
    public var title: String
    public var place: String
    /// Who is needed: names or roles ("Ana", "best man", "photographer").
    public var people: [String]
    public var vendorID: UUID?
    public var notes: String

    public init(id: UUID = UUID(), day: CalendarDate, start: TimeOfDay, end: TimeOfDay, title: String, place: String = "",
                people: [String] = [], vendorID: UUID? = nil, notes: String = "",
                createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.day = day
        self.start = start
        self.end = end
        self.title = title
        self.place = place
        self.people = people
        self.vendorID = vendorID
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    /// Whether the item ends on the day after `day` (its end is before its start).
    public var endsNextDay: Bool { end < start }

    /// The end as shown: `01:00 (next day)` past midnight, else `01:00`.
    public var endText: String { end.description + (endsNextDay ? " (next day)" : "") }

    /// The first and the last minute, counted from 1970-01-01 00:00 on the wedding's wall clock.
    public var startMinute: Int { day.daysSince1970 * 24 * 60 + start.minutes }
    public var endMinute: Int { day.daysSince1970 * 24 * 60 + end.minutes + (endsNextDay ? 24 * 60 : 0) }

    /// Whether the two items share some minute, on whichever day (touching end to start does not).
    public func overlaps(_ other: RunSheetItem) -> Bool {
        startMinute < other.endMinute && other.startMinute < endMinute
    }

    /// Run-sheet order: by day, then start, then end, then title.
    public static func precedes(_ lhs: RunSheetItem, _ rhs: RunSheetItem) -> Bool {
        (lhs.day, lhs.start, lhs.end) != (rhs.day, rhs.start, rhs.end)
            ? (lhs.day, lhs.start, lhs.end) < (rhs.day, rhs.start, rhs.end)
            : lhs.title.localizedStandardCompare(rhs.title) == .orderedAscending
    }
}
