import Hummingbird

/// Limits the household pages (`/r/…`) per client address and per link; over a limit the
/// request gets 429 with `Retry-After`, before anything is looked up.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = RSVPRequestContext

    let byAddress: RateLimiter
    let byLink: RateLimiter
    let trustedProxy: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let segments = request.uri.path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 3, segments[1] == "r" else { return try await next(request, context) }
        let client = ClientOrigin(peer: context.remoteAddress, headers: request.headers, trustedProxy: trustedProxy)
        if let wait = await byAddress.take(client.address) { throw WebPageError(status: .tooManyRequests, retryAfter: wait) }
        if let wait = await byLink.take(String(segments[2])) { throw WebPageError(status: .tooManyRequests, retryAfter: wait) }
        return try await next(request, context)
    }
}
