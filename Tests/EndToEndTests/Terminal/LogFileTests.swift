import Foundation
import Glibc
import Testing

/// `--log-file` naming something that is not a file: the planner still opens at once, logs
/// nothing there, and says so.
@Suite("the planner's log file")
struct LogFileTests {
    @Test("a FIFO or the terminal itself as --log-file: the planner opens, says logging is off, and draws no log line",
          arguments: ["fifo", "/dev/tty"])
    func notAFile(target: String) async throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "5"]).status == 0)
        var path = target
        if target == "fifo" {
            path = blueprint.dataDirectory.deletingLastPathComponent().appendingPathComponent("log.fifo").path
            #expect(mkfifo(path, 0o600) == 0)
        }
        let tmux = try TmuxSession(blueprint, arguments: ["--log-file", path])
        let screen = try await tmux.waitFor("Logging is off")
        #expect(screen.contains(" GUESTS "), "\(screen)")
        #expect(!screen.contains("started"), "no log line on the screen: \(screen)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("/dev/null as --log-file logs nowhere, on purpose, without a note")
    func devNull() async throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["demo", "--guests", "5"]).status == 0)
        let tmux = try TmuxSession(blueprint, arguments: ["--log-file", "/dev/null"])
        let screen = try await tmux.waitFor(" GUESTS ")
        #expect(!screen.contains("Logging is off"), "\(screen)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
