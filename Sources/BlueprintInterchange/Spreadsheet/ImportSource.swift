import Foundation

/// A file to import: CSV text, or an `.xlsx` workbook and which of its sheets to read.
public enum ImportSource: Sendable {
    case csv(Data)
    /// The sheet called `sheet`, or the first sheet when `nil`.
    case spreadsheet(Data, sheet: String?)

    /// The source `data` read from `fileName` is: a workbook when the name ends in `.xlsx` or the
    /// bytes start like a zip archive, otherwise CSV.
    /// - Throws: the problem to report when `sheet` is given for a CSV file.
    public static func detect(_ data: Data, fileName: String, sheet: String?) throws(SheetOptionError) -> ImportSource {
        if fileName.lowercased().hasSuffix(".xlsx") || XLSXArchive.isZip(data) { return .spreadsheet(data, sheet: sheet) }
        guard sheet == nil else { throw SheetOptionError(fileName: fileName) }
        return .csv(data)
    }
}

/// `--sheet` (or a sheet name) was given for a CSV file, which has no sheets.
public struct SheetOptionError: Error, CustomStringConvertible {
    public let fileName: String

    public var description: String { "\(fileName): --sheet is only for .xlsx workbooks; a CSV file has no sheets" }
}
