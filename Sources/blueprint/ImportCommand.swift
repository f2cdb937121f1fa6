import ArgumentParser
import BlueprintDomain
import BlueprintStorage
import BlueprintText
import Foundation

/// `blueprint import`: guests, vendors or expenses from a CSV file or an `.xlsx` sheet, all or nothing.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import guests, vendors or expenses from a CSV file or an .xlsx workbook.",
        discussion: """
            Any bad row rejects the whole file: every problem is listed with its line and column \
            (for a workbook, its cell, such as Sheet1!C4), and nothing is written. --dry-run reports \
            what would change without writing. A workbook is read from its first sheet unless --sheet names one.
            """
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case guests, vendors, expenses
    }

    @OptionGroup var options: WeddingOptions
    @Argument(help: "What the file holds: guests, vendors or expenses.") var kind: Kind
    @Argument(help: "The CSV file or .xlsx workbook.", completion: .file(extensions: ["csv", "xlsx"])) var file: String
    @Option(help: "The sheet of an .xlsx workbook to read (default: the first).") var sheet: String?
    @Flag(help: "Report what would change; write nothing.") var dryRun = false
    @Option(help: "add: every row is new. merge: rows matching an existing record (by email, else by name) update it.")
    var mode: CSVImportMode = .addOnly

    func run() async throws {
        let url = URL(fileURLWithPath: file)
        let data: Data
        do {
            data = try InputFile.read(file)
        } catch {
            throw CommandFailure(error.description)
        }
        let source: ImportSource
        do {
            source = try ImportSource.detect(data, fileName: url.lastPathComponent, sheet: sheet)
        } catch {
            throw CommandFailure(error.description)
        }
        let progress = TransferProgress(subject: url.lastPathComponent)
        let (report, summary) = try await progress.around {
            try await importData(source, name: url.lastPathComponent, progress: progress)
        }
        if dryRun {
            try CommandOutput.print(TerminalSanitizer.sanitizeLines(report))
        } else {
            try CommandOutput.print("imported \(kind.rawValue): \(summary.inserted) added, \(summary.updated) updated, \(summary.unchanged) unchanged")
        }
    }

    /// Plans the import and, unless this is a dry run, writes it; returns the plan's report and
    /// what was (or would be) written.
    private func importData(_ source: ImportSource, name: String, progress: TransferProgress) async throws -> (String, ImportSummary) {
        let (data, wedding) = try await options.open()
        let repositories = data.repositories
        let id = wedding.weddingID
        let importer = CSVImporter(wedding: wedding, mode: mode, progress: progress.handler)
        func saving(_ count: Int) { progress.step("saving \(count) \(kind.rawValue)") }
        switch kind {
        case .guests:
            let plan = try importer.planGuests(source, fileName: name, existing: try await repositories.guests.fetchGuests(in: id))
            if dryRun { return (plan.report, plan.summary) }
            saving(plan.batch.inserts.count + plan.batch.updates.count)
            return (plan.report, try await repositories.guests.importGuests(plan.batch, in: id))
        case .vendors:
            let plan = try importer.planVendors(source, fileName: name, existing: try await repositories.vendors.fetchVendors(in: id),
                                                categories: try await repositories.budget.fetchCategories(in: id))
            if dryRun { return (plan.report, plan.summary) }
            saving(plan.batch.inserts.count + plan.batch.updates.count)
            return (plan.report, try await repositories.vendors.importVendors(plan.batch, in: id))
        case .expenses:
            let plan = try importer.planExpenses(source, fileName: name, existing: try await repositories.budget.fetchExpenses(in: id),
                                                 categories: try await repositories.budget.fetchCategories(in: id),
                                                 vendors: try await repositories.vendors.fetchVendors(in: id))
            if dryRun { return (plan.report, plan.summary) }
            saving(plan.batch.inserts.count + plan.batch.updates.count)
            return (plan.report, try await repositories.budget.importExpenses(plan.batch, newCategories: plan.newCategories, in: id).summary)
        }
    }
}

extension CSVImportMode: ExpressibleByArgument {}
