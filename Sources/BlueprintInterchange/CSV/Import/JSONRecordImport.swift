import BlueprintDomain
import Foundation

/// Turns records as `export … --format json` writes them (`JSONExporter`: every field, ids,
/// installments and allocations) into an import plan for one wedding. Pure, like `CSVRecordImport`.
///
/// Ids: a record keeps its id unless the wedding already has a record with it; then merging
/// updates that record, and adding gives the new one a fresh id (listed in the plan's
/// `renamedIDs`, so an expense imported alongside a vendor follows it). What a record names (a
/// budget category, a vendor) must be the wedding's or be imported alongside; the meal options
/// and partners follow the import's options as in a CSV file.
struct JSONRecordImport<R: TableRecord> {
    let context: CSVContext
    let mode: CSVImportMode
    let fileName: String
    /// The record's id, to give it a fresh one.
    let id: WritableKeyPath<R, UUID>
    /// Points what the record names at this wedding's records, or says which field names nothing.
    let resolve: (inout R, CSVContext) throws(JSONFieldError) -> Void

    /// The records of `data`, or the problem naming the record and field that did not decode.
    static func records(_ data: Data, fileName: String) throws(CSVImportError) -> [R] {
        do {
            return try JSONDecoder().decode([R].self, from: data)
        } catch let error as DecodingError {
            throw CSVImportError(fileName: fileName, problems: [problem(error)])
        } catch {
            throw CSVImportError(fileName: fileName, problems: [CSVImportProblem(line: nil, column: nil, message: "\(error)")])
        }
    }

    func plan(_ data: Data, existing: [R]) throws(CSVImportError) -> CSVImportPlan<R> {
        let records = try Self.records(data, fileName: fileName)
        let stored = Dictionary(existing.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var inserts: [R] = [], updates: [R] = [], unchanged = 0, renamed: [UUID: UUID] = [:]
        var problems: [CSVImportProblem] = []
        var resolved: [(index: Int, record: R)] = []
        for (index, original) in records.enumerated() {
            var record = original
            do {
                try resolve(&record, context)
            } catch {
                problems.append(Self.problem(at: index, field: error.field, error.message))
                continue
            }
            resolved.append((index, record))
        }
        let dataset = WeddingDataset(wedding: context.importedWedding, categories: context.categories, vendors: context.vendors)
        for (index, var record) in resolved {
            let issues = record.validationIssues(in: dataset)
            guard issues.isEmpty else {
                problems += issues.map { Self.problem(at: index, field: $0.field, $0.message) }
                continue
            }
            if let current = stored[record.id] {
                if mode == .merge {
                    record.createdAt = current.createdAt
                    record.updatedAt = current.updatedAt
                    record.version = current.version
                    if record == current { unchanged += 1 } else { updates.append(record) }
                    continue
                }
                let fresh = UUID()
                renamed[record.id] = fresh
                record[keyPath: id] = fresh
            }
            inserts.append(record)
        }
        guard problems.isEmpty else { throw CSVImportError(fileName: fileName, problems: problems) }
        return CSVImportPlan(batch: ImportBatch(inserts: inserts, updates: updates), unchanged: unchanged,
                             newCategories: context.newCategories, newMealOptions: context.newMealOptions,
                             otherInvitedBy: context.otherInvitedBy, ignoredColumns: [], renamedIDs: renamed)
    }

    /// `record 4, amount: …` (records counted from 1, as a person counts them).
    static func problem(at index: Int, field: String, _ message: String) -> CSVImportProblem {
        CSVImportProblem(line: nil, column: nil, message: "record \(index + 1), \(field): \(message)")
    }

    /// A decoding failure, naming the record and field it is in.
    private static func problem(_ error: DecodingError) -> CSVImportProblem {
        let (path, message): ([any CodingKey], String) = switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            (context.codingPath, context.debugDescription)
        case .keyNotFound(let key, let context): (context.codingPath + [key], "is missing")
        @unknown default: ([], "\(error)")
        }
        guard let first = path.first, let index = first.intValue else {
            return CSVImportProblem(line: nil, column: nil, message: path.isEmpty
                ? "it is not the JSON that `export --format json` writes (\(message))"
                : "\(path.map(\.stringValue).joined(separator: ".")): \(message)")
        }
        let field = path.dropFirst().map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return problem(at: index, field: field.hasPrefix(".") ? String(field.dropFirst()) : field, message)
    }
}

/// A field of an imported record that names nothing in the wedding.
struct JSONFieldError: Error {
    let field: String
    let message: String
}

extension CSVContext {
    /// The category `id` names: one matched or imported alongside under another id (`renamed`),
    /// else the wedding's own; or the field's error.
    func existingCategory(_ id: UUID, renamed: [UUID: UUID], field: String) throws(JSONFieldError) -> UUID {
        let id = renamed[id] ?? id
        guard categories.contains(where: { $0.id == id }) else {
            throw JSONFieldError(field: field, message: "this wedding has no budget category with id \(id.uuidString.lowercased()) "
                                 + "(import the categories too: import all with categories.json)")
        }
        return id
    }

    /// The vendor `id` names: one imported alongside under a new id, else the wedding's own.
    func existingVendor(_ id: UUID, renamed: [UUID: UUID], field: String) throws(JSONFieldError) -> UUID {
        let id = renamed[id] ?? id
        guard vendors.contains(where: { $0.id == id }) else {
            throw JSONFieldError(field: field, message: "this wedding has no vendor with id \(id.uuidString.lowercased()) "
                                 + "(import the vendors first, or together: import all)")
        }
        return id
    }

    /// A meal option as the wedding spells it (collected if new and the options allow); or the field's error.
    func jsonMealOption(_ text: String, field: String) throws(JSONFieldError) -> String {
        do {
            return try mealOption(text)
        } catch {
            throw JSONFieldError(field: field, message: error.message)
        }
    }
}
