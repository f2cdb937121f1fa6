/// Vendors.
public struct VendorCacheStrategy: CacheInvalidationStrategy {
    public init() {}

    public func resources(invalidatedBy action: CacheOperation.Action) -> Set<CacheResource> {
        switch action {
        case .vendorCreated, .vendorUpdated, .vendorsImported:
            return [.vendors, .vendorStats]
        case .vendorDeleted:
            // Deleting a vendor unlinks the expenses and tasks that named it.
            return [.vendors, .vendorStats, .expenses, .tasks, .vendorPaymentTotals]
        default:
            return []
        }
    }
}
