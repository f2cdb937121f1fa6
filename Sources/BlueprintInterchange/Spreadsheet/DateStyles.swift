import Foundation
import XMLCoder

/// Which cell styles of `xl/styles.xml` show a number as a date: those whose number format is
/// a built-in date format (ids 14–22) or a custom one with days, months or years in it.
struct DateStyles {
    /// Indexes into the workbook's cell formats (a cell's `s`) that are dates.
    private let dateStyles: Set<Int>

    init(_ data: Data?, part: String) throws(SpreadsheetFailure) {
        guard let data else {
            dateStyles = []
            return
        }
        let styles: StyleSheetXML = try WorkbookParts.decode(data, part: part)
        var customDates: Set<Int> = []
        for format in styles.numFmts?.numFmt ?? [] where Self.isDate(format.formatCode) {
            customDates.insert(format.numFmtId)
        }
        var dates: Set<Int> = []
        for (index, format) in (styles.cellXfs?.xf ?? []).enumerated() {
            let id = format.numFmtId ?? 0
            if (14...22).contains(id) || customDates.contains(id) { dates.insert(index) }
        }
        dateStyles = dates
    }

    /// Whether cells of style `index` hold dates.
    func isDate(style index: Int) -> Bool { dateStyles.contains(index) }

    /// Whether a custom format code shows a date: it has `d` or `y`, or `m` without hours or
    /// seconds (`m` beside them is minutes). Quoted text, `[…]` sections and escaped characters
    /// are not part of the pattern.
    static func isDate(_ code: String) -> Bool {
        var pattern = ""
        var quoted = false, bracketed = false, escaped = false
        for character in code.lowercased() {
            if escaped {
                escaped = false
            } else if quoted {
                quoted = character != "\""
            } else if bracketed {
                bracketed = character != "]"
            } else {
                switch character {
                case "\"": quoted = true
                case "[": bracketed = true
                case "\\", "_", "*": escaped = true
                default: pattern.append(character)
                }
            }
        }
        return pattern.contains("d") || pattern.contains("y")
            || (pattern.contains("m") && !pattern.contains("h") && !pattern.contains("s"))
    }
}

/// `xl/styles.xml`, as far as dates need it.
private struct StyleSheetXML: Decodable {
    struct NumberFormats: Decodable {
        let numFmt: [NumberFormat]?
    }

    struct NumberFormat: Decodable {
        let numFmtId: Int
        let formatCode: String
    }

    struct CellFormats: Decodable {
        let xf: [CellFormat]?
    }

    struct CellFormat: Decodable {
        let numFmtId: Int?
    }

    let numFmts: NumberFormats?
    let cellXfs: CellFormats?
}
