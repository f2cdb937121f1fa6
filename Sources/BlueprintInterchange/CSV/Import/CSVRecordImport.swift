import BlueprintDomain
import Foundation

/// Turns one CSV file, or one sheet of a workbook, into an import plan for one kind of record,
/// or into the full list of what is wrong with the file. Pure: reads only its arguments.
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

    /// Where a record came from in the file, kept for the messages of the checks that run after
    /// the file is read (the row's cells are not kept).
    private struct RowPlace {
        /// The physical line the row starts on.
        let line: Int
        /// The physical line each field starts on; empty when the whole row is on `line` (most rows).
        let fieldLines: [Int]
        /// Indexes of the columns whose cells could not be read.
        let failedColumns: Set<Int>

        init(_ row: CSVRow, failedColumns: Set<Int>) {
            line = row.line
            fieldLines = row.fieldLines.last == row.line ? [] : row.fieldLines
            self.failedColumns = failedColumns
        }

        func line(ofField index: Int) -> Int { fieldLines.isEmpty ? line : fieldLines[index] }
    }

    /// Who a merge key already belongs to.
    private enum Claim {
        case existing(Int)
        case row(line: Int)
    }

    func plan(_ source: ImportSource, existing: [R]) throws(CSVImportError) -> CSVImportPlan<R> {
        switch source {
        case .csv(let data):
            let file: CSVFile
            let rows: CSVRowReader
            do {
                file = try CSVFile(checking: data)
                rows = try file.rows(progress: progress)
            } catch {
                throw CSVImportError(fileName: fileName, problems: [error])
            }
            return try plan(rows, lineCount: file.lineCount, quoting: file.quoting, existing: existing, rowNoun: "line")
        case .spreadsheet(let data, let sheetName):
            let sheet: String
            let rows: [CSVRow]
            do {
                (sheet, rows) = try Workbook(data).rows(ofSheet: sheetName)
            } catch {
                throw CSVImportError(fileName: fileName, problems: [error.problem])
            }
            do {
                return try plan(SheetRows(rows, progress: progress), lineCount: rows.last.map(\.line) ?? 0, quoting: nil, existing: existing,
                                rowNoun: "row")
            } catch {
                throw CSVImportError(fileName: fileName, problems: error.problems.map { $0.inSheet(sheet) })
            }
        }
    }

    /// The plan for the rows `rows` hands out (`lineCount` lines or sheet rows in all); a line or
    /// row number is called a `rowNoun` in messages.
    private func plan(_ rows: some ImportRows, lineCount: Int, quoting: QuotingCheck.Finding?, existing: [R],
                      rowNoun: String) throws(CSVImportError) -> CSVImportPlan<R> {
        var problems: [CSVImportProblem] = []
        let (header, columns, ignoredColumns, outcome) = try read(rows, existing: existing, lineCount: lineCount,
                                                                  rowNoun: rowNoun, problems: &problems)
        problems += validate(outcome, columns: columns)
        problems = QuotingCheck.merge(quoting, into: problems)
        guard problems.isEmpty else {
            throw CSVImportError(fileName: fileName, problemsInAnyOrder: problems, header: header)
        }
        return CSVImportPlan(batch: ImportBatch(inserts: outcome.inserts, updates: outcome.updates),
                             unchanged: outcome.unchanged, newCategories: context.newCategories,
                             newMealOptions: context.newMealOptions, otherInvitedBy: context.otherInvitedBy,
                             ignoredColumns: ignoredColumns, renamedIDs: [:])
    }

    /// Reads the header, then each row into its record (or its problems), adding or merging it at
    /// once, so only the records the plan would write are held. Returns the header, its
    /// recognised and ignored columns, and what the rows come to.
    /// - Throws: the header's problems, or that the file is empty; no row is read then.
    private func read(_ rows: some ImportRows, existing: [R], lineCount: Int, rowNoun: String,
                      problems: inout [CSVImportProblem])
        throws(CSVImportError) -> ([String], [PlacedColumn], [String], Outcome) {
        defer { rows.finish() }
        guard var header = rows.next() else {
            throw CSVImportError(fileName: fileName, problems: [CSVImportProblem(
                line: nil, column: nil, message: "the file is empty; it needs a header row naming its columns")])
        }
        var (columns, ignoredColumns) = placeColumns(of: header, problems: &problems)
        // A title above the header ("Guest list 2027"), as people lay sheets out: the header is the
        // first of the first rows that has the columns a file needs.
        var titleRows = 0
        while !hasRequiredColumns(columns), titleRows < Self.titleRowsAllowed, let candidate = rows.next() {
            titleRows += 1
            var candidateProblems: [CSVImportProblem] = []
            let placed = placeColumns(of: candidate, problems: &candidateProblems)
            guard hasRequiredColumns(placed.0) else { continue }
            (header, columns, ignoredColumns, problems) = (candidate, placed.0, placed.1, candidateProblems)
        }
        guard problems.isEmpty else { throw CSVImportError(fileName: fileName, problems: problems) }
        var outcome = Outcome()
        if mode == .addOnly {
            // Every row after the header's line may be a record: room for them all at once, so
            // the list never doubles (and briefly holds two copies) as it grows.
            outcome.inserts.reserveCapacity(lineCount - header.line)
            outcome.toValidate.reserveCapacity(lineCount - header.line)
        }
        var merging = Merging(claims: mode == .merge ? existingClaims(existing) : [:], rowNoun: rowNoun)
        while let row = rows.next() {
            guard let (record, place) = read(row, columnCount: header.fields.count, columns: columns, problems: &problems) else {
                continue
            }
            switch mode {
            case .addOnly:
                outcome.insert(record, from: place)
            case .merge:
                merging.merge(record, from: place, into: existing, columns: columns, schema: schema,
                              outcome: &outcome, problems: &problems)
            }
        }
        return (header.fields, columns, ignoredColumns, outcome)
    }

    /// What the rows come to: records to add and to update, and those to validate (all but the unchanged).
    private struct Outcome {
        var inserts: [R] = []
        var updates: [R] = []
        var unchanged = 0
        var toValidate: [ToValidate] = []

        mutating func insert(_ record: R, from place: RowPlace) {
            toValidate.append(ToValidate(place: place, record: .insert(inserts.count)))
            inserts.append(record)
        }
    }

    /// A record the plan would write, by position rather than by copy (a copy of every record
    /// per list made a large import take several times the memory), with the place in the file
    /// it was read from.
    private struct ToValidate {
        enum Record {
            case insert(Int)
            case update(Int)
        }

        let place: RowPlace
        let record: Record
    }

    /// Matches each row to an existing record by the schema's keys, most specific first. A matched
    /// row updates the columns the file has; an unmatched one is added. Two rows for one record,
    /// or a row that fits several records, are problems.
    private struct Merging {
        var claims: [String: [Claim]]
        /// What the file's line numbers are called: `line` in CSV, `row` in a sheet.
        let rowNoun: String
        var updatedLine: [Int: Int] = [:]

        mutating func merge(_ record: R, from place: RowPlace, into existing: [R], columns: [PlacedColumn],
                            schema: CSVSchema<R>, outcome: inout Outcome, problems: inout [CSVImportProblem]) {
            let keys = schema.matchKeys(record)
            let matched = keys.first { claims[$0] != nil }.flatMap { claims[$0] } ?? []
            func duplicate(of line: Int) -> CSVImportProblem {
                CSVImportProblem(line: place.line, column: nil,
                                 message: "\(schema.label(record)) is the same \(R.kind.noun) as on \(rowNoun) \(line)")
            }
            if case .row(let line)? = matched.first(where: { if case .row = $0 { true } else { false } }) {
                problems.append(duplicate(of: line))
            } else if matched.count > 1 {
                problems.append(CSVImportProblem(line: place.line, column: nil, message:
                    "\(schema.label(record)) matches " + CountPhrase.of(matched.count, "existing " + R.kind.noun)
                        + "; merge cannot tell which to update"))
            } else if case .existing(let index)? = matched.first {
                if let line = updatedLine[index] {
                    problems.append(duplicate(of: line))
                    return
                }
                updatedLine[index] = place.line
                var merged = existing[index]
                for placed in columns { placed.column.copy(record, &merged) }
                if merged == existing[index] {
                    outcome.unchanged += 1
                } else {
                    outcome.toValidate.append(ToValidate(place: place, record: .update(outcome.updates.count)))
                    outcome.updates.append(merged)
                }
            } else {
                for key in keys { claims[key, default: []].append(.row(line: place.line)) }
                outcome.insert(record, from: place)
            }
        }
    }

    /// How many rows above the header a file may have (a title, a blank line, a note).
    static var titleRowsAllowed: Int { 9 }

    /// The groups of headers of which a file needs one each: the schema's, and in merge mode a
    /// column that finds the record to update stands for any of them.
    private var requiredGroups: [[String]] {
        mode == .merge ? schema.requiredColumns.map { $0 + schema.matchColumns } : schema.requiredColumns
    }

    /// Whether `columns`, placed from a row, have one column of each required group.
    private func hasRequiredColumns(_ columns: [PlacedColumn]) -> Bool {
        let present = Set(columns.map { LooseKey.of($0.column.header) })
        return requiredGroups.allSatisfy { !present.isDisjoint(with: $0.map(LooseKey.of)) }
    }

    /// Matches headers to columns. Unknown headers are ignored (and listed); two headers for one
    /// column, or no column of a required group, are problems.
    private func placeColumns(of header: CSVRow, problems: inout [CSVImportProblem]) -> ([PlacedColumn], [String]) {
        var columnByKey: [String: Int] = [:]
        for (position, column) in schema.columns.enumerated() {
            for key in column.keys { columnByKey[key] = position }
        }
        var placed: [PlacedColumn] = []
        var ignored: [String] = []
        var headerOfColumn: [Int: String] = [:]
        for (index, name) in header.fields.enumerated() {
            guard let position = columnByKey[LooseKey.of(name)] else {
                ignored.append(CSVValues.trimmed(name).isEmpty ? "column \(index + 1) (no header)" : name)
                continue
            }
            if let earlier = headerOfColumn[position] {
                problems.append(CSVImportProblem(line: header.line, column: name,
                                                 message: "means the same as column \"\(earlier)\"; keep one of them",
                                                 columnIndex: index))
                continue
            }
            headerOfColumn[position] = name
            placed.append(PlacedColumn(index: index, header: name, column: schema.columns[position]))
        }
        let present = Set(placed.map { LooseKey.of($0.column.header) })
        for group in requiredGroups where present.isDisjoint(with: group.map(LooseKey.of)) {
            let names = group.map { "\"\($0)\"" }
            let wanted = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
            problems.append(CSVImportProblem(line: header.line, column: nil,
                                             message: "there is no \(wanted) column (the header is: \(header.fields.joined(separator: ", ")))"))
        }
        return (placed.filter { $0.column.unusedBeside.isDisjoint(with: present) }, ignored)
    }

    /// The record `row` holds and where it is, or `nil` when the row is ragged; each cell that
    /// cannot be read is a problem.
    private func read(_ row: CSVRow, columnCount: Int, columns: [PlacedColumn],
                      problems: inout [CSVImportProblem]) -> (R, RowPlace)? {
        if let ragged = CSVImportProblem.ragged(row, headerFields: columnCount) {
            problems.append(ragged)
            return nil
        }
        var record = schema.blank()
        var failed: Set<Int> = []
        for placed in columns {
            do {
                try placed.column.read(SpreadsheetCell.restore(row.fields[placed.index]), context, &record)
            } catch {
                problems.append(CSVImportProblem(line: row.fieldLines[placed.index], column: placed.header,
                                                 message: error.message, columnIndex: placed.index))
                failed.insert(placed.index)
            }
        }
        return (record, RowPlace(row, failedColumns: failed))
    }

    private func existingClaims(_ existing: [R]) -> [String: [Claim]] {
        var claims: [String: [Claim]] = [:]
        for (index, record) in existing.enumerated() {
            for key in schema.matchKeys(record) { claims[key, default: []].append(.existing(index)) }
        }
        return claims
    }

    /// Runs the domain validators on every record the plan would write (unchanged ones are not
    /// written), so the repository never rejects the plan; each complaint is reported against
    /// the column that supplied the field.
    private func validate(_ outcome: Outcome, columns: [PlacedColumn]) -> [CSVImportProblem] {
        // What the validators look records up in: the wedding, its categories and vendors.
        let dataset = WeddingDataset(wedding: context.importedWedding, categories: context.categories, vendors: context.vendors)
        var problems: [CSVImportProblem] = []
        let records = outcome.toValidate
        defer { progress.report(.validating, done: records.count, total: records.count) }
        for (index, item) in records.enumerated() {
            progress.report(.validating, done: index, total: records.count)
            let place = item.place
            let record = switch item.record {
            case .insert(let position): outcome.inserts[position]
            case .update(let position): outcome.updates[position]
            }
            for issue in record.validationIssues(in: dataset) {
                let placed = columns.first { $0.column.issueFields.contains(issue.field) }
                if let placed, place.failedColumns.contains(placed.index) { continue }
                problems.append(CSVImportProblem(line: placed.map { place.line(ofField: $0.index) } ?? place.line,
                                                 column: placed?.header, message: issue.message,
                                                 columnIndex: placed?.index))
            }
        }
        return problems
    }
}
