import BlueprintInterchange
import Foundation
import Testing

/// The two page writers on a document of hostile text: HTML that cannot grow a tag, Markdown
/// whose tables keep their shape, and a page fit to print.
@Suite struct PrintablePageTests {
    typealias Reading = PrintableReading

    static let document = PrintableDocument(
        title: "<script>alert(1)</script> & Co", summary: ["\"><img src=x onerror=alert(1)>"],
        sections: [PrintableDocument.Section(
            heading: "*bold* # heading", summary: "| pipe",
            table: PrintableDocument.Table(columns: ["One", "Two"], rows: Reading.hostile.map { [$0, "x"] }.map {
                PrintableDocument.Row($0)
            } + [PrintableDocument.Row(["flagged", "⚠"], isFlagged: true)]),
            list: Reading.hostile, keepsTogether: true)])

    static var html: String { String(decoding: PrintableFormat.html.data(document), as: UTF8.self) }
    static var markdown: String { String(decoding: PrintableFormat.markdown.data(document), as: UTF8.self) }

    @Test func htmlEscapesEveryPieceOfUserText() {
        let html = Self.html
        #expect(!html.contains("<script") && !html.contains("<img"))
        #expect(Reading.tagNames(html).isSubset(of: Reading.pageTags), "\(Reading.tagNames(html).subtracting(Reading.pageTags))")
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("Tom &amp; Jerry&#39;s"))
        #expect(html.contains("<td>line one<br>line two</td>"), "a line break in a cell stays one")
        #expect(html.contains("<tr class=\"flagged\"><td>flagged</td>"))
    }

    @Test func htmlDropsControlCharactersAndKeepsOtherText() {
        let document = PrintableDocument(title: "Zoë \u{1B}[2J 健二 🎉\r\nnext")
        let html = String(decoding: PrintableFormat.html.data(document), as: UTF8.self)
        #expect(html.contains("<h1>Zoë \u{FFFD}[2J 健二 🎉 next</h1>"))
    }

    @Test func theHTMLPagePrintsCleanlyAndLoadsNothing() {
        let html = Self.html
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.contains("<meta charset=\"utf-8\">"))
        #expect(html.contains("@page { size: auto; margin: 15mm; }"))
        #expect(html.contains("tr, th, td { break-inside: avoid; page-break-inside: avoid; }"))
        #expect(html.contains("section.together { break-inside: avoid;"))
        #expect(html.contains("<section class=\"together\">"))
        #expect(html.contains("thead { display: table-header-group; }"))
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\""))
        for external in ["<script", "<link", "src=\"", "href=", "url(", "@import", "http:", "https:"] {
            #expect(!html.replacingOccurrences(of: "onerror=alert(1)", with: "").contains(external), "\(external)")
        }
    }

    @Test func markdownTablesKeepOneLinePerRowAndTheirColumnCount() throws {
        let tables = Reading.markdownTables(Self.markdown)
        let table = try #require(tables.first)
        #expect(tables.count == 1)
        #expect(table.count == 2 + Reading.hostile.count + 1, "header, rule, one line per row")
        for line in table { #expect(Reading.cells(line).count == 2, "\(line)") }
        let texts = table.dropFirst(2).map { Reading.unescaped(Reading.cells($0)[0]) }
        #expect(texts == ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "| pipe", "*bold*",
                          "line one line two", "Tom & Jerry's", "flagged"])
    }

    @Test func markdownEscapesWhatWouldBeSyntax() {
        let markdown = Self.markdown
        #expect(markdown.hasPrefix("# \\<script\\>alert(1)\\</script\\> & Co\n\n"))
        #expect(markdown.contains("| \\*bold\\* | x |"))
        #expect(markdown.contains("## \\*bold\\* \\# heading\n\n\\| pipe\n\n"))
        #expect(markdown.contains("- \"\\>\\<img src=x onerror=alert(1)\\>\n"))
        #expect(markdown.contains("- line one line two\n"))
        #expect(!Reading.hasUnescaped("<", in: markdown), "no raw HTML")
    }

    @Test(arguments: [("- not a list", "\\- not a list"), ("1. not a list", "1\\. not a list"), ("12) no", "12\\) no"),
                      ("+ plus", "\\+ plus"), ("a - b", "a - b"), ("[link](x)", "\\[link\\](x)"), ("`code`", "\\`code\\`"),
                      ("a\\b", "a\\\\b"), ("AT&amp;T", "AT\\&amp;T"), ("Ana & Ben", "Ana & Ben"), ("~~gone~~", "\\~\\~gone\\~\\~"),
                      ("_under_", "\\_under\\_"), ("  padded\t", "padded"), ("$x$", "\\$x\\$")])
    func markdownTextIsLiteral(text: String, written: String) {
        let markdown = String(decoding: PrintableFormat.markdown.data(PrintableDocument(title: "T", summary: [text])), as: UTF8.self)
        #expect(markdown == "# T\n\n\(written)\n")
    }
}
