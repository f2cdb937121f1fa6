import BlueprintDomain
import Foundation

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
    /// Budget categories named by imported expenses (or vendors, when the options create them)
    /// that the wedding does not have yet.
    public let newCategories: [BudgetCategory]
    /// Meal options guests chose that the wedding lacks (collected only when the options say so):
    /// the caller adds them to the wedding's settings in the same write, or refuses the import.
    public let newMealOptions: [String]
    /// "Invited By" values naming neither partner, read as both (only when the options say so).
    public let otherInvitedBy: [OtherInvitedBy]
    /// Headers the importer did not recognise; their values were ignored.
    public let ignoredColumns: [String]
    /// JSON: records whose id the wedding already had, added under a new id (old → new).
    public let renamedIDs: [UUID: UUID]

    /// The counts the repository reports once the plan is applied.
    public var summary: ImportSummary {
        ImportSummary(inserted: batch.inserts.count, updated: batch.updates.count, unchanged: unchanged)
    }

    /// `would add 12 guests, update 3, 40 unchanged; ignored columns: "Favourite colour"`.
    public var report: String {
        var text = "would add " + CountPhrase.of(batch.inserts.count, R.kind.noun) + ", update \(batch.updates.count), \(unchanged) unchanged"
        if !newCategories.isEmpty {
            text += "; new budget categories: " + newCategories.map { "\"\($0.name)\"" }.joined(separator: ", ")
        }
        if !newMealOptions.isEmpty {
            text += "; new meal options: " + newMealOptions.map { "\"\($0)\"" }.joined(separator: ", ")
        }
        if !otherInvitedBy.isEmpty {
            text += "; \"Invited By\" naming neither partner, read as both: "
                + otherInvitedBy.map { "\"\($0.name)\" (" + CountPhrase.of($0.guests, "guest") + ")" }.joined(separator: ", ")
        }
        if !ignoredColumns.isEmpty {
            text += "; ignored columns: " + ignoredColumns.map { "\"\($0)\"" }.joined(separator: ", ")
        }
        return text
    }
}
