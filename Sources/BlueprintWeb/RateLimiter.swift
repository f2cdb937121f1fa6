import BlueprintDomain

/// How much one client or one link may ask: `burst` requests at once, then one more every
/// `interval`.
public struct RateLimitRule: Sendable {
    public var burst: Int
    public var interval: Duration

    public init(burst: Int, interval: Duration) {
        self.burst = burst
        self.interval = interval
    }

    /// The default limit per client address: 60 a minute (one a second after a burst of 60).
    public static let defaultAddressRequestsPerMinute = 60
    /// The default limit per link: 20 a minute (one every 3 s after a burst of 20).
    public static let defaultLinkRequestsPerMinute = 20

    /// `count` requests a minute: as many at once, then one more every minute / `count`.
    public static func perMinute(_ count: Int) -> RateLimitRule {
        RateLimitRule(burst: count, interval: .seconds(60) / count)
    }
}

/// Token buckets by key (a client's address, a link): each key may make `burst` requests at
/// once and one more every `interval` after that.
actor RateLimiter {
    private struct Bucket {
        var tokens: Double
        var updated: Duration
    }

    /// Buckets beyond this many are pruned of the full ones, so unknown keys cannot grow the memory.
    private static let pruneThreshold = 10_000

    private let rule: RateLimitRule
    private let clock: any TimeSource
    private var buckets: [String: Bucket] = [:]

    init(rule: RateLimitRule, clock: any TimeSource) {
        self.rule = rule
        self.clock = clock
    }

    /// Takes a token for `key`; `nil` if it had one, else how long until it will have one.
    func take(_ key: String) -> Duration? {
        let now = clock.uptime()
        var bucket = buckets[key].map { refilled($0, at: now) } ?? Bucket(tokens: Double(rule.burst), updated: now)
        defer {
            buckets[key] = bucket
            if buckets.count > Self.pruneThreshold { prune(at: now) }
        }
        guard bucket.tokens < 1 else {
            bucket.tokens -= 1
            return nil
        }
        return rule.interval * (1 - bucket.tokens)
    }

    private func refilled(_ bucket: Bucket, at now: Duration) -> Bucket {
        let earned = (now - bucket.updated) / rule.interval
        return Bucket(tokens: min(Double(rule.burst), bucket.tokens + earned), updated: now)
    }

    private func prune(at now: Duration) {
        buckets = buckets.filter { refilled($0.value, at: now).tokens < Double(rule.burst) }
    }
}
