/// A sheet's rows, already read, handed to the planner one at a time with `.reading` progress
/// counted in rows.
final class SheetRows: ImportRows {
    private let rows: [CSVRow]
    private let progress: CSVProgressReporter
    private var position = 0

    init(_ rows: [CSVRow], progress: CSVProgressReporter) {
        self.rows = rows
        self.progress = progress
    }

    func next() -> CSVRow? {
        guard position < rows.count else { return nil }
        progress.report(.reading, done: position, total: rows.count)
        position += 1
        return rows[position - 1]
    }

    func finish() {
        progress.report(.reading, done: rows.count, total: rows.count)
    }
}
