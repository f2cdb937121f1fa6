import Hummingbird
import Logging

/// Turns every error into its page (an unexpected one into the generic 500 page, never a
/// message, path or trace) and puts the security headers on every response.
struct SecurityMiddleware: RouterMiddleware {
    typealias Context = RSVPRequestContext

    let renderer: PageRenderer
    let logger: Logger

    static let contentSecurityPolicy = "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as WebPageError {
            response = renderer.message(error.status)
            if let retryAfter = error.retryAfter {
                response.headers[.retryAfter] = String(max(1, Int((retryAfter / .seconds(1)).rounded(.up))))
            }
        } catch let error as HTTPError {
            // Hummingbird's own: no route (404), a body over the cap (413), ...
            response = renderer.message(error.status)
        } catch {
            // Only the type: a message could quote a guest's data.
            logger.error("RSVP request failed with \(String(reflecting: type(of: error)))")
            response = renderer.message(.internalServerError)
        }
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "no-referrer"
        response.headers[.xFrameOptions] = "DENY"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
