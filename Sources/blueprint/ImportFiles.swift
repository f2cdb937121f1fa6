import BlueprintDomain
import BlueprintInterchange
import BlueprintRepositories
import Foundation

/// The files one `blueprint import` reads: one file, or for `import all DIR` the categories,
/// vendors, expenses and guests files of a folder.
struct ImportFile {
    enum Kind: String, CaseIterable {
        /// In the order an `import all` plans them: categories (JSON only), then vendors, before
        /// the expenses that name them.
        case categories, vendors, expenses, guests
    }

    let kind: Kind
    let path: String
    var name: String { URL(fileURLWithPath: path).lastPathComponent }
    /// Whether the file is JSON as `export --format json` writes it (by its name).
    var isJSON: Bool { name.lowercased().hasSuffix(".json") }

    /// The file names `import all` looks for, each kind's CSV first.
    static func names(of kind: Kind) -> [String] {
        (kind == .categories ? ["json"] : ["csv", "xlsx", "json"]).map { kind.rawValue + "." + $0 }
    }

    /// The files of `folder` that `import all` reads, vendors first; refuses a folder with none,
    /// or with two files for one kind.
    static func inFolder(_ folder: String) throws -> [ImportFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure("\(folder) is not a folder; `import all` reads a folder holding "
                                 + Kind.allCases.flatMap(names).joined(separator: ", "))
        }
        var files: [ImportFile] = []
        for kind in Kind.allCases {
            let found = names(of: kind).filter { FileManager.default.fileExists(atPath: folder + "/" + $0) }
            guard found.count <= 1 else {
                throw CommandFailure("\(folder) has both \(found.joined(separator: " and ")); keep one of them; nothing was imported")
            }
            if let name = found.first { files.append(ImportFile(kind: kind, path: folder + "/" + name)) }
        }
        guard !files.isEmpty else {
            throw CommandFailure("\(folder) has none of the files `import all` reads: "
                                 + Kind.allCases.flatMap(names).joined(separator: ", ") + "; nothing was imported")
        }
        return files
    }
}

/// The plans of every file of one import, made against the wedding and each other (expenses
/// may name the vendors the same import adds), written as one change or not at all.
struct ImportPlans {
    var categories: (file: ImportFile, plan: CSVImportPlan<BudgetCategory>)?
    var guests: (file: ImportFile, plan: CSVImportPlan<Guest>)?
    var vendors: (file: ImportFile, plan: CSVImportPlan<Vendor>)?
    var expenses: (file: ImportFile, plan: CSVImportPlan<Expense>)?

    /// Plans `files` (vendors first) against the wedding's records; every file's problems are
    /// listed together.
    static func plan(_ files: [ImportFile], sheet: String?, importer: CSVImporter, in wedding: WeddingID,
                     repositories: Repositories) async throws -> ImportPlans {
        var plans = ImportPlans()
        var failures: [String] = []
        var categories = try await repositories.budget.fetchCategories(in: wedding).records
        var vendors = try await repositories.vendors.fetchVendors(in: wedding).records
        var renamedCategories: [UUID: UUID] = [:], renamedVendors: [UUID: UUID] = [:]
        for file in files {
            if file.isJSON, sheet != nil {
                failures.append("\(file.name): --sheet is only for .xlsx workbooks; a JSON file has no sheets")
                continue
            }
            if file.kind == .categories, !file.isJSON {
                failures.append("\(file.name): categories are imported from the JSON `export categories` writes")
                continue
            }
            do {
                let data = try InputFile.read(file.path)
                let source = file.isJSON ? nil : try ImportSource.detect(data, fileName: file.name, sheet: sheet)
                switch file.kind {
                case .categories:
                    let plan = try importer.planCategories(json: data, fileName: file.name, existing: categories)
                    plans.categories = (file, plan)
                    categories += plan.batch.inserts
                    renamedCategories = plan.renamedIDs
                case .guests:
                    let existing = try await repositories.guests.fetchGuests(in: wedding).records
                    plans.guests = (file, try source.map { try importer.planGuests($0, fileName: file.name, existing: existing) }
                        ?? importer.planGuests(json: data, fileName: file.name, existing: existing))
                case .vendors:
                    let plan = try source.map { try importer.planVendors($0, fileName: file.name, existing: vendors, categories: categories) }
                        ?? importer.planVendors(json: data, fileName: file.name, existing: vendors, categories: categories,
                                                renamedCategories: renamedCategories)
                    plans.vendors = (file, plan)
                    categories += plan.newCategories
                    renamedVendors = plan.renamedIDs
                    let updated = Dictionary(plan.batch.updates.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
                    vendors = vendors.map { updated[$0.id] ?? $0 } + plan.batch.inserts
                case .expenses:
                    let existing = try await repositories.budget.fetchExpenses(in: wedding).records
                    plans.expenses = (file, try source.map {
                        try importer.planExpenses($0, fileName: file.name, existing: existing, categories: categories, vendors: vendors)
                    } ?? importer.planExpenses(json: data, fileName: file.name, existing: existing, categories: categories,
                                               vendors: vendors, renamedCategories: renamedCategories,
                                               renamedVendors: renamedVendors))
                }
            } catch let error as CSVImportError {
                failures.append(error.description)
            } catch let error as SheetOptionError {
                failures.append(error.description)
            } catch let error as InputFile.Failure {
                failures.append(error.description)
            }
        }
        guard failures.isEmpty else { throw CommandFailure(failures.joined(separator: "\n")) }
        return plans
    }

    /// Meal options the guests chose that the wedding lacks.
    var newMealOptions: [String] { guests?.plan.newMealOptions ?? [] }

    /// What the import would do, a line per file.
    var report: [String] {
        var lines: [String] = []
        if let categories { lines.append("\(categories.file.name): \(categories.plan.report)") }
        if let vendors { lines.append("\(vendors.file.name): \(vendors.plan.report)") }
        if let expenses { lines.append("\(expenses.file.name): \(expenses.plan.report)") }
        if let guests { lines.append("\(guests.file.name): \(guests.plan.report)") }
        return lines
    }

    /// `imported guests: 3 added, 0 updated, 0 unchanged`, a line per file.
    var summaries: [String] {
        var lines: [String] = []
        func line(_ kind: String, _ summary: ImportSummary) {
            lines.append("imported \(kind): \(summary.inserted) added, \(summary.updated) updated, \(summary.unchanged) unchanged")
        }
        if let categories { line("budget categories", categories.plan.summary) }
        if let vendors { line("vendors", vendors.plan.summary) }
        if let expenses { line("expenses", expenses.plan.summary) }
        if let guests { line("guests", guests.plan.summary) }
        return lines
    }

    /// `2000 guests`, `6 vendors, 12 expenses`: what the write saves, for the progress bar.
    var saving: String {
        var parts: [String] = []
        func count<R: TableRecord>(_ plan: CSVImportPlan<R>?, _ noun: String) {
            if let plan { parts.append("\(plan.batch.inserts.count + plan.batch.updates.count) \(noun)") }
        }
        count(categories?.plan, "budget categories")
        count(vendors?.plan, "vendors")
        count(expenses?.plan, "expenses")
        count(guests?.plan, "guests")
        return parts.joined(separator: ", ")
    }

    /// Everything the plans write, in one change: the wedding's settings with the new meal
    /// options (`wedding` with them), categories, vendors, expenses, guests.
    func write(wedding: Wedding) -> ImportWrite {
        var write = ImportWrite()
        if !newMealOptions.isEmpty {
            var settings = wedding
            settings.mealOptions += newMealOptions
            write.settings = settings
        }
        let newCategories = (categories?.plan.batch.inserts ?? []) + (vendors?.plan.newCategories ?? [])
            + (expenses?.plan.newCategories ?? [])
        write.categories = ImportBatch(inserts: newCategories)
        write.vendors = vendors?.plan.batch ?? ImportBatch()
        write.expenses = expenses?.plan.batch ?? ImportBatch()
        write.guests = guests?.plan.batch ?? ImportBatch()
        return write
    }
}
