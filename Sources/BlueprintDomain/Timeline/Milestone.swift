import Foundation

/// A date the planning is measured against: save-the-dates sent, the RSVP deadline, the final
/// headcount due, the wedding day itself.
public struct Milestone: Record {
    public static let kind = RecordKind.milestone

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    public var title: String
    public var date: CalendarDate
    public var isDone: Bool
    public var notes: String

    public init(id: UUID = UUID(), title: String, date: CalendarDate, isDone: Bool = false, notes: String = "",
                createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.title = title
        self.date = date
        self.isDone = isDone
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    /// Past its date and not done.
    public func isOverdue(today: CalendarDate) -> Bool { !isDone && date < today }
}
