import BlueprintDomain
import BlueprintInterchange
import BlueprintStorage
import BlueprintStores
import BlueprintTUI
import Foundation

/// The planner's `:import` and `:export`: CSV or a sheet of an `.xlsx` workbook (the first unless
/// `--sheet` names one) planned by the storage layer's importer as `blueprint import` plans it,
/// and written through the open wedding's stores (so the panes update at once); exports written
/// atomically from what the stores hold.
///
/// A guest list from another wedding imports as on the command line: "Invited By" naming neither
/// partner reads as both, and the message says so. Meal options the wedding lacks are refused,
/// named, with the ways to add them (the settings form, or `blueprint import --add-meal-options`).
@MainActor
struct FileTransfer: DataTransfer {
    func importFile(_ kind: TransferKind, path: String, sheet: String?, addingMealOptions: Bool,
                    into session: WeddingSession) async throws -> String {
        guard let wedding = session.wedding.wedding else { throw TransferError("the wedding is still loading") }
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            throw TransferError(error.description)
        }
        let importer = CSVImporter(wedding: wedding, mode: .addOnly,
                                   options: .betweenWeddings)
        let name = url.lastPathComponent
        let source = try ImportSource.detect(data, fileName: name, sheet: sheet)
        let result: Result<ImportSummary, StoreError>
        var notes = ""
        switch kind {
        case .guests:
            let plan = try importer.planGuests(source, fileName: name, existing: session.guests.guests.records)
            if !plan.otherInvitedBy.isEmpty {
                notes = "; read as invited by both: " + plan.otherInvitedBy.map { "\"\($0.name)\" (\($0.guests))" }
                    .joined(separator: ", ")
            }
            if plan.newMealOptions.isEmpty {
                result = await session.guests.importGuests(plan.batch)
            } else {
                guard addingMealOptions else { throw MealOptionsToAdd(fileName: name, options: plan.newMealOptions) }
                result = Self.summary(plan, await session.wedding.importGuests(plan.batch, addingMealOptions: plan.newMealOptions,
                                                                               guests: session.guests))
                notes += "; meal options added: " + plan.newMealOptions.joined(separator: ", ")
            }
        case .vendors:
            let plan = try importer.planVendors(source, fileName: name, existing: session.vendors.vendors.records,
                                                categories: session.budget.categories.records)
            if plan.newCategories.isEmpty {
                result = await session.vendors.importVendors(plan.batch)
            } else {
                result = Self.summary(plan, await session.vendors.importVendors(plan.batch, creating: plan.newCategories,
                                                                                budget: session.budget))
                notes += "; new budget categories: " + plan.newCategories.map(\.name).joined(separator: ", ")
            }
        case .expenses:
            let plan = try importer.planExpenses(source, fileName: name, existing: session.budget.expenses.records,
                                                 categories: session.budget.categories.records, vendors: session.vendors.vendors.records)
            result = await session.budget.importExpenses(plan.batch, newCategories: plan.newCategories)
        case .tasks:
            throw TransferError("tasks cannot be imported from CSV; guests, vendors and expenses can")
        }
        let summary = try result.get()
        let from = sheet.map { "sheet \"\($0)\" of \(name)" } ?? name
        return "Imported \(kind.rawValue) from \(from): \(summary.inserted) added, \(summary.updated) updated" + notes
    }

    /// What an import written as one change set came to.
    private static func summary<R>(_ plan: CSVImportPlan<R>, _ outcome: EditOutcome) -> Result<ImportSummary, StoreError> {
        switch outcome {
        case .saved, .merged: .success(plan.summary)
        case .failed(let error): .failure(error)
        case .conflict: .failure(.failure("someone changed these records meanwhile; import again"))
        }
    }

    func exportFile(_ kind: TransferKind, format: TransferFormat, path: String, replacing: Bool,
                    from session: WeddingSession) async throws -> String {
        let file = OutputFile(path: path, replacing: replacing)
        try file.check()
        guard let wedding = session.wedding.wedding else { throw TransferError("the wedding is still loading") }
        let csv = CSVExporter(wedding: wedding)
        let data: Data
        let count: Int
        switch (kind, format) {
        case (.guests, .csv): (data, count) = (try csv.guests(session.guests.guests.records), session.guests.guests.count)
        case (.guests, .json): (data, count) = (try JSONExporter.export(session.guests.guests.records), session.guests.guests.count)
        case (.vendors, .csv):
            (data, count) = (try csv.vendors(session.vendors.vendors.records, categories: session.budget.categories.records), session.vendors.vendors.count)
        case (.vendors, .json): (data, count) = (try JSONExporter.export(session.vendors.vendors.records), session.vendors.vendors.count)
        case (.expenses, .csv):
            (data, count) = (try csv.expenses(session.budget.expenses.records, categories: session.budget.categories.records,
                                              vendors: session.vendors.vendors.records), session.budget.expenses.count)
        case (.expenses, .json): (data, count) = (try JSONExporter.export(session.budget.expenses.records), session.budget.expenses.count)
        case (.tasks, .csv):
            (data, count) = (try csv.tasks(session.tasks.tasks.records, categories: session.budget.categories.records,
                                           vendors: session.vendors.vendors.records), session.tasks.tasks.count)
        case (.tasks, .json): (data, count) = (try JSONExporter.export(session.tasks.tasks.records), session.tasks.tasks.count)
        }
        try file.write(data)
        return "Exported \(CountPhrase.of(count, kind.noun)) to \(path)"
    }
}

/// Why an import or export could not run.
struct TransferError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
