import BlueprintDomain

/// The columns the guest list sorts by.
public enum GuestSortKey: String, ListSortKey {
    case name, rsvp, table, household

    public var title: String {
        switch self {
        case .name: return "Name"
        case .rsvp: return "RSVP"
        case .table: return "Table"
        case .household: return "Household"
        }
    }

    public func sortValue(of guest: Guest, today: CalendarDate) -> (rank: Int64, text: String) {
        let name = (guest.lastName + "\u{1}" + guest.firstName).lowercased()
        switch self {
        case .name: return (0, name)
        case .rsvp: return (Int64(RSVPStatus.allCases.firstIndex(of: guest.rsvp)!), name)
        case .table: return (guest.table.map(Int64.init) ?? .max, name)
        case .household: return (guest.household.isEmpty ? 1 : 0, guest.household.lowercased() + "\u{1}" + name)
        }
    }
}
