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
    /// What the import may add to the wedding besides its records (see `CSVImportOptions`).
    public let options: CSVImportOptions
    private let progress: CSVProgressReporter

    /// - Parameter progress: called as the file is read, its rows checked and its records
    ///   validated (see `CSVProgress`).
    public init(wedding: Wedding, mode: CSVImportMode, options: CSVImportOptions = CSVImportOptions(),
                progress: CSVProgressHandler? = nil) {
        self.wedding = wedding
        self.mode = mode
        self.options = options
        self.progress = CSVProgressReporter(handler: progress)
    }

    /// Plans a guest import; merging matches a guest by email, else by full name.
    public func planGuests(_ data: Data, fileName: String, existing: [Guest]) throws(CSVImportError) -> CSVImportPlan<Guest> {
        try planGuests(.csv(data), fileName: fileName, existing: existing)
    }

    /// Plans a guest import from CSV or a workbook's sheet.
    public func planGuests(_ source: ImportSource, fileName: String, existing: [Guest]) throws(CSVImportError) -> CSVImportPlan<Guest> {
        try CSVRecordImport(schema: .guests, context: CSVContext(wedding: wedding, options: options), mode: mode, fileName: fileName,
                            progress: progress)
            .plan(source, existing: existing)
    }

    /// Plans a vendor import; a named budget category must exist unless the options create it. Merging matches by email, else by name.
    public func planVendors(_ data: Data, fileName: String, existing: [Vendor],
                            categories: [BudgetCategory]) throws(CSVImportError) -> CSVImportPlan<Vendor> {
        try planVendors(.csv(data), fileName: fileName, existing: existing, categories: categories)
    }

    /// Plans a vendor import from CSV or a workbook's sheet.
    public func planVendors(_ source: ImportSource, fileName: String, existing: [Vendor],
                            categories: [BudgetCategory]) throws(CSVImportError) -> CSVImportPlan<Vendor> {
        try CSVRecordImport(schema: .vendors, context: CSVContext(wedding: wedding, categories: categories, options: options),
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
        let context = CSVContext(wedding: wedding, categories: categories, vendors: vendors, createsMissingCategories: true,
                                 options: options)
        return try CSVRecordImport(schema: .expenses, context: context, mode: mode, fileName: fileName, progress: progress)
            .plan(source, existing: existing)
    }

    /// Plans a guest import from the JSON `export guests --format json` writes (see `JSONRecordImport`).
    public func planGuests(json data: Data, fileName: String, existing: [Guest]) throws(CSVImportError) -> CSVImportPlan<Guest> {
        try JSONRecordImport(context: CSVContext(wedding: wedding, options: options), mode: mode, fileName: fileName, id: \.id,
                             resolve: { (guest, context) throws(JSONFieldError) in
                                 guest.mealChoice = try context.jsonMealOption(guest.mealChoice, field: "mealChoice")
                                 guest.plusOneMealChoice = try context.jsonMealOption(guest.plusOneMealChoice,
                                                                                      field: "plusOneMealChoice")
                             })
            .plan(data, existing: existing)
    }

    /// Plans a vendor import from JSON; a budget category it names must be the wedding's, or one
    /// of a categories plan (`renamedCategories`: its `renamedIDs`).
    public func planVendors(json data: Data, fileName: String, existing: [Vendor], categories: [BudgetCategory],
                            renamedCategories: [UUID: UUID] = [:]) throws(CSVImportError) -> CSVImportPlan<Vendor> {
        try JSONRecordImport(context: CSVContext(wedding: wedding, categories: categories, options: options), mode: mode,
                             fileName: fileName, id: \.id,
                             resolve: { (vendor, context) throws(JSONFieldError) in
                                 if let category = vendor.budgetCategoryID {
                                     vendor.budgetCategoryID = try context.existingCategory(category, renamed: renamedCategories,
                                                                                                 field: "budgetCategoryID")
                                 }
                             })
            .plan(data, existing: existing)
    }

    /// Plans an expense import from JSON, installments and allocations included. Its categories
    /// must be the wedding's or a categories plan's (`renamedCategories`); its vendor the
    /// wedding's or one imported alongside (`renamedVendors`: the vendor plan's `renamedIDs`).
    public func planExpenses(json data: Data, fileName: String, existing: [Expense], categories: [BudgetCategory],
                             vendors: [Vendor], renamedCategories: [UUID: UUID] = [:],
                             renamedVendors: [UUID: UUID] = [:]) throws(CSVImportError) -> CSVImportPlan<Expense> {
        let context = CSVContext(wedding: wedding, categories: categories, vendors: vendors, options: options)
        return try JSONRecordImport(context: context, mode: mode, fileName: fileName, id: \.id,
                                    resolve: { (expense, context) throws(JSONFieldError) in
                                        expense.categoryID = try context.existingCategory(expense.categoryID, renamed: renamedCategories,
                                                                                          field: "categoryID")
                                        for index in expense.allocations.indices {
                                            expense.allocations[index].categoryID = try context.existingCategory(
                                                expense.allocations[index].categoryID, renamed: renamedCategories,
                                                field: "allocations[\(index)].categoryID")
                                        }
                                        if let vendor = expense.vendorID {
                                            expense.vendorID = try context.existingVendor(vendor, renamed: renamedVendors,
                                                                                          field: "vendorID")
                                        }
                                    })
            .plan(data, existing: existing)
    }
}
