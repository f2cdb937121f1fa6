import Hummingbird
import Mustache

/// Renders the templates into responses. The pages of a heading and a line are rendered once.
struct PageRenderer: Sendable {
    private let library: MustacheLibrary
    private let messagePages: [Int: String]

    init() throws {
        library = try Templates.library()
        var pages: [Int: String] = [:]
        for (status, view) in Self.messages {
            pages[status.code] = library.render(view, withTemplate: "message") ?? ""
        }
        messagePages = pages
    }

    /// A page made from `view` with `template`.
    func page(_ template: String, _ view: Any, status: HTTPResponse.Status = .ok) -> Response {
        html(library.render(view, withTemplate: template) ?? "", status: status)
    }

    /// The page of `status`: the same body and headers whatever led to it.
    /// A status without a page of its own gets the generic 500 page.
    func message(_ status: HTTPResponse.Status) -> Response {
        guard let page = messagePages[status.code] else { return html(messagePages[500] ?? "", status: .internalServerError) }
        return html(page, status: status)
    }

    private func html(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private static let messages: [(HTTPResponse.Status, MessagePageView)] = [
        (.badRequest, MessagePageView(title: "This could not be read",
                                      text: "Please go back to your page and send the form again.")),
        (.forbidden, MessagePageView(title: "The form could not be sent",
                                     text: "Please open the link in your invitation again and send the form from that page.")),
        (.notFound, MessagePageView(title: "Page not found",
                                    text: "Please check the link in your invitation. If it still does not open, ask the couple for a new one.")),
        (.methodNotAllowed, MessagePageView(title: "Page not found",
                                            text: "Please check the link in your invitation.")),
        (.contentTooLarge, MessagePageView(title: "Too much text",
                                           text: "The form was too long to send. Please shorten your answers and send it again.")),
        (.tooManyRequests, MessagePageView(title: "Too many requests", text: "Please wait a minute and try again.")),
        (.internalServerError, MessagePageView(title: "Something went wrong", text: "Please try again in a few minutes.")),
    ]
}
