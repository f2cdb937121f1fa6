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
    /// After `start`, on the same day (24:00 is midnight at its end).
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

    /// Whether the two items share some minute of the same day (touching end to start does not).
    public func overlaps(_ other: RunSheetItem) -> Bool {
        day == other.day && start < other.end && other.start < end
    }

    /// Run-sheet order: by day, then start, then end, then title.
    public static func precedes(_ lhs: RunSheetItem, _ rhs: RunSheetItem) -> Bool {
        (lhs.day, lhs.start, lhs.end) != (rhs.day, rhs.start, rhs.end)
            ? (lhs.day, lhs.start, lhs.end) < (rhs.day, rhs.start, rhs.end)
            : lhs.title.localizedStandardCompare(rhs.title) == .orderedAscending
    }
}
