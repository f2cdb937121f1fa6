/// Why a workbook could not be read at all (before any row is looked at).
struct SpreadsheetFailure: Error {
    let message: String

    init(_ message: String) { self.message = message }

    /// As an import problem of the whole file.
    var problem: CSVImportProblem { CSVImportProblem(line: nil, column: nil, message: message) }
}
