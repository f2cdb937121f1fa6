import ArgumentParser
import BlueprintDomain
import BlueprintText
import Foundation

/// `blueprint`: the wedding planner. With no command it opens the full-screen planner.
@main
struct Blueprint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blueprint",
        abstract: "Plan a wedding in the terminal: guests, budget, vendors and tasks.",
        discussion: "This is \(BlueprintVersion.banner).",
        version: BlueprintVersion.banner,
        subcommands: [OpenCommand.self, WeddingCommand.self, DocCommand.self, ActivityCommand.self, DemoCommand.self,
                      ImportCommand.self, ExportCommand.self, StatsCommand.self, InviteCommand.self, ServeCommand.self, DatabaseCommand.self,
                      DoctorCommand.self, KeysCommand.self],
        defaultSubcommand: OpenCommand.self
    )

    /// Runs the command; every message, including errors that quote what a user or a CSV
    /// typed, passes through the terminal sanitiser. Errors go to stderr with a non-zero exit.
    static func main() async {
        if let position = ArgumentEncoding.firstInvalidArgument() {
            FileHandle.standardError.write(Data(("Error: argument \(position) is not UTF-8 text; blueprint reads arguments "
                + "(file names too) as UTF-8, so rename the file or pass a name in UTF-8\n").utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            let arguments = GlobalOptionPlacement.arrange(Array(CommandLine.arguments.dropFirst()), root: Blueprint.self)
            var command = try parseAsRoot(arguments)
            // The planner sets up its own log (it has --log-file); every other command logs to the
            // default file too, so a warning never lands on the terminal amid its output.
            if !(command is OpenCommand) {
                let environment = ProcessInfo.processInfo.environment
                _ = LogFile.bootstrap(path: LogFile.defaultPath(environment: environment), environment: environment)
            }
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = TerminalSanitizer.sanitizeLines(fullMessage(for: error))
            if code == .success {
                // Help or the version: nothing is left to report if even that cannot be written.
                try? CommandOutput.print(message)
            } else {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
