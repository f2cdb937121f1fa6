import BlueprintDomain

/// One stored value and what decides whether it may still be served.
struct CacheEntry {
    let key: CacheKey
    /// Kept as the instance that was stored, so a hit hands it back without decoding anything.
    var value: any Sendable
    let cost: Int
    /// Wall time of the store, for `newerThan`.
    let storedAt: Timestamp
    /// Uptime of the store, for `maxAge`.
    let storedAtUptime: Duration
    /// Uptime from which the entry is expired.
    let expiresAtUptime: Duration

    func isExpired(atUptime uptime: Duration) -> Bool { uptime >= expiresAtUptime }
}
