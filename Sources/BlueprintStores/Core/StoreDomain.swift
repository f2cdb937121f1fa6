/// The parts of a wedding that have a store, in the order the app shows them.
public enum StoreDomain: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// The wedding's own settings: names, date, currency, total budget.
    case wedding
    case guests, budget, vendors, tasks
    /// Milestones and the run sheet.
    case timeline
    /// Gifts and their thank-yous, and money owed to or by the couple.
    case gifts
    /// The seating plan's tables and rules (the guests' seats are the guest store's records).
    case seating
    /// Notes on the wedding and on any of its records.
    case notes
    /// The files attached to the wedding, its vendors and its expenses.
    case documents

    public var description: String { rawValue }
}
