import BlueprintDomain

/// Applies operations to a cache: drops every key the strategies say an operation makes stale,
/// in one step.
public struct CacheInvalidator: Sendable {
    /// The records' strategy (from their declarations) and the wedding's.
    public static let strategies: [any CacheInvalidationStrategy] = [RecordCacheStrategy(), WeddingCacheStrategy()]

    public let cache: RepositoryCache

    public init(cache: RepositoryCache = .shared) { self.cache = cache }

    /// The keys `operation` makes stale, all of them in the operation's wedding.
    public static func keys(for operation: CacheOperation) -> Set<CacheKey> {
        var resources: Set<CacheResource> = []
        for action in operation.actions {
            for strategy in strategies { resources.formUnion(strategy.resources(invalidatedBy: action)) }
        }
        return Set(resources.map { CacheKey($0, operation.wedding) })
    }

    /// Drops the keys `operation` makes stale, and detaches any loads in flight for them.
    public func invalidate(_ operation: CacheOperation) async {
        await cache.remove(Self.keys(for: operation))
    }
}
