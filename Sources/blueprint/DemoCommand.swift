import ArgumentParser
import BlueprintDomain
import BlueprintStorage
import Foundation

/// `blueprint demo`: creates a realistic, deterministic demo wedding.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create a demo wedding with believable guests, budget, vendors and tasks, and print its name."
    )

    @OptionGroup var data: DataDirectoryOptions
    @Option(help: "The wedding's display name (default: the partners' names).") var name: String?
    @Option(help: "How many guests.") var guests = DemoWeddingOptions().guests
    @Option(help: "How many vendors.") var vendors = DemoWeddingOptions().vendors
    @Option(help: "How many tasks.") var tasks = DemoWeddingOptions().tasks
    @Option(help: "How many expenses.") var expenses = DemoWeddingOptions().expenses
    @Option(help: "The random seed: the same seed makes the same wedding.") var seed = DemoWeddingOptions().seed

    func validate() throws {
        for (flag, value) in [("--guests", guests), ("--vendors", vendors), ("--tasks", tasks), ("--expenses", expenses)]
            where value < 0 || value > 1_000_000 {
            throw ValidationError("\(flag) must be between 0 and 1000000 (got \(value))")
        }
    }

    func run() async throws {
        var options = DemoWeddingOptions()
        options.name = name
        options.guests = guests
        options.vendors = vendors
        options.tasks = tasks
        options.expenses = expenses
        options.seed = seed
        options.today = .today
        let dataset = DemoWeddingGenerator.make(options)
        let (store, repositories) = try data.open()
        let wedding = try await repositories.weddings.createWedding(from: dataset)
        try await store.close()
        print(TerminalSanitizer.sanitize(wedding.name))
    }
}
