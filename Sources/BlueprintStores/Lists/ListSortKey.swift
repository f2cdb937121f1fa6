import BlueprintDomain

/// A column a list can be sorted by.
public protocol ListSortKey: CaseIterable, Hashable, Sendable where AllCases == [Self] {
    associatedtype Row: Record
    /// The column's name in the list header ("Name", "RSVP").
    var title: String { get }
    /// What rows are compared by on `today` (an expense's status changes with the day), first
    /// `rank`, then `text` (compare lower-cased text); rows that tie keep the order they were
    /// loaded in.
    func sortValue(of row: Row, today: CalendarDate) -> (rank: Int64, text: String)
}
