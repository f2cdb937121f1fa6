import BlueprintDomain

/// The one way to name a cache entry: a resource of a wedding, spelled `{resource}_{weddingId}`.
///
/// Call sites never build key strings. The key is a small value with a hash fingerprint worked
/// out once, so a lookup hashes one word and allocates nothing.
public struct CacheKey: Hashable, Sendable, CustomStringConvertible {
    public let resource: CacheResource
    public let wedding: WeddingID
    private let fingerprint: UInt64

    public init(_ resource: CacheResource, _ wedding: WeddingID) {
        self.resource = resource
        self.wedding = wedding
        // Wedding ids are random UUIDs, so folding their two halves already spreads well;
        // `Hasher` still seeds the final hash per process.
        let (high, low) = withUnsafeBytes(of: wedding.rawValue.uuid) {
            ($0.loadUnaligned(fromByteOffset: 0, as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        fingerprint = (high ^ (low &* 0x9E37_79B9_7F4A_7C15)) &+ UInt64(resource.rawValue) &* 0xFF51_AFD7_ED55_8CCD
    }

    /// Every key of `wedding`, one per resource.
    public static func all(of wedding: WeddingID) -> [CacheKey] {
        CacheResource.allCases.map { CacheKey($0, wedding) }
    }

    /// `guest_stats_8f0c…`: for logs and diagnostics.
    public var description: String { "\(resource.name)_\(wedding)" }

    public static func == (lhs: CacheKey, rhs: CacheKey) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.resource == rhs.resource && lhs.wedding == rhs.wedding
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
}
