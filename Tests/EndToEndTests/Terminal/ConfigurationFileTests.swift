import Foundation
import Testing

/// The configuration file, read by the real planner in tmux.
@Suite("blueprint's configuration file in tmux")
struct ConfigurationFileInTmuxTests {
    @Test("a rebound key works, help and the header's tab name it, and a bad line is reported in the status line and on stderr")
    func reboundKeyAndBadLine() async throws {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let made = try blueprint.run(["demo", "--name", "Ana & Ben", "--guests", "40", "--seed", "7"])
        #expect(made.status == 0, "\(made.stderr)")
        // HOME is this folder in the pane, so messages write the file as ~/config/blueprint/config.toml.
        let folder = blueprint.dataDirectory.deletingLastPathComponent()
        let configHome = folder.appendingPathComponent("config", isDirectory: true)
        try FileManager.default.createDirectory(at: configHome.appendingPathComponent("blueprint"), withIntermediateDirectories: true)
        try Data("""
            # a rebound key and a bad line
            theme = "sparkly"

            [keys.global]
            show-pane-2 = "B"
            """.utf8).write(to: configHome.appendingPathComponent("blueprint/config.toml"))

        let tmux = try TmuxSession(blueprint, environment: ["XDG_CONFIG_HOME": configHome.path])
        let first = try await tmux.waitFor("GUESTS │ 40 guests │ ~/config/blueprint/config.toml:2: unknown theme \"sparkly\"")
        #expect(first.hasPrefix("[0] Dashboard [1] Guests [B] Budget [3] [4] [5] [6] [7] [8]"), "\(first)")

        // 2 no longer shows the budget: help opens over the guests.
        try tmux.press("2", "?")
        let help = try await tmux.waitFor("HELP │ 40 guests")
        #expect(help.split(separator: "\n").contains { $0.contains("│  B ") && $0.contains("Show the budget") }, "\(help)")
        try tmux.press("Escape", "B")
        try await tmux.waitFor(" BUDGET │ ")

        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
        let after = try tmux.screen()
        #expect(after.contains("blueprint: ~/config/blueprint/config.toml:2: unknown theme \"sparkly\""), "\(after)")
        #expect(after.contains("blueprint: starting with the defaults for what is wrong"), "\(after)")
    }
}
