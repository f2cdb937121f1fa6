/// Writes a `PrintableDocument` as Markdown (CommonMark with GitHub's tables): a heading per
/// section, its table with one line per row and the same number of cells on every line.
enum MarkdownPage {
    static func render(_ document: PrintableDocument) -> String {
        var blocks = ["# " + MarkdownText.inline(document.title)]
        blocks += document.summary.map(MarkdownText.inline)
        for section in document.sections {
            blocks.append("## " + MarkdownText.inline(section.heading))
            if !section.summary.isEmpty { blocks.append(MarkdownText.inline(section.summary)) }
            if let table = section.table { blocks.append(render(table)) }
            if !section.list.isEmpty { blocks.append(section.list.map { "- " + MarkdownText.inline($0) }.joined(separator: "\n")) }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func render(_ table: PrintableDocument.Table) -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map(MarkdownText.inline).joined(separator: " | ") + " |"
        }
        var lines = [line(table.columns), "|" + String(repeating: " --- |", count: table.columns.count)]
        lines += table.rows.map { line($0.cells) }
        return lines.joined(separator: "\n")
    }
}
