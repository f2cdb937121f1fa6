import ArgumentParser

/// `blueprint`: the wedding planner's command line. Later issues make the TUI its default.
@main
struct Blueprint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blueprint",
        abstract: "Plan a wedding in the terminal: guests, budget, vendors and tasks.",
        subcommands: [DemoCommand.self, ImportCommand.self, ExportCommand.self, StatsCommand.self]
    )
}
