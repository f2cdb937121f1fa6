/// Rows handed to the planner one at a time: a CSV file's records or a sheet's rows.
protocol ImportRows: AnyObject {
    /// The next row with a non-empty cell, or `nil` at the end.
    func next() -> CSVRow?
    /// Called once reading stops, at the end or early.
    func finish()
}

extension CSVRowReader: ImportRows {}
