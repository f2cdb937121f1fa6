import ArgumentParser
import BlueprintDomain
import BlueprintStorage
import BlueprintText
import Foundation

/// `blueprint export`: one domain to CSV or JSON, on standard output or into a file.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export guests, vendors, expenses or tasks as CSV or JSON."
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case guests, vendors, expenses, tasks
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    @OptionGroup var options: WeddingOptions
    @Argument(help: "What to export: guests, vendors, expenses or tasks.") var kind: Kind
    @Option(help: "csv (re-importable, spreadsheet-friendly) or json (every field).") var format: Format = .csv
    @Flag(help: "CSV: write every cell as stored, for scripts. Without it, a cell starting with = + - @ or a tab gets an apostrophe in front, so a spreadsheet shows it as text instead of running it (import takes the apostrophe off again).")
    var raw = false
    @Option(name: [.short, .customLong("output")], help: "Write to this file instead of standard output.",
            completion: .file()) var output: String?

    func run() async throws {
        let progress = TransferProgress(subject: kind.rawValue)
        let data = try await progress.around { try await exportData(progress) }
        if let output {
            try AtomicFile.write(data, to: output)
        } else if isatty(STDOUT_FILENO) == 1 {
            print(TerminalSanitizer.sanitizeLines(String(decoding: data, as: UTF8.self)), terminator: "")
        } else {
            FileHandle.standardOutput.write(data)
        }
    }

    /// The exported file's bytes.
    private func exportData(_ progress: TransferProgress) async throws -> Data {
        let (_, repositories, wedding) = try await options.open()
        let id = wedding.weddingID
        let csv = CSVExporter(wedding: wedding, spreadsheetSafe: !raw, progress: progress.handler)
        let data: Data
        switch (kind, format) {
        case (.guests, .csv):
            data = try csv.guests(try await repositories.guests.fetchGuests(in: id))
        case (.guests, .json):
            let records = try await repositories.guests.fetchGuests(in: id)
            data = try JSONExporter.export(records)
        case (.vendors, .csv):
            data = try csv.vendors(try await repositories.vendors.fetchVendors(in: id),
                                   categories: try await repositories.budget.fetchCategories(in: id))
        case (.vendors, .json):
            let records = try await repositories.vendors.fetchVendors(in: id)
            data = try JSONExporter.export(records)
        case (.expenses, .csv):
            data = try csv.expenses(try await repositories.budget.fetchExpenses(in: id),
                                    categories: try await repositories.budget.fetchCategories(in: id),
                                    vendors: try await repositories.vendors.fetchVendors(in: id))
        case (.expenses, .json):
            let records = try await repositories.budget.fetchExpenses(in: id)
            data = try JSONExporter.export(records)
        case (.tasks, .csv):
            data = try csv.tasks(try await repositories.tasks.fetchTasks(in: id),
                                 categories: try await repositories.budget.fetchCategories(in: id),
                                 vendors: try await repositories.vendors.fetchVendors(in: id))
        case (.tasks, .json):
            let records = try await repositories.tasks.fetchTasks(in: id)
            data = try JSONExporter.export(records)
        }
        return data
    }
}
