import BlueprintDomain

/// A group of keys to drop at once with `RepositoryCache.removeAll(matching:)`.
public enum CacheKeyPattern: Hashable, Sendable {
    /// One resource in every wedding.
    case resource(CacheResource)
    /// Every resource of one wedding.
    case wedding(WeddingID)

    public func matches(_ key: CacheKey) -> Bool {
        switch self {
        case .resource(let resource): return key.resource == resource
        case .wedding(let wedding): return key.wedding == wedding
        }
    }
}
