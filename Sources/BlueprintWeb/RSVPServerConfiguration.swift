import BlueprintDomain

/// How the RSVP server behaves beyond its routes: where it is reached, whom it trusts, its limits.
public struct RSVPServerConfiguration: Sendable {
    /// The public address guests open (`https://rsvp.example.com`); a post whose `Origin` is
    /// another is refused. Without it, the origin is the request's own host.
    public var baseURL: String?
    /// The address of the proxy whose `X-Forwarded-For`/`-Proto` headers are believed.
    public var trustedProxy: String?
    /// The key of the pages' form tokens; a new one each start.
    public var formTokenKey: FormTokenKey
    /// Where the server reads the time: deadlines, rate limits, request durations.
    public var clock: any TimeSource
    /// The largest request body taken, in bytes; a larger one gets 413.
    public var maxBodyBytes: Int
    /// The rate limit per client address, over every household page.
    public var addressLimit: RateLimitRule
    /// The rate limit per link.
    public var linkLimit: RateLimitRule

    public init(baseURL: String? = nil, trustedProxy: String? = nil, formTokenKey: FormTokenKey = FormTokenKey(),
                clock: any TimeSource = SystemClock(), maxBodyBytes: Int = 16 * 1024,
                addressLimit: RateLimitRule = .perMinute(RateLimitRule.defaultAddressRequestsPerMinute),
                linkLimit: RateLimitRule = .perMinute(RateLimitRule.defaultLinkRequestsPerMinute)) {
        self.baseURL = baseURL
        self.trustedProxy = trustedProxy
        self.formTokenKey = formTokenKey
        self.clock = clock
        self.maxBodyBytes = maxBodyBytes
        self.addressLimit = addressLimit
        self.linkLimit = linkLimit
    }
}
