import Foundation

/// How a printable page is written: HTML to print from a browser, or Markdown to paste or keep.
public enum PrintableFormat: String, Sendable, CaseIterable {
    case html
    case markdown = "md"

    /// `document` written in this format, as UTF-8.
    public func data(_ document: PrintableDocument) -> Data {
        switch self {
        case .html: Data(HTMLPage.render(document).utf8)
        case .markdown: Data(MarkdownPage.render(document).utf8)
        }
    }
}
