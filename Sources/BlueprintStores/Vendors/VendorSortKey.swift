import BlueprintDomain

/// The columns the vendor list sorts by.
public enum VendorSortKey: String, ListSortKey {
    case name, category, status, quote

    public var title: String {
        switch self {
        case .name: return "Name"
        case .category: return "Category"
        case .status: return "Status"
        case .quote: return "Quote"
        }
    }

    public func sortValue(of vendor: Vendor, today: CalendarDate) -> (rank: Int64, text: String) {
        let name = vendor.name.lowercased()
        switch self {
        case .name: return (0, name)
        case .category: return (0, vendor.category.displayName.lowercased() + "\u{1}" + name)
        case .status: return (Int64(VendorStatus.allCases.firstIndex(of: vendor.status)!), name)
        case .quote: return (vendor.quotedAmount?.minorUnits ?? .max, name)
        }
    }
}
