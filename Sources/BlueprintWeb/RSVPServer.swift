import BlueprintDomain
import Crypto
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The guests' RSVP web server: a household's page at `/r/TOKEN`, its answers posted there,
/// the confirmation and the calendar of the day, `/healthz` for the proxy and the stylesheet.
/// Anything else, and any token that opens nothing, gets the same 404 page.
public struct RSVPServer: Sendable {
    private let directory: any RSVPDirectory
    private let configuration: RSVPServerConfiguration
    private let logger: Logger
    private let renderer: PageRenderer

    public init(directory: any RSVPDirectory, configuration: RSVPServerConfiguration, logger: Logger) throws {
        self.directory = directory
        self.configuration = configuration
        self.logger = logger
        self.renderer = try PageRenderer()
    }

    /// The routes and their middleware, for an `Application` (or a router test).
    public func router() -> Router<RSVPRequestContext> {
        let router = Router(context: RSVPRequestContext.self)
        router.add(middleware: RequestLogMiddleware(logger: logger, clock: configuration.clock))
        router.add(middleware: SecurityMiddleware(renderer: renderer, logger: logger))
        router.add(middleware: RateLimitMiddleware(
            byAddress: RateLimiter(rule: configuration.addressLimit, clock: configuration.clock),
            byLink: RateLimiter(rule: configuration.linkLimit, clock: configuration.clock),
            trustedProxy: configuration.trustedProxy))
        router.get("/healthz") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: "ok")))
        }
        router.get("/static/site.css") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=3600"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: Templates.siteStylesheet)))
        }
        router.get("/r/:token") { _, context in try await showPage(token: context.parameters.require("token")) }
        router.post("/r/:token") { request, context in try await receiveAnswers(request, token: context.parameters.require("token"), context: context) }
        router.get("/r/:token/thanks") { _, context in try await showThanks(token: context.parameters.require("token")) }
        router.get("/r/:token/wedding.ics") { _, context in try await calendar(token: context.parameters.require("token")) }
        return router
    }

    /// The application listening on `host`:`port`, ready for `runService()`.
    public func application(host: String, port: Int) -> some ApplicationProtocol {
        Application(router: router(), configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
                    logger: logger)
    }

    private func showPage(token: String) async throws -> Response {
        let household = try await household(token)
        return renderer.page("rsvp", RSVPPageView(household: household, token: token, formToken: configuration.formTokenKey.token(for: token),
                                                  now: configuration.clock.now(), title: "Will you join us?"))
    }

    private func receiveAnswers(_ request: Request, token: String, context: RSVPRequestContext) async throws -> Response {
        let household = try await household(token)
        try checkSameOrigin(request, context: context)
        if let length = request.headers[.contentLength].flatMap(Int.init), length > configuration.maxBodyBytes {
            throw WebPageError.contentTooLarge
        }
        let body = try await request.body.collect(upTo: configuration.maxBodyBytes)
        let form: FormBody
        do {
            form = try FormBody(decoding: Array(buffer: body))
        } catch {
            throw WebPageError.badRequest
        }
        guard configuration.formTokenKey.accepts(form[RSVPForm.formTokenField], for: token) else { throw WebPageError.forbidden }
        let now = configuration.clock.now()
        guard household.acceptsAnswers(at: now) else { return closedPage(household, token: token) }
        let answers: RSVPAnswers
        switch RSVPForm.answers(in: form, for: household) {
        case .success(let read): answers = read
        case .failure(let errors): return formWithErrors(household, token: token, form: form, errors: errors.messages)
        }
        switch try await directory.answer(token: token, answers, at: now) {
        case .saved:
            return Response(status: .seeOther, headers: [.location: "/r/\(token)/thanks"])
        case .afterDeadline:
            return closedPage(household, token: token)
        case .notFound:
            throw WebPageError.notFound
        case .invalid(let errors):
            return formWithErrors(household, token: token, form: form, errors: errors)
        }
    }

    private func showThanks(token: String) async throws -> Response {
        let household = try await household(token)
        return renderer.page("thanks", RSVPPageView(household: household, token: token, formToken: "", now: configuration.clock.now(),
                                                    title: "Thank you"))
    }

    private func calendar(token: String) async throws -> Response {
        let household = try await household(token)
        let uid = SHA256.hash(data: Data("\(household.coupleNames)|\(household.weddingDate.map(String.init(describing:)) ?? "")".utf8))
            .prefix(16).map { String(format: "%02x", $0) }.joined() + "@blueprint"
        guard let document = WeddingDayCalendar.document(for: household, uid: uid, stamp: configuration.clock.now()) else {
            throw WebPageError.notFound
        }
        return Response(status: .ok, headers: [.contentType: "text/calendar; charset=utf-8",
                                               .contentDisposition: "attachment; filename=\"wedding.ics\""],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
    }

    /// The household `token` opens; the 404 page for any other (a wrong, revoked or made-up
    /// token), before the directory is asked when the token cannot be one.
    private func household(_ token: String) async throws -> RSVPHousehold {
        guard Self.couldBeToken(token), let household = try await directory.household(token: token) else { throw WebPageError.notFound }
        return household
    }

    private static func couldBeToken(_ token: String) -> Bool {
        (1...128).contains(token.utf8.count) && token.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }

    /// Refuses a post from another site: an `Origin` other than the server's, or a
    /// `Sec-Fetch-Site` other than same-origin (or none, typed by the user). A browser posting
    /// the page's own form sends `Origin: null` (the pages' `Referrer-Policy: no-referrer`) with
    /// `Sec-Fetch-Site: same-origin`, which is taken as the same origin.
    private func checkSameOrigin(_ request: Request, context: RSVPRequestContext) throws {
        if let site = request.headers[.secFetchSite], site != "same-origin", site != "none" { throw WebPageError.forbidden }
        guard let origin = request.headers[.origin], !(origin == "null" && request.headers[.secFetchSite] == "same-origin") else { return }
        let client = ClientOrigin(peer: context.remoteAddress, headers: request.headers, trustedProxy: configuration.trustedProxy)
        let expected = configuration.baseURL.flatMap(Self.origin(of:))
            ?? request.head.authority.map { "\(client.isHTTPS ? "https" : "http")://\($0)" }
        guard origin == expected else { throw WebPageError.forbidden }
    }

    /// `scheme://host[:port]` of a URL.
    private static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }

    private func closedPage(_ household: RSVPHousehold, token: String) -> Response {
        renderer.page("rsvp", RSVPPageView(household: household, token: token, formToken: "", now: configuration.clock.now(),
                                           title: "Answers are closed", closed: true), status: .forbidden)
    }

    private func formWithErrors(_ household: RSVPHousehold, token: String, form: FormBody, errors: [RSVPField: String]) -> Response {
        renderer.page("rsvp", RSVPPageView(household: household, token: token, formToken: configuration.formTokenKey.token(for: token),
                                           now: configuration.clock.now(), title: "Will you join us?", posted: form, errors: errors),
                      status: .unprocessableContent)
    }
}
