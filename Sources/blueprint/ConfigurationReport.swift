import BlueprintTUI
import Foundation
import Logging

extension PlannerSettings {
    /// Says what was wrong with the configuration file, before the full-screen interface takes
    /// the terminal: each problem on standard error (left on the screen once the planner
    /// quits) and in the log. Problem texts are sanitised where they are made.
    func reportProblems() {
        guard !problems.isEmpty else { return }
        let logger = Logger(label: "blueprint.configuration")
        var report = ""
        for problem in problems {
            report += "blueprint: \(problem)\n"
            logger.warning("configuration problem", metadata: ["problem": "\(problem)"])
        }
        report += "blueprint: starting with the defaults for what is wrong\n"
        FileHandle.standardError.write(Data(report.utf8))
    }
}
