import BlueprintCache
import BlueprintDomain
import Foundation

/// The one seam every repository reads and writes through.
///
/// Reads are cache-first: a resource is computed from the wedding's dataset only on a miss, and
/// concurrent misses share one computation. Writes run as one durable transaction on the host,
/// and then the operation's strategy invalidates every key that the change made stale.
public struct DataAccess: Sendable {
    let host: any WeddingDataHost
    let cache: RepositoryCache

    public init(host: any WeddingDataHost, cache: RepositoryCache) {
        self.host = host
        self.cache = cache
    }

    /// The cached value of `resource` for `wedding`, computing it from the dataset on a miss.
    func cached<T: Sendable>(_ resource: CacheResource, _ wedding: WeddingID,
                             _ compute: @escaping @Sendable (WeddingDataset) throws -> T) async throws -> T {
        let host = self.host
        return try await cache.getOrLoad(CacheKey(resource, wedding)) {
            try await host.read(wedding, compute)
        }
    }

    /// Like `cached`, for figures that depend on today's date: a value computed for another
    /// day is recomputed rather than served.
    func cached<T: Sendable>(_ resource: CacheResource, _ wedding: WeddingID, asOf today: CalendarDate,
                             _ compute: @escaping @Sendable (WeddingDataset) throws -> T) async throws -> T {
        let dated = try await cached(resource, wedding) { DatedValue(asOf: today, value: try compute($0)) }
        if dated.asOf == today { return dated.value }
        await cache.remove(CacheKey(resource, wedding))
        return try await cached(resource, wedding, asOf: today, compute)
    }

    /// Reads the dataset directly, uncached (single-record lookups are O(1) on the dataset).
    func read<T: Sendable>(_ wedding: WeddingID, _ body: @escaping @Sendable (WeddingDataset) throws -> T) async throws -> T {
        try await host.read(wedding, body)
    }

    /// Runs `body` as one durable transaction named `name` (else by `operation`), then
    /// invalidates what it made stale.
    public func write<T: Sendable>(_ operation: CacheOperation, named name: String? = nil,
                            _ body: @escaping @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        let result = try await host.write(operation.wedding, operation: name ?? operation.name, body)
        await CacheInvalidator(cache: cache).invalidate(operation)
        return result
    }
}

/// A cached value together with the day it was computed for.
struct DatedValue<T: Sendable>: Sendable {
    let asOf: CalendarDate
    let value: T
}
