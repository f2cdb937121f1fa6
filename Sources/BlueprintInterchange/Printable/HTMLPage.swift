/// Writes a `PrintableDocument` as one self-contained HTML page that prints cleanly on A4 and
/// Letter: the printer's own paper size with 15 mm margins, table headers repeated on each page,
/// no row split across pages. It loads nothing (no fonts, images, links or scripts), and its
/// content security policy forbids anything but its own style sheet.
enum HTMLPage {
    static func render(_ document: PrintableDocument) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escaped(document.title))</title>
            <style>
            \(styleSheet)</style>
            </head>
            <body>
            <header>
            <h1>\(HTMLText.escaped(document.title))</h1>

            """
        for line in document.summary { html += "<p class=\"summary\">\(HTMLText.escaped(line))</p>\n" }
        html += "</header>\n"
        for section in document.sections { html += render(section) }
        html += "</body>\n</html>\n"
        return html
    }

    private static func render(_ section: PrintableDocument.Section) -> String {
        var html = section.keepsTogether ? "<section class=\"together\">\n" : "<section>\n"
        html += "<h2>\(HTMLText.escaped(section.heading))</h2>\n"
        if !section.summary.isEmpty { html += "<p class=\"summary\">\(HTMLText.escaped(section.summary))</p>\n" }
        if let table = section.table {
            html += "<table>\n<thead>\n<tr>"
            for column in table.columns { html += "<th scope=\"col\">\(HTMLText.escaped(column))</th>" }
            html += "</tr>\n</thead>\n<tbody>\n"
            for row in table.rows {
                html += row.isFlagged ? "<tr class=\"flagged\">" : "<tr>"
                for cell in row.cells { html += "<td>\(HTMLText.escaped(cell, breakingLines: true))</td>" }
                html += "</tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        if !section.list.isEmpty {
            html += "<ul>\n"
            for item in section.list { html += "<li>\(HTMLText.escaped(item, breakingLines: true))</li>\n" }
            html += "</ul>\n"
        }
        return html + "</section>\n"
    }

    /// The page's whole style: print first, readable on a screen too.
    private static let styleSheet = """
        @page { size: auto; margin: 15mm; }
        * { box-sizing: border-box; }
        html { color: #000; background: #fff; }
        body { margin: 0 auto; padding: 8mm; max-width: 210mm;
               font: 10pt/1.35 "Helvetica Neue", Helvetica, Arial, "Liberation Sans", sans-serif; }
        h1 { font-size: 18pt; margin: 0 0 2mm; }
        h2 { font-size: 13pt; margin: 7mm 0 2mm; break-after: avoid; page-break-after: avoid; }
        p.summary { margin: 0 0 2mm; color: #333; }
        section.together { break-inside: avoid; page-break-inside: avoid; }
        table { width: 100%; border-collapse: collapse; }
        thead { display: table-header-group; }
        tr, th, td { break-inside: avoid; page-break-inside: avoid; }
        th, td { border: 0.25mm solid #888; padding: 1mm 1.5mm; text-align: left; vertical-align: top;
                 overflow-wrap: anywhere; }
        th { background: #eee; }
        tr.flagged td { background: #fde2e2; font-weight: bold; }
        ul { margin: 1mm 0; padding-left: 6mm; }
        li { break-inside: avoid; page-break-inside: avoid; }
        @media print {
          body { padding: 0; max-width: none; }
          th, tr.flagged td { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        }

        """
}
