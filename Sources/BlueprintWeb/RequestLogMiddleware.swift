import BlueprintDomain
import Hummingbird
import Logging

/// Logs one line per request: method, path with the link token replaced by `…` and without
/// the query, status and duration. Never a guest's data.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = RSVPRequestContext

    let logger: Logger
    let clock: any TimeSource

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = clock.uptime()
        let response = try await next(request, context)
        let milliseconds = ((clock.uptime() - start) / .microseconds(100)).rounded() / 10
        logger.info("\(request.method) \(Self.loggedPath(request.uri.path)) \(response.status.code) \(milliseconds) ms")
        return response
    }

    /// `path` without the token of `/r/TOKEN/…` and with anything but printable ASCII dropped.
    static func loggedPath(_ path: String) -> String {
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.count >= 3, segments[1] == "r" { segments[2] = "…" }
        let printable = segments.joined(separator: "/").unicodeScalars.filter { $0 == "…" || (0x21...0x7E).contains($0.value) }
        return String(String.UnicodeScalarView(printable.prefix(200)))
    }
}
