/// Vendors in numbers.
public struct VendorStats: Hashable, Sendable, Codable {
    public var total: Int
    public var byStatus: [VendorStatus: Int]
    public var byCategory: [VendorCategory: Int]
    /// Sum of every quote, whatever the status (archived and declined excluded).
    public var totalQuoted: Money
    /// Sum of the quotes of booked vendors.
    public var bookedCost: Money

    public init(vendors: some Collection<Vendor>) {
        total = vendors.count
        var byStatus: [VendorStatus: Int] = [:], byCategory: [VendorCategory: Int] = [:]
        for vendor in vendors {
            byStatus[vendor.status, default: 0] += 1
            byCategory[vendor.category, default: 0] += 1
        }
        self.byStatus = byStatus
        self.byCategory = byCategory
        totalQuoted = vendors.filter { $0.status != .archived && $0.status != .declined }.sum { $0.quotedAmount ?? .zero }
        bookedCost = vendors.filter { $0.status == .booked }.sum { $0.quotedAmount ?? .zero }
    }
}
