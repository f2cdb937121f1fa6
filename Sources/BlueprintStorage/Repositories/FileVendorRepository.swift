import BlueprintCache
import BlueprintDomain
import Foundation

/// Vendors, read through the cache and written durably to a `WeddingDataHost`.
public struct FileVendorRepository: VendorRepository {
    let access: DataAccess

    public init(host: any WeddingDataHost, cache: RepositoryCache) {
        access = DataAccess(host: host, cache: cache)
    }

    public func fetchVendors(in wedding: WeddingID) async throws -> [Vendor] {
        try await access.cached(.vendors, wedding) { $0.vendors.records }
    }

    public func fetchVendor(id: UUID, in wedding: WeddingID) async throws -> Vendor {
        try await access.read(wedding) { dataset in
            guard let vendor = dataset.vendors[id] else { throw RepositoryError.notFound(.vendor, id: id) }
            return vendor
        }
    }

    public func createVendor(_ vendor: Vendor, in wedding: WeddingID) async throws -> Vendor {
        try await access.write(CacheOperation(.created, .vendor, in: wedding)) { try $0.insert(vendor) }
    }

    public func updateVendor(_ vendor: Vendor, in wedding: WeddingID) async throws -> Vendor {
        try await access.write(CacheOperation(.updated, .vendor, in: wedding)) { try $0.update(vendor) }
    }

    public func deleteVendor(id: UUID, in wedding: WeddingID) async throws {
        try await access.write(CacheOperation(.deleted, .vendor, in: wedding)) { try $0.delete(Vendor.self, id: id) }
    }

    public func vendorStats(in wedding: WeddingID) async throws -> VendorStats {
        try await access.cached(.vendorStats, wedding) { VendorStats(vendors: $0.vendors) }
    }

    public func searchVendors(_ filter: VendorFilter, in wedding: WeddingID) async throws -> [Vendor] {
        try await fetchVendors(in: wedding).filter(filter.matches)
    }

    public func importVendors(_ batch: ImportBatch<Vendor>, in wedding: WeddingID) async throws -> ImportSummary {
        try await access.write(CacheOperation(.imported, .vendor, in: wedding)) { try $0.apply(batch) }
    }
}
