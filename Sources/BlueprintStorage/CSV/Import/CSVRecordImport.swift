import BlueprintDomain
import Foundation

/// Turns one CSV file into an import plan for one kind of record, or into the full list of
/// what is wrong with the file. Pure: reads only its arguments.
struct CSVRecordImport<R: TableRecord> {
    let schema: CSVSchema<R>
    let context: CSVContext
    let mode: CSVImportMode
    let fileName: String
    let progress: CSVProgressReporter

    /// A recognised column of the file: where it is and what it reads.
    private struct PlacedColumn {
        let index: Int
        let header: String
        let column: CSVColumn<R>
    }

    /// A record read from a row, before matching.
    private struct ReadRow {
        let row: CSVRow
        let record: R
        /// Indexes of the columns whose cells could not be read.
        let failedColumns: Set<Int>
    }

    /// Who a merge key already belongs to.
    private enum Claim {
        case existing(Int)
        case row(line: Int)
    }

    func plan(_ data: Data, existing: [R]) throws(CSVImportError) -> CSVImportPlan<R> {
        let table: CSVTable
        do {
            table = try CSVTable.read(data, progress: progress)
        } catch {
            throw CSVImportError(fileName: fileName, problems: [error])
        }
        var problems: [CSVImportProblem] = []
        let (columns, ignoredColumns) = placeColumns(of: table, problems: &problems)
        guard problems.isEmpty else { throw CSVImportError(fileName: fileName, problems: problems) }

        let rows = readRows(of: table, columns: columns, problems: &problems)
        let outcome: Outcome
        switch mode {
        case .addOnly:
            outcome = Outcome(inserts: rows.map(\.record), toValidate: rows.indices.map { ToValidate(row: $0, update: nil) })
        case .merge:
            outcome = merge(rows, into: existing, columns: columns, problems: &problems)
        }
        problems += validate(outcome, rows: rows, columns: columns)
        problems = QuotingCheck.merge(table.quoting, into: problems)
        guard problems.isEmpty else {
            // In file order: by line, then row-wide problems before those of columns left to right.
            let position = Dictionary(table.header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            let ordered = problems.enumerated().sorted {
                ($0.element.line ?? 0, $0.element.column.flatMap { position[$0] } ?? -1, $0.offset)
                    < ($1.element.line ?? 0, $1.element.column.flatMap { position[$0] } ?? -1, $1.offset)
            }
            throw CSVImportError(fileName: fileName, problems: ordered.map(\.element))
        }
        return CSVImportPlan(batch: ImportBatch(inserts: outcome.inserts, updates: outcome.updates),
                             unchanged: outcome.unchanged, newCategories: context.newCategories,
                             ignoredColumns: ignoredColumns)
    }

    /// What the rows come to: records to add and to update, and those to validate (all but the unchanged).
    private struct Outcome {
        var inserts: [R] = []
        var updates: [R] = []
        var unchanged = 0
        var toValidate: [ToValidate] = []
    }

    /// A record the plan would write, by position rather than by copy (a copy of every record
    /// per list made a large import take several times the memory): the record read from
    /// `rows[row]`, or `updates[update]`, the existing record that row changes.
    private struct ToValidate {
        let row: Int
        let update: Int?
    }

    /// Matches each row to an existing record by the schema's keys, most specific first. A matched
    /// row updates the columns the file has; an unmatched one is added. Two rows for one record,
    /// or a row that fits several records, are problems.
    private func merge(_ rows: [ReadRow], into existing: [R], columns: [PlacedColumn],
                       problems: inout [CSVImportProblem]) -> Outcome {
        var outcome = Outcome()
        var claims = existingClaims(existing)
        var updatedLine: [Int: Int] = [:]
        for (position, row) in rows.enumerated() {
            let keys = schema.matchKeys(row.record)
            let matched = keys.first { claims[$0] != nil }.flatMap { claims[$0] } ?? []
            if case .row(let line)? = matched.first(where: { if case .row = $0 { true } else { false } }) {
                problems.append(duplicate(row, of: line))
            } else if matched.count > 1 {
                problems.append(CSVImportProblem(line: row.row.line, column: nil, message:
                    "\(schema.label(row.record)) matches \(matched.count) existing \(R.kind.noun)s; merge cannot tell which to update"))
            } else if case .existing(let index)? = matched.first {
                if let line = updatedLine[index] {
                    problems.append(duplicate(row, of: line))
                    continue
                }
                updatedLine[index] = row.row.line
                var merged = existing[index]
                for placed in columns { placed.column.copy(row.record, &merged) }
                if merged == existing[index] {
                    outcome.unchanged += 1
                } else {
                    outcome.toValidate.append(ToValidate(row: position, update: outcome.updates.count))
                    outcome.updates.append(merged)
                }
            } else {
                for key in keys { claims[key, default: []].append(.row(line: row.row.line)) }
                outcome.inserts.append(row.record)
                outcome.toValidate.append(ToValidate(row: position, update: nil))
            }
        }
        return outcome
    }

    /// Matches headers to columns. Unknown headers are ignored (and listed); two headers for one
    /// column, or no column of a required group, are problems.
    private func placeColumns(of table: CSVTable, problems: inout [CSVImportProblem]) -> ([PlacedColumn], [String]) {
        var columnByKey: [String: Int] = [:]
        for (position, column) in schema.columns.enumerated() {
            for key in column.keys { columnByKey[key] = position }
        }
        var placed: [PlacedColumn] = []
        var ignored: [String] = []
        var headerOfColumn: [Int: String] = [:]
        for (index, header) in table.header.enumerated() {
            guard let position = columnByKey[LooseKey.of(header)] else {
                ignored.append(CSVValues.trimmed(header).isEmpty ? "column \(index + 1) (no header)" : header)
                continue
            }
            if let earlier = headerOfColumn[position] {
                problems.append(CSVImportProblem(line: table.headerLine, column: header,
                                                 message: "means the same as column \"\(earlier)\"; keep one of them"))
                continue
            }
            headerOfColumn[position] = header
            placed.append(PlacedColumn(index: index, header: header, column: schema.columns[position]))
        }
        let present = Set(placed.map { LooseKey.of($0.column.header) })
        for group in schema.requiredColumns where present.isDisjoint(with: group.map(LooseKey.of)) {
            let names = group.map { "\"\($0)\"" }
            let wanted = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
            problems.append(CSVImportProblem(line: table.headerLine, column: nil,
                                             message: "there is no \(wanted) column (the header is: \(table.header.joined(separator: ", ")))"))
        }
        return (placed.filter { $0.column.unusedBeside.isDisjoint(with: present) }, ignored)
    }

    private func readRows(of table: CSVTable, columns: [PlacedColumn], problems: inout [CSVImportProblem]) -> [ReadRow] {
        var rows: [ReadRow] = []
        rows.reserveCapacity(table.rows.count)
        defer { progress.report(.checking, done: table.rows.count, total: table.rows.count) }
        for (index, row) in table.rows.enumerated() {
            progress.report(.checking, done: index, total: table.rows.count)
            guard row.fields.count == table.header.count else {
                let openQuote = row.fields.count < table.header.count && LineBreaks.count(in: row.fields.last!.utf8) > 0
                problems.append(CSVImportProblem(line: row.line, column: nil, message:
                    "this row has \(row.fields.count) fields but the header has \(table.header.count)"
                    + (openQuote ? " (is a quote left open?)" : "")))
                continue
            }
            var record = schema.blank()
            var failed: Set<Int> = []
            for placed in columns {
                do {
                    try placed.column.read(SpreadsheetCell.restore(row.fields[placed.index]), context, &record)
                } catch {
                    problems.append(CSVImportProblem(line: row.fieldLines[placed.index], column: placed.header,
                                                     message: error.message))
                    failed.insert(placed.index)
                }
            }
            rows.append(ReadRow(row: row, record: record, failedColumns: failed))
        }
        return rows
    }

    private func existingClaims(_ existing: [R]) -> [String: [Claim]] {
        var claims: [String: [Claim]] = [:]
        for (index, record) in existing.enumerated() {
            for key in schema.matchKeys(record) { claims[key, default: []].append(.existing(index)) }
        }
        return claims
    }

    private func duplicate(_ row: ReadRow, of line: Int) -> CSVImportProblem {
        CSVImportProblem(line: row.row.line, column: nil,
                         message: "\(schema.label(row.record)) is the same \(R.kind.noun) as on line \(line)")
    }

    /// Runs the domain validators on every record the plan would write (unchanged ones are not
    /// written), so the repository never rejects the plan; each complaint is reported against
    /// the column that supplied the field.
    private func validate(_ outcome: Outcome, rows: [ReadRow], columns: [PlacedColumn]) -> [CSVImportProblem] {
        // What the validators look records up in: the wedding, its categories and vendors.
        let dataset = WeddingDataset(wedding: context.wedding, categories: context.categories, vendors: context.vendors)
        var problems: [CSVImportProblem] = []
        let records = outcome.toValidate
        defer { progress.report(.validating, done: records.count, total: records.count) }
        for (index, item) in records.enumerated() {
            progress.report(.validating, done: index, total: records.count)
            let row = rows[item.row]
            let record = item.update.map { outcome.updates[$0] } ?? row.record
            for issue in record.validationIssues(in: dataset) {
                let placed = columns.first { $0.column.issueFields.contains(issue.field) }
                if let placed, row.failedColumns.contains(placed.index) { continue }
                problems.append(CSVImportProblem(line: placed.map { row.row.fieldLines[$0.index] } ?? row.row.line,
                                                 column: placed?.header, message: issue.message))
            }
        }
        return problems
    }
}
