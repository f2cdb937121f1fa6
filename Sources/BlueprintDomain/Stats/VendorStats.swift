/// Vendors in numbers. Archived vendors are only counted in `archived`.
public struct VendorStats: Hashable, Sendable, Codable {
    /// Vendors not archived.
    public var total: Int
    public var byStatus: [VendorStatus: Int]
    public var byCategory: [VendorCategory: Int]
    /// Sum of every quote of a vendor not declined.
    public var totalQuoted: Money
    /// Sum of the quotes of booked vendors.
    public var bookedCost: Money
    /// Vendors put away with the archive flag.
    public var archived: Int

    public init(vendors: some Collection<Vendor>) {
        let current = vendors.filter { !$0.isArchived }
        total = current.count
        archived = vendors.count - current.count
        var byStatus: [VendorStatus: Int] = [:], byCategory: [VendorCategory: Int] = [:]
        for vendor in current {
            byStatus[vendor.status, default: 0] += 1
            byCategory[vendor.category, default: 0] += 1
        }
        self.byStatus = byStatus
        self.byCategory = byCategory
        totalQuoted = current.filter { $0.status != .declined }.sum { $0.quotedAmount ?? .zero }
        bookedCost = current.filter { $0.status == .booked }.sum { $0.quotedAmount ?? .zero }
    }
}
