import BlueprintDomain
import Foundation

extension ChecklistTemplate {
    /// Reads a checklist template from a CSV file's bytes; `fileName` names the file in messages.
    ///
    /// The file is UTF-8 (a byte-order mark is allowed) with RFC 4180 quoting, as spreadsheets
    /// save it: a header row, then one row per task. The header names these columns, in any
    /// order (case, spaces and punctuation in a name do not matter):
    ///
    /// - `key` (required): the row's stable name, unique in the file, such as `venue`. Tasks made
    ///   from the row keep it, which is how they follow the wedding date later, so keep a row's
    ///   key when you edit the row.
    /// - `due` (required): how long before the wedding the task is due: a whole number and
    ///   `days`, `weeks` or `months` (`12 months`, `6 weeks`, `1 week`, `3 days`); `0 days` is
    ///   the wedding day. At most ten years: 120 months, 520 weeks or 3650 days. A month is a
    ///   calendar month, ending on the month's last day when it is shorter (3 months before
    ///   31 May is 28 or 29 February).
    /// - `title` (required): the task's title.
    /// - `priority`: `low`, `medium`, `high` or `urgent`; `medium` when empty or absent.
    /// - `details`: the task's details, any text.
    ///
    /// Blank lines are skipped. A cell a spreadsheet would take as a formula may start with an
    /// apostrophe, which is dropped (as in imports).
    ///
    /// - Throws: every problem in the file, each naming its line and column: not UTF-8, an
    ///   unknown, repeated or missing column, a row with the wrong number of fields, an empty
    ///   key or title, a key used twice, an unknown `due` or priority, or no rows at all. A file
    ///   with any problem gives no template.
    public init(csv data: Data, fileName: String) throws(CSVImportError) {
        self = try ChecklistCSVReader(fileName: fileName).template(from: data)
    }
}

/// Reads a checklist CSV file (see `ChecklistTemplate.init(csv:fileName:)`) into its template,
/// or into the list of everything wrong with it.
struct ChecklistCSVReader {
    let fileName: String

    /// The columns a checklist file may have, by the names a header uses.
    enum Column: String, CaseIterable {
        case key, due, title, priority, details

        static let required: [Column] = [.key, .due, .title]
    }

    /// Where each column the header names is in a row, and the header's spelling of it.
    private struct Layout {
        var index: [Column: Int] = [:]
        var header: [Column: String] = [:]
        let fieldCount: Int

        func cell(_ column: Column, of row: CSVRow) -> String? {
            index[column].map { CSVValues.trimmed(SpreadsheetCell.restore(row.fields[$0])) }
        }

        func line(of column: Column, in row: CSVRow) -> Int { index[column].map { row.fieldLines[$0] } ?? row.line }
    }

    func template(from data: Data) throws(CSVImportError) -> ChecklistTemplate {
        let file: CSVFile
        let rows: CSVRowReader
        do {
            file = try CSVFile(checking: data)
            rows = try file.rows(progress: CSVProgressReporter(handler: nil))
        } catch {
            throw CSVImportError(fileName: fileName, problems: [error])
        }
        guard let header = rows.next() else {
            throw CSVImportError(fileName: fileName, problems: [CSVImportProblem(
                line: nil, column: nil, message: "the file is empty; it needs a header row naming its columns")])
        }
        let layout = try place(header)
        var problems: [CSVImportProblem] = []
        var items: [ChecklistItem] = []
        var lineOfKey: [String: Int] = [:]
        while let row = rows.next() {
            if let item = read(row, layout, lineOfKey: &lineOfKey, problems: &problems) { items.append(item) }
        }
        problems = QuotingCheck.merge(file.quoting, into: problems)
        if problems.isEmpty && items.isEmpty {
            problems.append(CSVImportProblem(line: nil, column: nil, message: "the file has no tasks below its header"))
        }
        guard problems.isEmpty else {
            throw CSVImportError(fileName: fileName, problemsInAnyOrder: problems, header: header.fields)
        }
        return ChecklistTemplate(items: items)
    }

    /// Matches the header's names to columns.
    /// - Throws: every unknown, repeated or missing column.
    private func place(_ header: CSVRow) throws(CSVImportError) -> Layout {
        var layout = Layout(fieldCount: header.fields.count)
        var problems: [CSVImportProblem] = []
        let known = Column.allCases.map(\.rawValue).joined(separator: ", ")
        for (index, name) in header.fields.enumerated() {
            guard let column = Column(rawValue: LooseKey.of(name)) else {
                let what = CSVValues.trimmed(name).isEmpty ? "a column needs a name" : "not a checklist column"
                problems.append(CSVImportProblem(line: header.fieldLines[index], column: name,
                                                 message: "\(what) (the columns are: \(known))"))
                continue
            }
            if let earlier = layout.header[column] {
                problems.append(CSVImportProblem(line: header.fieldLines[index], column: name,
                                                 message: "means the same as column \"\(earlier)\"; keep one of them"))
                continue
            }
            layout.index[column] = index
            layout.header[column] = name
        }
        for column in Column.required where layout.index[column] == nil {
            problems.append(CSVImportProblem(line: header.line, column: nil, message:
                "there is no \"\(column.rawValue)\" column (the header is: \(header.fields.joined(separator: ", ")))"))
        }
        guard problems.isEmpty else { throw CSVImportError(fileName: fileName, problems: problems) }
        return layout
    }

    /// The item `row` holds, or `nil` when the row is ragged or a cell cannot be read (each a
    /// problem). A key is claimed in `lineOfKey` even when another cell of its row is wrong.
    private func read(_ row: CSVRow, _ layout: Layout, lineOfKey: inout [String: Int],
                      problems: inout [CSVImportProblem]) -> ChecklistItem? {
        if let ragged = CSVImportProblem.ragged(row, headerFields: layout.fieldCount) {
            problems.append(ragged)
            return nil
        }
        let count = problems.count
        func problem(_ column: Column, _ message: String) {
            problems.append(CSVImportProblem(line: layout.line(of: column, in: row), column: layout.header[column],
                                             message: message))
        }
        let key = layout.cell(.key, of: row) ?? ""
        if key.isEmpty {
            problem(.key, "a key is required (a short name for the task, unique in the file)")
        } else if let earlier = lineOfKey[key] {
            problem(.key, "'\(key)' is already the key of line \(earlier)")
        } else {
            lineOfKey[key] = row.line
        }
        let title = layout.cell(.title, of: row) ?? ""
        if title.isEmpty { problem(.title, "a title is required") }
        var leadTime: ChecklistLeadTime?
        do {
            leadTime = try Self.leadTime(layout.cell(.due, of: row) ?? "")
        } catch {
            problem(.due, error.message)
        }
        var priority = TaskPriority.medium
        if let text = layout.cell(.priority, of: row), !text.isEmpty {
            if let named = TaskPriority(rawValue: text.lowercased()) {
                priority = named
            } else {
                problem(.priority, "'\(text)' is not a priority (use one of: "
                    + TaskPriority.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
        }
        guard problems.count == count, let leadTime else { return nil }
        return ChecklistItem(key: key, leadTime: leadTime, title: title, priority: priority,
                             details: layout.cell(.details, of: row) ?? "")
    }

    /// The lead time `text` writes: a whole number, then `days`, `weeks` or `months` (or the
    /// singular, in any case).
    static func leadTime(_ text: String) throws(CSVValueError) -> ChecklistLeadTime {
        let example = "such as '12 months', '6 weeks' or '3 days'"
        guard !text.isEmpty else { throw CSVValueError("a due time is required: how long before the wedding, \(example)") }
        if text.first == "-" {
            throw CSVValueError("'\(text)' is after the wedding; a due time counts back from the wedding day, \(example)")
        }
        let digits = text.prefix { $0.isASCII && $0.isWholeNumber }
        let unitText = text.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let word = unitText.lowercased()
        guard !digits.isEmpty, !word.isEmpty, word.allSatisfy(\.isLetter) else {
            throw CSVValueError("'\(text)' is not a due time: write a whole number and days, weeks or months, \(example)")
        }
        guard let unit = ChecklistLeadTime.Unit.allCases.first(where: { word == $0.rawValue || word == $0.singular }) else {
            throw CSVValueError("'\(unitText)' is not a unit of time (use days, weeks or months, \(example))")
        }
        guard let amount = Int(digits), let leadTime = ChecklistLeadTime(amount, unit) else {
            throw CSVValueError("'\(text)' is more than ten years before the wedding (at most \(unit.maximum) \(unit.rawValue))")
        }
        return leadTime
    }
}
