import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads one worksheet's XML into rows of cell text, as the CSV path reads records.
///
/// Cells are placed by their address (`r="C4"`), so skipped cells are empty; every row is padded
/// to the widest row. Numbers are written without a trailing `.0`, numbers in a date style as
/// `yyyy-MM-dd`, booleans as `TRUE`/`FALSE`; a formula's cached value is read, and an error
/// value (`#N/A`) refuses the sheet. A merged cell's value is in its first cell only, so a
/// merged header names its first column.
struct SheetReader {
    let sharedStrings: [String]
    let dateStyles: DateStyles
    let uses1904: Bool
    let limits: SpreadsheetLimits

    /// The sheet's rows with a non-empty cell, each field tagged with the row's number.
    func rows(_ data: Data, sheet: String) throws(SpreadsheetFailure) -> [CSVRow] {
        let reader = Reader(sheet: sheet, reader: self)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw reader.failure ?? SpreadsheetFailure("sheet \"\(sheet)\" is not valid worksheet XML")
        }
        let width = reader.width
        guard reader.rows.count * width <= limits.cells else {
            throw SpreadsheetFailure("sheet \"\(sheet)\" is too large to import (\(reader.rows.count) rows of "
                                     + "\(width) columns; the limit is \(limits.cells) cells)")
        }
        return reader.rows.map { row in
            var fields = Array(repeating: "", count: width)
            for (column, text) in row.cells { fields[column] = text }
            return CSVRow(fields: fields, fieldLines: Array(repeating: row.number, count: width))
        }
    }

    /// The text a cell shows, from its type (`t`), style (`s`) and value.
    func text(type: String?, style: Int, value: String) throws(SpreadsheetFailure) -> String {
        switch type {
        case "s":
            guard let index = Int(value), sharedStrings.indices.contains(index) else {
                throw SpreadsheetFailure("a cell refers to shared string \(value), which the workbook does not have")
            }
            return sharedStrings[index]
        case "b":
            return value == "1" ? "TRUE" : "FALSE"
        case "d":
            return String(value.prefix { $0 != "T" })
        case "e":
            throw SpreadsheetFailure("the cell shows the error \(value); fix its formula or clear it")
        case "str", "inlineStr":
            return value
        default:
            guard let number = Double(value) else { return value }
            if dateStyles.isDate(style: style), let date = SerialDate.date(number, uses1904: uses1904) {
                return date.description
            }
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        }
    }

    private struct Row {
        let number: Int
        var cells: [(Int, String)] = []
    }

    /// Collects the cells of each row as the parser meets them.
    private final class Reader: NSObject, XMLParserDelegate {
        let sheet: String
        let reader: SheetReader
        var rows: [Row] = []
        var width = 0
        var failure: SpreadsheetFailure?
        private var row: Row?
        private var nextRow = 1
        private var nextColumn = 0
        private var cell: (column: Int, type: String?, style: Int)?
        private var value = ""
        private var inValue = false
        private var phoneticDepth = 0

        init(sheet: String, reader: SheetReader) {
            self.sheet = sheet
            self.reader = reader
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "row":
                let number = attributes["r"].flatMap(Int.init) ?? nextRow
                row = Row(number: number)
                nextRow = number + 1
                nextColumn = 0
            case "c":
                let column = attributes["r"].flatMap(CellReference.column(of:)) ?? nextColumn
                guard column < 16_384 else {
                    stop(parser, SpreadsheetFailure("sheet \"\(sheet)\" has a cell beyond column XFD"))
                    return
                }
                cell = (column, attributes["t"], attributes["s"].flatMap(Int.init) ?? 0)
                nextColumn = column + 1
                value = ""
            case "v", "t": inValue = cell != nil && phoneticDepth == 0
            case "rPh": phoneticDepth += 1
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "row":
                if let row, row.cells.contains(where: { !$0.1.isEmpty }) { rows.append(row) }
                row = nil
            case "c":
                defer { cell = nil }
                guard let cell, !value.isEmpty else { return }
                do {
                    let text = try reader.text(type: cell.type, style: cell.style, value: value)
                    row?.cells.append((cell.column, text))
                    width = max(width, cell.column + 1)
                } catch {
                    let place = "\(sheet)!\(CellReference.letters(of: cell.column))\(row?.number ?? nextRow)"
                    stop(parser, SpreadsheetFailure("\(place): \(error.message)"))
                }
            case "v", "t": inValue = false
            case "rPh": phoneticDepth -= 1
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard inValue else { return }
            guard value.utf16.count + string.utf16.count <= reader.limits.cellLength else {
                stop(parser, SpreadsheetFailure("sheet \"\(sheet)\" has a cell longer than \(reader.limits.cellLength) characters"))
                return
            }
            value.append(string)
        }

        private func stop(_ parser: XMLParser, _ failure: SpreadsheetFailure) {
            self.failure = failure
            parser.abortParsing()
        }
    }
}
