import ArgumentParser
import BlueprintDemo
import BlueprintDomain
import BlueprintStorage
import BlueprintText
import Foundation

/// `blueprint demo`: creates a realistic, deterministic demo wedding.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create a demo wedding with believable guests, budget, vendors and tasks, and print its name."
    )

    @OptionGroup var data: DataDirectoryOptions
    @Option(help: "The wedding's display name (default: the partners' names).") var name: String?
    @Option(parsing: .unconditional, help: "How many guests.") var guests = defaults.guests
    @Option(parsing: .unconditional, help: "How many vendors.") var vendors = defaults.vendors
    @Option(parsing: .unconditional, help: "How many tasks.") var tasks = defaults.tasks
    @Option(parsing: .unconditional, help: "How many expenses.") var expenses = defaults.expenses
    @Option(parsing: .unconditional, help: "The random seed: the same seed makes the same wedding.") var seed = defaults.seed

    private static let defaults = DemoWeddingOptions(today: .today)

    private var options: DemoWeddingOptions {
        DemoWeddingOptions(today: .today, name: name, guests: guests, vendors: vendors, tasks: tasks,
                           expenses: expenses, seed: seed)
    }

    func validate() throws {
        let issues = options.validationIssues
        guard issues.isEmpty else {
            throw ValidationError(issues.map { "--\($0.field): \($0.message)" }.joined(separator: "\n"))
        }
    }

    func run() async throws {
        let opened = try await data.open()
        let repositories = opened.repositories
        let wedding: Wedding
        do {
            wedding = try await repositories.weddings.createDemoWedding(options, documents: repositories.documents)
        } catch let error as DemoWeddingOptionsError {
            throw CommandFailure("no demo wedding created:\n" + error.issues.map { "  --\($0.field): \($0.message)" }
                .joined(separator: "\n"))
        }
        await opened.close()
        try CommandOutput.print(TerminalSanitizer.sanitize(wedding.name))
    }
}
