import BlueprintDomain
/// One thing wrong with an imported CSV file: where it is and what is wrong.
public struct CSVImportProblem: Error, Hashable, Sendable {
    /// Physical line in the file (1-based, counting line breaks inside quoted fields), if any.
    public let line: Int?
    /// The column's header as the file spells it, if the problem is in one column.
    public let column: String?
    public let message: String
    /// For a spreadsheet, the sheet; `line` is then its row number.
    public let sheet: String?
    /// The zero-based position of `column` in the row, to name a spreadsheet's cell.
    public let columnIndex: Int?

    public init(line: Int?, column: String?, message: String, sheet: String? = nil, columnIndex: Int? = nil) {
        self.line = line
        self.column = column
        self.message = message
        self.sheet = sheet
        self.columnIndex = columnIndex
    }

    /// This problem, placed in the sheet called `sheet`.
    func inSheet(_ sheet: String) -> CSVImportProblem {
        CSVImportProblem(line: line, column: column, message: message, sheet: sheet, columnIndex: columnIndex)
    }

    /// `guests.csv:14: column "Email": 'bob@' is not an email address`, or for a spreadsheet
    /// `guests.xlsx: Sheet1!C14: column "Email": …` (`Sheet1 row 14: …` for a whole row).
    public func description(fileName: String) -> String {
        let column = column.map { "column \"\($0)\": " } ?? ""
        guard let sheet, let line else {
            let place = line.map { "\(fileName):\($0)" } ?? fileName
            return "\(place): \(column)\(message)"
        }
        let cell = columnIndex.map { "\(sheet)!\(CellReference.letters(of: $0))\(line)" } ?? "\(sheet) row \(line)"
        return "\(fileName): \(cell): \(column)\(message)"
    }
}

/// Why a CSV file or spreadsheet was rejected. Import is all or nothing: every problem in the file is listed,
/// and none of its rows is imported.
public struct CSVImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name used in messages, such as `guests.csv`.
    public let fileName: String
    /// Every problem found, in file order.
    public let problems: [CSVImportProblem]

    public init(fileName: String, problems: [CSVImportProblem]) {
        self.fileName = fileName
        self.problems = problems
    }

    /// The error for `problems` found in any order, put in file order: by line, then row-wide
    /// problems before those of columns, left to right as `header` names them.
    init(fileName: String, problemsInAnyOrder problems: [CSVImportProblem], header: [String]) {
        let position = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = problems.enumerated().sorted {
            ($0.element.line ?? 0, $0.element.column.flatMap { position[$0] } ?? -1, $0.offset)
                < ($1.element.line ?? 0, $1.element.column.flatMap { position[$0] } ?? -1, $1.offset)
        }
        self.init(fileName: fileName, problems: ordered.map(\.element))
    }

    /// One line per problem, then a line saying nothing was imported.
    public var description: String {
        let count = CountPhrase.of(problems.count, "problem")
        return (problems.map { $0.description(fileName: fileName) }
            + ["\(fileName): \(count); nothing was imported"]).joined(separator: "\n")
    }
}

extension CSVImportProblem {
    /// A row with another number of fields than the header has (`nil` when it has as many);
    /// a short row whose last field runs over lines probably has a quote left open.
    static func ragged(_ row: CSVRow, headerFields: Int) -> CSVImportProblem? {
        guard row.fields.count != headerFields else { return nil }
        let openQuote = row.fields.count < headerFields && LineBreaks.count(in: row.fields.last!.utf8) > 0
        return CSVImportProblem(line: row.line, column: nil, message:
            "this row has \(row.fields.count) fields but the header has \(headerFields)"
            + (openQuote ? " (is a quote left open?)" : ""))
    }
}
