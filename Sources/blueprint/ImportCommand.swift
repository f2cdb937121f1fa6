import ArgumentParser
import BlueprintDomain
import BlueprintInterchange
import BlueprintText
import Foundation

/// `blueprint import`: guests, vendors or expenses from a CSV file or an `.xlsx` sheet, a folder
/// of them (`all`), or a whole wedding from an archive; all or nothing.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import guests, vendors or expenses from a CSV file or an .xlsx workbook, a folder of them, or a whole wedding.",
        discussion: """
            Any bad row rejects the whole file: every problem is listed with its line and column \
            (for a workbook, its cell, such as Sheet1!C4), and nothing is written. --dry-run reports \
            what would change without writing. A workbook is read from its first sheet unless --sheet names one. \
            A file exported from another wedding imports as it is: budget categories the wedding lacks are \
            created, "Invited By" naming neither partner reads as both (the report lists both), and meal \
            options the wedding lacks are listed and added with --add-meal-options (refused without it). \
            A .json file is read as `export --format json` writes it, installments and allocations included; \
            a record keeps its id unless the wedding has it already. \
            categories FILE.json adds the budget categories `export categories` wrote that the wedding lacks (by \
            name), so JSON vendors and expenses imported with them follow them. all DIR reads categories.json and \
            vendors, expenses and guests (.csv, .xlsx or .json) from the folder, vendors before the expenses that \
            name them, in one write. wedding FILE makes a new wedding from a file that \
            `export wedding` wrote, every record as it was; refused if the wedding (its id) is there already \
            unless --new-id is given.
            """
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case guests, vendors, expenses, categories, all, wedding
    }

    @OptionGroup var options: WeddingOptions
    @Argument(help: "What to import: guests, vendors, expenses or categories (a file), all (a folder) or wedding (an archive).")
    var kind: Kind
    @Argument(help: "The CSV file or .xlsx workbook; the folder for all; the archive for wedding.",
              completion: .file(extensions: ["csv", "xlsx", "json"])) var file: String
    @Option(help: "The sheet of an .xlsx workbook to read (default: the first).") var sheet: String?
    @Flag(help: "Report what would change; write nothing.") var dryRun = false
    @Option(help: "add: every row is new. merge: rows matching an existing record (by email, else by name) update it.")
    var mode: CSVImportMode = .addOnly
    @Flag(name: .customLong("add-meal-options"), help: "Add the meal options guests chose that the wedding lacks to its settings.")
    var addMealOptions = false
    @Flag(name: .customLong("new-id"), help: "wedding: give the imported wedding a new id, so it can sit beside the one it was exported from.")
    var newID = false

    func validate() throws {
        if newID, kind != .wedding { throw ValidationError("--new-id is only for import wedding") }
        if kind == .wedding, options.wedding != nil {
            throw ValidationError("--wedding does not apply to import wedding: the archive holds its own wedding")
        }
    }

    func run() async throws {
        if kind == .wedding {
            let archive = WeddingArchiveImport(data: options.data, newID: newID)
            try CommandOutput.print(TerminalSanitizer.sanitizeLines(try await archive.run(path: file, dryRun: dryRun)))
            return
        }
        let files = kind == .all ? try ImportFile.inFolder(file) : [ImportFile(kind: ImportFile.Kind(rawValue: kind.rawValue)!, path: file)]
        let progress = TransferProgress(subject: URL(fileURLWithPath: file).lastPathComponent)
        let lines = try await progress.around { try await importFiles(files, progress: progress) }
        try CommandOutput.print(TerminalSanitizer.sanitizeLines(lines.joined(separator: "\n")))
    }

    /// Plans every file and, unless this is a dry run, writes them all in one change; returns
    /// what to print.
    private func importFiles(_ files: [ImportFile], progress: TransferProgress) async throws -> [String] {
        let (data, wedding) = try await options.open()
        let id = wedding.weddingID
        let importer = CSVImporter(wedding: wedding, mode: mode, options: .betweenWeddings, progress: progress.handler)
        let plans = try await ImportPlans.plan(files, sheet: sheet, importer: importer, in: id, repositories: data.repositories)
        let missingMeals = plans.newMealOptions.isEmpty || addMealOptions ? nil
            : "meal options the wedding lacks: " + plans.newMealOptions.map { "\"\($0)\"" }.joined(separator: ", ")
            + " (it has " + wedding.mealOptions.joined(separator: ", ") + "); give --add-meal-options to add them"
        if dryRun { return plans.report + (missingMeals.map { ["the import would be refused: " + $0] } ?? []) }
        if let missingMeals { throw CommandFailure(missingMeals + "; nothing was imported") }
        progress.step("saving " + plans.saving)
        try await data.repositories.importAll(plans.write(wedding: wedding), in: id)
        return plans.summaries
    }
}

extension CSVImportMode: ExpressibleByArgument {}
