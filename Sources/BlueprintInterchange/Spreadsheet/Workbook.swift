import Foundation

/// An `.xlsx` workbook as Excel, Google Sheets and LibreOffice write it, read within
/// `SpreadsheetLimits`: its sheet names, and any sheet's rows of cell text.
struct Workbook {
    private let archive: XLSXArchive
    private let parts: WorkbookParts
    private let limits: SpreadsheetLimits

    init(_ data: Data, limits: SpreadsheetLimits = .standard) throws(SpreadsheetFailure) {
        archive = try XLSXArchive(data, limits: limits)
        parts = try WorkbookParts(archive)
        self.limits = limits
    }

    /// The sheets' names, in the workbook's order.
    var sheetNames: [String] { parts.sheets.map(\.name) }

    /// The rows (with a non-empty cell) of the sheet called `name` (the first sheet when `nil`), and the sheet's name.
    /// - Throws: when there is no such sheet (listing those there are), or a part cannot be read.
    func rows(ofSheet name: String?) throws(SpreadsheetFailure) -> (sheet: String, rows: [CSVRow]) {
        let found = if let name { parts.sheets.first { $0.name == name } } else { parts.sheets.first }
        guard let sheet = found else {
            let names = sheetNames.map { "\"\($0)\"" }.joined(separator: ", ")
            throw SpreadsheetFailure(parts.sheets.isEmpty ? "the workbook has no sheets"
                                     : "there is no sheet \"\(name ?? "")\"; the sheets are \(names)")
        }
        guard let xml = try archive.xml(sheet.path) else {
            throw SpreadsheetFailure("sheet \"\(sheet.name)\" is missing from the file (\(sheet.path))")
        }
        let sharedStrings = try SharedStrings(parts.sharedStringsPath.flatMap { path throws(SpreadsheetFailure) in
            try archive.xml(path)
        }, part: parts.sharedStringsPath ?? "", limits: limits)
        let styles = try DateStyles(parts.stylesPath.flatMap { path throws(SpreadsheetFailure) in try archive.xml(path) },
                                    part: parts.stylesPath ?? "")
        let reader = SheetReader(sharedStrings: sharedStrings.strings, dateStyles: styles, uses1904: parts.uses1904,
                                 limits: limits)
        return (sheet.name, try reader.rows(xml, sheet: sheet.name))
    }
}
