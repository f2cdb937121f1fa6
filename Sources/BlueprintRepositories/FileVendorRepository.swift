import BlueprintCache
import BlueprintDomain
import Foundation

/// Vendors, read through the cache and written durably to a `WeddingDataHost`.
public struct FileVendorRepository: VendorRepository {
    let access: DataAccess

    public init(host: any WeddingDataHost, cache: RepositoryCache) {
        access = DataAccess(host: host, cache: cache)
    }

    public var vendorRecords: any RecordRepository<Vendor> { FileRecordRepository(access: access) }

    public func vendorStats(in wedding: WeddingID) async throws -> VendorStats {
        try await access.cached(.vendorStats, wedding) { VendorStats(vendors: $0.vendors) }
    }

    public func searchVendors(_ filter: VendorFilter, in wedding: WeddingID) async throws -> [Vendor] {
        try await fetchVendors(in: wedding).filter(filter.matches)
    }
}
