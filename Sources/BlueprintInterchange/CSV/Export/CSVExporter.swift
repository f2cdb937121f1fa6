import BlueprintDomain
import BlueprintRepositories
import CSV
import Foundation

/// Writes a wedding's records as CSV (UTF-8, LF line ends, RFC 4180 quoting).
///
/// By default every cell a spreadsheet would run as a formula is written as text (see
/// `SpreadsheetCell`); the importer undoes exactly that, so nothing typed is lost.
///
/// Guest, vendor and expense files use the headers `CSVImporter` reads, so exporting and then
/// importing keeps every field the file carries: money in plain form (`1234.50`), dates as
/// `yyyy-MM-dd`, categories and vendors by name.
public struct CSVExporter: Sendable {
    public let wedding: Wedding
    /// Whether cells that would start a formula are neutralised; `false` writes them as stored.
    public let spreadsheetSafe: Bool
    /// The day each expense's status is judged on: the status column says what the money says
    /// then (paid, part paid, due, overdue), as the planner does.
    public let today: CalendarDate
    private let progress: CSVProgressReporter

    /// - Parameters:
    ///   - spreadsheetSafe: `false` writes every cell exactly as stored, for scripts (`--raw`).
    ///   - today: the day expenses' statuses are judged on (by default, today where the program runs).
    ///   - progress: called as records are written (`.exporting`; see `CSVProgress`).
    public init(wedding: Wedding, spreadsheetSafe: Bool = true, today: CalendarDate = CalendarDate(Date(), in: .current),
                progress: CSVProgressHandler? = nil) {
        self.wedding = wedding
        self.spreadsheetSafe = spreadsheetSafe
        self.today = today
        self.progress = CSVProgressReporter(handler: progress)
    }

    public func guests(_ guests: [Guest]) throws -> Data {
        try write(guests, schema: .guests, context: CSVContext(wedding: wedding))
    }

    public func vendors(_ vendors: [Vendor], categories: [BudgetCategory]) throws -> Data {
        try write(vendors, schema: .vendors, context: CSVContext(wedding: wedding, categories: categories))
    }

    public func expenses(_ expenses: [Expense], categories: [BudgetCategory], vendors: [Vendor]) throws -> Data {
        try write(expenses, schema: .expenses,
                  context: CSVContext(wedding: wedding, categories: categories, vendors: vendors, today: today))
    }

    /// Tasks, one row each, subtasks in one cell ("[x] Book venue; [ ] Pay deposit"). Export only.
    public func tasks(_ tasks: [WeddingTask], categories: [BudgetCategory], vendors: [Vendor]) throws -> Data {
        let context = CSVContext(wedding: wedding, categories: categories, vendors: vendors)
        let headers = ["Title", "Details", "Status", "Priority", "Due Date", "Assignees", "Vendor", "Budget Category", "Subtasks"]
        return try csv(headers: headers, records: tasks) { task in
            [task.title, task.details, CSVChoices.label(task.status.rawValue), CSVChoices.label(task.priority.rawValue),
             task.dueDate?.description ?? "", task.assignees.joined(separator: "; "), context.vendorName(task.vendorID),
             context.categoryName(task.budgetCategoryID),
             task.subtasks.map { ($0.isDone ? "[x] " : "[ ] ") + $0.title }.joined(separator: "; ")]
        }
    }

    /// The households' personal links for a mail merge, one row each: household, names, emails
    /// and the link under `baseURL`. Export only.
    public func invitationLinks(_ links: [HouseholdLink], baseURL: String) throws -> Data {
        try csv(headers: ["Household", "Names", "Emails", "Link"], records: links) { link in
            [link.household, link.guests.map(\.fullName).joined(separator: "; "),
             link.guests.map(\.email).filter { !$0.isEmpty }.joined(separator: "; "), link.link(under: baseURL)]
        }
    }

    private func write<R>(_ records: [R], schema: CSVSchema<R>, context: CSVContext) throws -> Data {
        try csv(headers: schema.columns.map(\.header), records: records) { record in
            schema.columns.map { $0.write(record, context) }
        }
    }

    /// The file: `headers`, then one row per record, reporting progress as rows are written.
    private func csv<R>(headers: [String], records: [R], row: (R) -> [String]) throws -> Data {
        let stream = OutputStream(toMemory: ())
        let writer = try CSVWriter(stream: stream)
        try writer.write(row: headers)
        for (index, record) in records.enumerated() {
            progress.report(.exporting, done: index, total: records.count)
            let cells = row(record)
            try writer.write(row: spreadsheetSafe ? cells.map(SpreadsheetCell.neutralise) : cells)
        }
        progress.report(.exporting, done: records.count, total: records.count)
        stream.close()
        guard var data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else {
            throw CSVError.cannotWriteStream
        }
        // CSVWriter separates rows; a text file also ends its last line.
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
