import Hummingbird

/// A request that ends on the page of a status (404, 403, 429, ...), nothing saved.
struct WebPageError: Error {
    let status: HTTPResponse.Status
    /// For 429: when to try again.
    var retryAfter: Duration?

    static let notFound = WebPageError(status: .notFound)
    static let forbidden = WebPageError(status: .forbidden)
    static let badRequest = WebPageError(status: .badRequest)
    static let contentTooLarge = WebPageError(status: .contentTooLarge)
}
