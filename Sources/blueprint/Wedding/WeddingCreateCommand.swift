import ArgumentParser
import BlueprintDomain
import BlueprintInterchange
import BlueprintText
import Foundation

/// `blueprint wedding create NAME`: a new, empty wedding.
struct WeddingCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an empty wedding and print its name and id.",
        discussion: """
            NAME must differ (ignoring case) from every other wedding's, so that --wedding NAME \
            always picks one. Nothing is created if any value is wrong; every problem is listed.
            """
    )

    @OptionGroup var data: DataDirectoryOptions
    @Argument(help: ArgumentHelp("The wedding's display name, such as \"Ana & Ben\".", valueName: "name")) var name: String
    @Option(help: ArgumentHelp("The wedding day (a day already past is allowed, with a warning).", valueName: "yyyy-mm-dd"))
    var date: String?
    @Option(name: .customLong("rsvp-by"), help: ArgumentHelp("The RSVP deadline.", valueName: "yyyy-mm-dd")) var rsvpBy: String?
    @Option(help: ArgumentHelp(
        "The currency of every amount (ISO 4217; default: the configuration file's currency, else USD).", valueName: "code"))
    var currency: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The total budget, in the currency (such as 25000 or 25,000.00).", valueName: "amount"))
    var budget: String?
    @Option(name: .customLong("partner1"), help: ArgumentHelp("The first partner's name (guests' sides are named after the partners).",
                                                             valueName: "name"))
    var partner1: String?
    @Option(name: .customLong("partner2"), help: ArgumentHelp("The second partner's name.", valueName: "name"))
    var partner2: String?
    @Flag(help: "Add the planning checklist: 51 tasks due at set times before --date (12 months: budget, guest list, venue; 9: photographer, caterer, officiant; 6: invitations, attire; 3: tasting, rings; 1: final headcount, seating, payments; the week of: confirmations, run sheet). Tasks whose time has passed are due today.")
    var checklist = false
    @Option(name: .customLong("checklist-file"), help: ArgumentHelp(
        "Add the checklist from this CSV instead (columns key, due, title, priority, details, as in Resources/checklist.csv).",
        valueName: "file"), completion: .file(extensions: ["csv"]))
    var checklistFile: String?

    /// The option or argument each field of a `WeddingDraft` comes from, for error messages.
    static let sources = ["name": "NAME", "partner1Name": "--partner1", "partner2Name": "--partner2", "date": "--date",
                          "rsvpDeadline": "--rsvp-by", "currency": "--currency", "budget": "--budget", "checklist": "--checklist"]

    func run() async throws {
        let draft = WeddingDraft(name: name, partner1Name: partner1 ?? "", partner2Name: partner2 ?? "", date: date ?? "",
                                 rsvpDeadline: rsvpBy ?? "", currency: currency ?? WeddingDefaults.currency(environment: ProcessInfo.processInfo.environment).code,
                                 budget: budget ?? "")
        let template = try checklistTemplate()
        let opened = try await data.open()
        let repositories = opened.repositories
        let existing = try await repositories.weddings.fetchWeddings()
        let dataset: WeddingDataset
        do {
            dataset = try draft.dataset(among: existing, checklist: template, today: .today)
        } catch {
            guard case .invalid(_, let issues) = error else { throw error }
            throw CommandFailure("no wedding created:\n" + issues.map { "  \(Self.sources[$0.field] ?? $0.field): \($0.message)" }
                .joined(separator: "\n"))
        }
        let created = try await repositories.weddings.createWedding(from: dataset)
        await opened.close()
        let checklistNote = dataset.tasks.isEmpty ? "" : " with " + CountPhrase.of(dataset.tasks.count, "checklist task")
        let warnings = draft.warnings(today: .today).map { "Warning: \(Self.sources[$0.field] ?? $0.field) \($0.message)." }
        try CommandOutput.print(TerminalSanitizer.sanitize(
            (["Created the wedding '\(created.name)' (id \(created.weddingID))\(checklistNote)."] + warnings).joined(separator: "\n")))
    }

    /// The checklist to add: the file named, the standard one, or none. A file that cannot be
    /// read or has a bad row stops everything before a wedding is created.
    private func checklistTemplate() throws -> ChecklistTemplate? {
        guard let checklistFile else { return checklist ? .standard : nil }
        do {
            return try ChecklistTemplate(csv: try InputFile.read(checklistFile), fileName: checklistFile)
        } catch let failure as InputFile.Failure {
            throw CommandFailure("no wedding created: --checklist-file: \(failure.description)")
        } catch {
            throw CommandFailure("no wedding created: --checklist-file:\n\(error)")
        }
    }
}
