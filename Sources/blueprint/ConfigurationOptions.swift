import ArgumentParser
import BlueprintTUI
import Foundation
import Logging

/// `--config`, for the commands that read the configuration file.
struct ConfigurationOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp(
        "The configuration file (default: $XDG_CONFIG_HOME/blueprint/config.toml, else ~/.config/blueprint/config.toml).",
        valueName: "file"))
    var path: String?

    /// The settings the file gives, its problems reported (see `reportProblems`).
    func settings(environment: [String: String], defaultsUsed: String) -> PlannerSettings {
        let settings = PlannerSettings.load(path: path, environment: environment)
        settings.reportProblems(defaultsUsed: defaultsUsed)
        return settings
    }
}

extension PlannerSettings {
    /// Says what was wrong with the configuration file, before the full-screen interface takes
    /// the terminal: each problem on standard error (left on the screen once the planner
    /// quits) and in the log, then "blueprint: `defaultsUsed` for what is wrong". Problem texts
    /// are sanitised where they are made.
    func reportProblems(defaultsUsed: String) {
        guard !problems.isEmpty else { return }
        let logger = Logger(label: "blueprint.configuration")
        var report = ""
        for problem in problems {
            report += "blueprint: \(problem)\n"
            logger.warning("configuration problem", metadata: ["problem": "\(problem)"])
        }
        report += "blueprint: \(defaultsUsed) for what is wrong\n"
        FileHandle.standardError.write(Data(report.utf8))
    }
}
