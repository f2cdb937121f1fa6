import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// The guest table's columns, and each guest's cells.
@MainActor
enum GuestColumns {
    /// The columns, the one the list is sorted by marked `▲` or `▼`. On narrow terminals the
    /// household goes first, then the plus-one, then the meal.
    static func columns(order: ListOrder<GuestSortKey>) -> [TableColumn] {
        func title(_ text: String, _ key: GuestSortKey?) -> DisplayText {
            guard let key, key == order.key else { return DisplayText(text) }
            return DisplayText(text + (order.ascending ? " ▲" : " ▼"))
        }
        return [
            TableColumn(title("Name", .name), minWidth: 14, maxWidth: 32, flex: 3, priority: 10),
            TableColumn(title("Household", .household), minWidth: 10, maxWidth: 26, flex: 2, priority: 3),
            TableColumn(title("RSVP", .rsvp), minWidth: 9, priority: 9),
            TableColumn(title("Meal", nil), minWidth: 10, maxWidth: 22, flex: 1, priority: 5),
            TableColumn(title("Table", .table), minWidth: 7, alignment: .right, priority: 6),
            TableColumn(title("Plus-one", nil), minWidth: 8, maxWidth: 22, flex: 1, priority: 4),
        ]
    }

    static func cell(_ guest: Guest, column: Int, isMatch: Bool) -> TableCell {
        switch column {
        case 0: TableCell(DisplayText(guest.fullName), style: isMatch ? .accent : .normal)
        case 1: TableCell(DisplayText(guest.household))
        case 2: TableCell(DisplayText(Formats.label(guest.rsvp.rawValue)), style: guest.rsvp.style)
        case 3: TableCell(DisplayText(meals(guest)))
        case 4: TableCell(DisplayText(guest.table.map(String.init) ?? ""))
        default: TableCell(DisplayText(plusOne(guest)), style: guest.plusOneAttending ? .normal : .muted)
        }
    }

    /// The guest's meal, and their plus-one's when one is coming and has chosen: "Fish, +1 Vegan".
    static func meals(_ guest: Guest) -> String {
        guard guest.hasPlusOneComing, !guest.plusOneMealChoice.isEmpty else { return guest.mealChoice }
        return (guest.mealChoice.isEmpty ? "" : guest.mealChoice + ", ") + "+1 " + guest.plusOneMealChoice
    }

    /// "+1 Sam Lee", "+1", or nothing when no plus-one is allowed.
    static func plusOne(_ guest: Guest) -> String {
        guard guest.plusOneAllowed else { return "" }
        return guest.plusOneName.isEmpty ? "+1" : "+1 " + guest.plusOneName
    }
}
