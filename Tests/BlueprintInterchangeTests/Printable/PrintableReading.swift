import Foundation

/// Reading printable pages back in the tests: the tags an HTML page opens and the tables of a
/// Markdown page, cell by cell, the way a GitHub-flavoured Markdown reader splits them.
enum PrintableReading {
    /// Texts a hostile guest or planner might type.
    static let hostile = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "| pipe", "*bold*",
                          "line one\nline two", "Tom & Jerry's"]

    /// The name of every tag opened or closed in `html`, lower-cased (`!doctype` included).
    static func tagNames(_ html: String) -> Set<String> {
        var names: Set<String> = []
        var scalars = html.unicodeScalars[...]
        while let open = scalars.firstIndex(of: "<") {
            scalars = scalars[scalars.index(after: open)...]
            let name = scalars.prefix { $0 == "/" || $0 == "!" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            names.insert(String(String.UnicodeScalarView(name.filter { $0 != "/" })).lowercased())
        }
        return names
    }

    /// The tags a printable page is made of, and nothing else.
    static let pageTags: Set<String> = ["!doctype", "html", "head", "meta", "title", "style", "body", "header", "h1", "h2",
                                        "p", "section", "table", "thead", "tbody", "tr", "th", "td", "ul", "li", "br"]

    /// The tables of a Markdown page: runs of lines that start with `|`.
    static func markdownTables(_ markdown: String) -> [[String]] {
        var tables: [[String]] = []
        var current: [String] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("|") {
                current.append(line)
            } else if !current.isEmpty {
                tables.append(current)
                current = []
            }
        }
        if !current.isEmpty { tables.append(current) }
        return tables
    }

    /// The cells of a table line, split at each `|` that no backslash escapes, still escaped.
    static func cells(_ line: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in line {
            if escaped {
                cell.append(character)
                escaped = false
            } else if character == "\\" {
                cell.append(character)
                escaped = true
            } else if character == "|" {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
        }
        cells.append(cell)
        // The text before the leading pipe and after the trailing one is not a cell.
        return Array(cells.dropFirst().dropLast()).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Whether `markdown` has a `character` that no backslash escapes (an unescaped `<` could
    /// open raw HTML).
    static func hasUnescaped(_ character: Character, in markdown: String) -> Bool {
        var escaped = false
        for next in markdown {
            if !escaped && next == character { return true }
            escaped = !escaped && next == "\\"
        }
        return false
    }

    /// A Markdown cell's text with its backslash escapes undone.
    static func unescaped(_ cell: String) -> String {
        var text = ""
        var escaped = false
        for character in cell {
            if !escaped && character == "\\" {
                escaped = true
            } else {
                text.append(character)
                escaped = false
            }
        }
        return text
    }
}
