import BlueprintDomain
import Foundation

/// Reads guest, vendor and expense CSV files and `.xlsx` sheets into import plans for one wedding.
///
/// Pure: it is given the file's bytes and the wedding's current records and returns a plan (or
/// every problem in the file). The caller applies the plan through the repository's
/// `importGuests`, `importVendors` or `importExpenses(_:newCategories:)`, in one write.
///
/// Files are UTF-8 (a byte-order mark is allowed) with a header row; quoting follows RFC 4180.
/// Headers are matched loosely ("First Name", "first_name", "Given name"); unknown columns are
/// ignored and listed in the plan. Import is all or nothing: one bad row rejects the file.
/// A workbook's sheet is read as rows of cell text and then planned exactly as CSV is; its
/// problems name the cell (`Sheet1!C4`).
public struct CSVImporter: Sendable {
    public let wedding: Wedding
    public let mode: CSVImportMode
    private let progress: CSVProgressReporter

    /// - Parameter progress: called as the file is read, its rows checked and its records
    ///   validated (see `CSVProgress`).
    public init(wedding: Wedding, mode: CSVImportMode, progress: CSVProgressHandler? = nil) {
        self.wedding = wedding
        self.mode = mode
        self.progress = CSVProgressReporter(handler: progress)
    }

    /// Plans a guest import; merging matches a guest by email, else by full name.
    public func planGuests(_ data: Data, fileName: String, existing: [Guest]) throws(CSVImportError) -> CSVImportPlan<Guest> {
        try planGuests(.csv(data), fileName: fileName, existing: existing)
    }

    /// Plans a guest import from CSV or a workbook's sheet.
    public func planGuests(_ source: ImportSource, fileName: String, existing: [Guest]) throws(CSVImportError) -> CSVImportPlan<Guest> {
        try CSVRecordImport(schema: .guests, context: CSVContext(wedding: wedding), mode: mode, fileName: fileName,
                            progress: progress)
            .plan(source, existing: existing)
    }

    /// Plans a vendor import; a named budget category must exist. Merging matches by email, else by name.
    public func planVendors(_ data: Data, fileName: String, existing: [Vendor],
                            categories: [BudgetCategory]) throws(CSVImportError) -> CSVImportPlan<Vendor> {
        try planVendors(.csv(data), fileName: fileName, existing: existing, categories: categories)
    }

    /// Plans a vendor import from CSV or a workbook's sheet.
    public func planVendors(_ source: ImportSource, fileName: String, existing: [Vendor],
                            categories: [BudgetCategory]) throws(CSVImportError) -> CSVImportPlan<Vendor> {
        try CSVRecordImport(schema: .vendors, context: CSVContext(wedding: wedding, categories: categories),
                            mode: mode, fileName: fileName, progress: progress)
            .plan(source, existing: existing)
    }

    /// Plans an expense import. A category the wedding lacks becomes one of the plan's
    /// `newCategories`; a named vendor must exist. Merging matches by description within a category.
    public func planExpenses(_ data: Data, fileName: String, existing: [Expense], categories: [BudgetCategory],
                             vendors: [Vendor]) throws(CSVImportError) -> CSVImportPlan<Expense> {
        try planExpenses(.csv(data), fileName: fileName, existing: existing, categories: categories, vendors: vendors)
    }

    /// Plans an expense import from CSV or a workbook's sheet.
    public func planExpenses(_ source: ImportSource, fileName: String, existing: [Expense], categories: [BudgetCategory],
                             vendors: [Vendor]) throws(CSVImportError) -> CSVImportPlan<Expense> {
        let context = CSVContext(wedding: wedding, categories: categories, vendors: vendors, createsMissingCategories: true)
        return try CSVRecordImport(schema: .expenses, context: context, mode: mode, fileName: fileName, progress: progress)
            .plan(source, existing: existing)
    }
}
