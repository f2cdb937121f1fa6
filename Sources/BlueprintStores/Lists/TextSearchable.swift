import BlueprintDomain
import Foundation

/// A record a list pane filters and searches by text.
///
/// The fields are the ones the domain's filter matches its text against (`GuestFilter`,
/// `VendorFilter`, `ExpenseFilter`, `TaskFilter`); a test checks that both always agree.
public protocol TextSearchable: Record {
    var searchFields: [String] { get }
}

extension Guest: TextSearchable {
    public var searchFields: [String] { [fullName, email, household, plusOneName, phone, notes] }
}

extension Vendor: TextSearchable {
    public var searchFields: [String] { [name, contactName, email, phone, website, notes, review] }
}

extension Expense: TextSearchable {
    public var searchFields: [String] { [name, paymentMethod, notes] }
}

extension WeddingTask: TextSearchable {
    public var searchFields: [String] { [title, details, assignees.joined(separator: " ")] + subtasks.map(\.title) }
}

/// A domain filter: conditions on a record's fields plus a text query.
public protocol RecordFilter: Hashable {
    associatedtype Row
    /// The filter that lets every row through.
    static var none: Self { get }
    var text: TextQuery { get set }
    /// The records whose notes contain the text: they match it too.
    var notedIDs: Set<UUID> { get set }
    func matches(_ row: Row) -> Bool
}

extension GuestFilter: RecordFilter { public static var none: GuestFilter { GuestFilter() } }
extension VendorFilter: RecordFilter {
    /// Every vendor, archived ones too (`VendorFilter()` hides those).
    public static var none: VendorFilter { VendorFilter(includesArchived: true) }
}
extension ExpenseFilter: RecordFilter { public static var none: ExpenseFilter { ExpenseFilter() } }
extension TaskFilter: RecordFilter { public static var none: TaskFilter { TaskFilter() } }
