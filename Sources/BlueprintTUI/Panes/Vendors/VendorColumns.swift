import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// The vendor table's columns, and each vendor's cells.
@MainActor
enum VendorColumns {
    /// The columns, the one the list is sorted by marked `▲` or `▼`. On narrow terminals the
    /// email goes first, then the contact, then the phone; a category, phone, email or quote is never cut.
    static func columns(order: ListOrder<VendorSortKey>) -> [TableColumn] {
        func title(_ text: String, _ key: VendorSortKey?) -> DisplayText {
            guard let key, key == order.key else { return DisplayText(text) }
            return DisplayText(text + (order.ascending ? " ▲" : " ▼"))
        }
        return [
            TableColumn(title("Name", .name), minWidth: 14, maxWidth: 30, flex: 3, priority: 10),
            TableColumn(title("Category", .category), minWidth: 12, priority: 8),
            TableColumn(title("Status", .status), minWidth: 11, priority: 9),
            TableColumn(title("Contact", nil), minWidth: 10, maxWidth: 22, flex: 1, priority: 4),
            TableColumn(title("Phone", nil), minWidth: 10, priority: 5),
            TableColumn(title("Email", nil), minWidth: 12, maxWidth: 30, flex: 1, priority: 3),
            TableColumn(title("Quote", .quote), minWidth: 11, alignment: .right, priority: 7),
        ]
    }

    /// The category, the phone, the email (an address cut is no use) and the quote: shown whole
    /// (`TableColumn.fitting`).
    static let fixedShape = [1, 4, 5, 6]

    static func cell(_ vendor: Vendor, column: Int, currency: Currency, isMatch: Bool) -> TableCell {
        switch column {
        case 0: TableCell(DisplayText(vendor.name), style: isMatch ? .accent : .normal)
        case 1: TableCell(DisplayText(vendor.category.displayName))
        case 2: TableCell(DisplayText(vendor.isArchived ? "Archived" : Formats.label(vendor.status.rawValue)), style: style(vendor))
        case 3: TableCell(DisplayText(vendor.contactName))
        case 4: TableCell(DisplayText(vendor.phone), style: .muted)
        case 5: TableCell(DisplayText(vendor.email), style: .muted)
        default: TableCell(DisplayText(vendor.quotedAmount.map { Formats.money($0, currency) } ?? ""))
        }
    }

    /// "Booked", or "Booked, archived" for an archived vendor (the table, narrower, says "Archived").
    static func statusText(_ vendor: Vendor) -> String {
        Formats.label(vendor.status.rawValue) + (vendor.isArchived ? ", archived" : "")
    }

    /// Archived vendors are muted whatever their status.
    static func style(_ vendor: Vendor) -> TextStyle {
        vendor.isArchived ? .muted : style(vendor.status)
    }

    static func style(_ status: VendorStatus) -> TextStyle {
        switch status {
        case .booked: .success
        case .quoted: .accent
        case .declined: .muted
        case .researching, .contacted: .normal
        }
    }
}
