/// A value that can say roughly how many bytes it holds, so the cache can bound its total size.
///
/// Conform a type whose heap storage matters (long strings, nested arrays) to refine the
/// default: any other collection costs its elements' inline size, anything else its own size.
public protocol CacheCostEstimating {
    var estimatedCacheCost: Int { get }
}

extension String: CacheCostEstimating {
    public var estimatedCacheCost: Int { MemoryLayout<String>.size + utf8.count }
}

/// How the cache prices a value.
public enum CacheCost {
    /// The value's own estimate if it has one; for a collection its header plus `count` elements
    /// of their inline size; otherwise the size of the value itself.
    public static func estimate<Value>(_ value: Value) -> Int {
        if let estimating = value as? any CacheCostEstimating { return estimating.estimatedCacheCost }
        if let collection = value as? any Collection { return MemoryLayout<Value>.size + elementsSize(collection) }
        return MemoryLayout<Value>.size
    }

    private static func elementsSize<C: Collection>(_ collection: C) -> Int {
        collection.count * MemoryLayout<C.Element>.stride
    }
}
