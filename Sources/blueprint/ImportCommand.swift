import ArgumentParser
import BlueprintDomain
import BlueprintStorage
import Foundation

/// `blueprint import`: guests, vendors or expenses from a CSV file, all or nothing.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import guests, vendors or expenses from a CSV file.",
        discussion: """
            Any bad row rejects the whole file: every problem is listed with its line and column, \
            and nothing is written. --dry-run reports what would change without writing.
            """
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case guests, vendors, expenses
    }

    @OptionGroup var options: WeddingOptions
    @Argument(help: "What the file holds: guests, vendors or expenses.") var kind: Kind
    @Argument(help: "The CSV file.", completion: .file(extensions: ["csv"])) var file: String
    @Flag(help: "Report what would change; write nothing.") var dryRun = false
    @Option(help: "add: every row is new. merge: rows matching an existing record (by email, else by name) update it.")
    var mode: CSVImportMode = .addOnly

    func run() async throws {
        let url = URL(fileURLWithPath: file)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ValidationError("cannot read \(file): \(error.localizedDescription)")
        }
        let (_, repositories, wedding) = try await options.open()
        let id = wedding.weddingID
        let importer = CSVImporter(wedding: wedding, mode: mode)
        let name = url.lastPathComponent
        let report: String
        let summary: ImportSummary
        switch kind {
        case .guests:
            let plan = try importer.planGuests(data, fileName: name, existing: try await repositories.guests.fetchGuests(in: id))
            report = plan.report
            summary = dryRun ? plan.summary : try await repositories.guests.importGuests(plan.batch, in: id)
        case .vendors:
            let plan = try importer.planVendors(data, fileName: name, existing: try await repositories.vendors.fetchVendors(in: id),
                                                categories: try await repositories.budget.fetchCategories(in: id))
            report = plan.report
            summary = dryRun ? plan.summary : try await repositories.vendors.importVendors(plan.batch, in: id)
        case .expenses:
            let plan = try importer.planExpenses(data, fileName: name, existing: try await repositories.budget.fetchExpenses(in: id),
                                                 categories: try await repositories.budget.fetchCategories(in: id),
                                                 vendors: try await repositories.vendors.fetchVendors(in: id))
            report = plan.report
            summary = dryRun ? plan.summary
                : try await repositories.budget.importExpenses(plan.batch, newCategories: plan.newCategories, in: id)
        }
        if dryRun {
            print(TerminalSanitizer.sanitizeLines(report))
        } else {
            print("imported \(kind.rawValue): \(summary.inserted) added, \(summary.updated) updated, \(summary.unchanged) unchanged")
        }
    }
}

extension CSVImportMode: ExpressibleByArgument {}
