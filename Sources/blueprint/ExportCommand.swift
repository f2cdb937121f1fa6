import ArgumentParser
import BlueprintDomain
import BlueprintInterchange
import BlueprintStorage
import BlueprintText
import Foundation

/// `blueprint export`: one domain to CSV or JSON, the calendar to iCalendar, or the run sheet or
/// seating plan as a page to print; on standard output or into a file.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export guests, vendors, expenses or tasks as CSV or JSON, the calendar as iCalendar, "
            + "the run sheet or seating plan as a page to print, or the whole wedding.",
        discussion: "calendar: milestones and the run sheet as events, and tasks with a due date and payments still to "
            + "make as all-day events on their day (every calendar app shows these), or as to-dos with --todos (for apps "
            + "with a task list; Google Calendar ignores to-dos); importing a newer file into a calendar app updates its "
            + "entries instead of adding copies. runsheet and seating: HTML that prints on A4 or Letter (open it in a browser and print), "
            + "or Markdown. wedding: one JSON file holding every record of the wedding as stored (ids, versions, "
            + "creation times, order) and its documents' files, which `import wedding` turns back into the same "
            + "wedding: a backup, or a move between data directories and databases. all -o DIR writes vendors, expenses "
            + "and guests (and, as json, categories) into the folder, as `import all` reads them. "
            + "A --format the kind is not written in is refused, and nothing is written."
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case guests, vendors, expenses, tasks, categories, calendar, runsheet, seating, all, wedding

        /// The formats this kind is written in, its default first.
        var formats: [Format] {
            switch self {
            case .guests, .vendors, .expenses, .tasks, .all: [.csv, .json]
            case .categories, .wedding: [.json]
            case .calendar: [.ics]
            case .runsheet, .seating: [.html, .md]
            }
        }
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json, ics, html, md
    }

    @OptionGroup var options: WeddingOptions
    @Argument(help: "What to export: guests, vendors, expenses or tasks (csv or json), categories (json), calendar (ics), runsheet or seating (html or md), all (a folder of csv or json), wedding (json).")
    var kind: Kind
    @Option(help: "csv (re-importable, spreadsheet-friendly; the default) or json (every field) for guests, vendors, expenses and tasks; ics for calendar; html (the default) or md for runsheet and seating.")
    var format: Format?
    @Flag(help: "CSV: write every cell as stored, for scripts. Without it, a cell starting with = + - @ or a tab gets an apostrophe in front, so a spreadsheet shows it as text instead of running it (import takes the apostrophe off again).")
    var raw = false
    @Flag(help: "calendar: write tasks and payments as to-dos (VTODO) instead of all-day events.")
    var todos = false
    @Option(name: [.short, .customLong("output")],
            help: "Write to this file instead of standard output (- is standard output; for all: the folder).",
            completion: .file()) var output: String?
    @Flag(help: "Replace the output file (for all: the folder's files) if it exists; without it an existing file is kept and nothing is written.")
    var force = false

    /// The format to write: the one asked for, else the kind's default.
    private var chosenFormat: Format { format ?? kind.formats[0] }

    func validate() throws {
        if todos, kind != .calendar { throw ValidationError("--todos applies to calendar only") }
        if let format, !kind.formats.contains(format) {
            let formats = kind.formats.map(\.rawValue)
            throw ValidationError("--format \(format.rawValue) does not apply to \(kind.rawValue); "
                                  + (formats.count == 1 ? "it is written as \(formats[0])" : "use \(formats.joined(separator: " or "))"))
        }
        if kind == .all, output == nil || output == "-" {
            throw ValidationError("export all writes a folder of files: name it with -o DIR")
        }
    }

    /// What `export all` writes, in the order `import all` reads them back.
    private var allKinds: [Kind] { chosenFormat == .json ? [.categories, .vendors, .expenses, .guests] : [.vendors, .expenses, .guests] }

    func run() async throws {
        let progress = TransferProgress(subject: kind.rawValue)
        if kind == .all, let output {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let files = allKinds.map { ($0, OutputFile(path: output + "/" + $0.rawValue + "." + chosenFormat.rawValue, replacing: force)) }
            for (_, file) in files { try file.check() }
            let (weddings, wedding) = try await options.open()
            for (kind, file) in files {
                try file.write(try await progress.around { try await exportData(kind, from: weddings, wedding: wedding, progress: progress) })
            }
            return
        }
        let file = output.flatMap { $0 == "-" ? nil : OutputFile(path: $0, replacing: force) }
        try file?.check()
        let (weddings, wedding) = try await options.open()
        let data = try await progress.around { try await exportData(kind, from: weddings, wedding: wedding, progress: progress) }
        if let file {
            try file.write(data)
        } else if isatty(STDOUT_FILENO) == 1 {
            try CommandOutput.print(TerminalSanitizer.sanitizeLines(String(decoding: data, as: UTF8.self)), terminator: "")
        } else {
            try CommandOutput.write(data)
        }
    }

    /// The bytes of the file exporting `kind` writes.
    private func exportData(_ kind: Kind, from data: WeddingData, wedding: Wedding, progress: TransferProgress) async throws -> Data {
        let repositories = data.repositories
        let id = wedding.weddingID
        let csv = CSVExporter(wedding: wedding, spreadsheetSafe: !raw, progress: progress.handler)
        let json = chosenFormat == .json
        switch kind {
        case .guests:
            let records = try await repositories.guests.fetchGuests(in: id).records
            return json ? try JSONExporter.export(records) : try csv.guests(records)
        case .vendors:
            let records = try await repositories.vendors.fetchVendors(in: id).records
            return json ? try JSONExporter.export(records)
                : try csv.vendors(records, categories: try await repositories.budget.fetchCategories(in: id).records)
        case .expenses:
            let records = try await repositories.budget.fetchExpenses(in: id).records
            return json ? try JSONExporter.export(records)
                : try csv.expenses(records, categories: try await repositories.budget.fetchCategories(in: id).records,
                                   vendors: try await repositories.vendors.fetchVendors(in: id).records)
        case .categories:
            return try JSONExporter.export(try await repositories.budget.fetchCategories(in: id).records)
        case .all:
            preconditionFailure("export all writes each kind of its own")
        case .tasks:
            let records = try await repositories.tasks.fetchTasks(in: id).records
            return json ? try JSONExporter.export(records)
                : try csv.tasks(records, categories: try await repositories.budget.fetchCategories(in: id).records,
                                vendors: try await repositories.vendors.fetchVendors(in: id).records)
        case .calendar:
            async let milestones = repositories.records(Milestone.self).fetchAll(in: id).records
            async let runSheet = repositories.records(RunSheetItem.self).fetchAll(in: id).records
            async let tasks = repositories.tasks.fetchTasks(in: id).records
            async let expenses = repositories.budget.fetchExpenses(in: id).records
            async let vendors = repositories.vendors.fetchVendors(in: id).records
            return try WeddingCalendar(wedding: wedding, milestones: try await milestones, runSheet: try await runSheet,
                                       tasks: try await tasks, expenses: try await expenses, vendors: try await vendors,
                                       deadlines: todos ? .toDos : .events).data()
        case .runsheet:
            async let items = repositories.records(RunSheetItem.self).fetchAll(in: id).records
            async let vendors = repositories.vendors.fetchVendors(in: id).records
            return pageFormat.data(RunSheetPrintout(wedding: wedding, items: try await items, vendors: try await vendors).document)
        case .seating:
            async let guests = repositories.guests.fetchGuests(in: id).records
            async let tables = repositories.records(SeatingTable.self).fetchAll(in: id).records
            return pageFormat.data(SeatingPrintout(wedding: wedding, guests: try await guests, tables: try await tables).document)
        case .wedding:
            let dataset = try await data.host.read(id) { $0 }
            var files: [String: Data] = [:]
            for document in dataset.documents where files[document.sha256] == nil {
                let path = try await repositories.documents.localPath(of: document, in: id)
                files[document.sha256] = try InputFile.read(path)
            }
            return try WeddingArchive(dataset: dataset, documentFiles: files).data()
        }
    }

    /// The page format of a run sheet or seating plan (`validate` has refused all but html and md).
    private var pageFormat: PrintableFormat { chosenFormat == .md ? .markdown : .html }
}
