/// One thing wrong with an imported CSV file: where it is and what is wrong.
public struct CSVImportProblem: Error, Hashable, Sendable {
    /// Physical line in the file (1-based, counting line breaks inside quoted fields), if any.
    public let line: Int?
    /// The column's header as the file spells it, if the problem is in one column.
    public let column: String?
    public let message: String

    public init(line: Int?, column: String?, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `guests.csv:14: column "Email": 'bob@' is not an email address`.
    public func description(fileName: String) -> String {
        let place = line.map { "\(fileName):\($0)" } ?? fileName
        let column = column.map { "column \"\($0)\": " } ?? ""
        return "\(place): \(column)\(message)"
    }
}

/// Why a CSV file was rejected. Import is all or nothing: every problem in the file is listed,
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

    /// One line per problem, then a line saying nothing was imported.
    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return (problems.map { $0.description(fileName: fileName) }
            + ["\(fileName): \(count); nothing was imported"]).joined(separator: "\n")
    }
}
