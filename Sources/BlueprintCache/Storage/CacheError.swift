/// Why the cache could not answer.
public enum CacheError: Error, Equatable, CustomStringConvertible {
    /// Two call sites use one key for values of different types: a programming error.
    case typeMismatch(key: CacheKey, requested: String, found: String)

    public var description: String {
        switch self {
        case let .typeMismatch(key, requested, found):
            return "cache key \(key) holds a \(found), but a \(requested) was asked for"
        }
    }
}
