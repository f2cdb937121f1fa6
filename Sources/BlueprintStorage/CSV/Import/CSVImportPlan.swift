import BlueprintDomain

/// How imported rows meet the records a wedding already has.
public enum CSVImportMode: String, Sendable, CaseIterable {
    /// Every row becomes a new record.
    case addOnly = "add"
    /// A row that names an existing record (by email, else by name) updates the fields the file
    /// has columns for; other rows are added.
    case merge
}

/// What importing a CSV file would do. Nothing is written until the caller hands `batch` (and,
/// for expenses, `newCategories`) to the repository's import call; a dry run just shows `report`.
public struct CSVImportPlan<R: Record>: Sendable {
    /// New records, and updates that carry the version they were read at.
    public let batch: ImportBatch<R>
    /// Rows that matched an existing record and would not change it.
    public let unchanged: Int
    /// Budget categories named by imported expenses that the wedding does not have yet
    /// (always empty for other kinds of record).
    public let newCategories: [BudgetCategory]
    /// Headers the importer did not recognise; their values were ignored.
    public let ignoredColumns: [String]

    /// The counts the repository reports once the plan is applied.
    public var summary: ImportSummary {
        ImportSummary(inserted: batch.inserts.count, updated: batch.updates.count, unchanged: unchanged)
    }

    /// `would add 12 guests, update 3, 40 unchanged; ignored columns: "Favourite colour"`.
    public var report: String {
        let noun = R.kind.noun
        let plural = batch.inserts.count == 1 ? noun : noun + "s"
        var text = "would add \(batch.inserts.count) \(plural), update \(batch.updates.count), \(unchanged) unchanged"
        if !newCategories.isEmpty {
            text += "; new budget categories: " + newCategories.map { "\"\($0.name)\"" }.joined(separator: ", ")
        }
        if !ignoredColumns.isEmpty {
            text += "; ignored columns: " + ignoredColumns.map { "\"\($0)\"" }.joined(separator: ", ")
        }
        return text
    }
}
