import Foundation
import Glibc

/// The real `blueprint` running full-screen in a tmux pane of fixed size, on a private tmux
/// server (`tmux -L`), so tests type keys and read the screen as a user would.
///
/// The pane runs with `TERM=xterm-256color` and `LANG=C.UTF-8`; the server's status bar is off,
/// so the pane is the whole window. The pane's shell writes blueprint's exit status to a file
/// (tmux 3.3 can miss the exit of a process that ends while it starts a helper, so
/// `#{pane_dead_status}` is not reliable for a quick exit), then waits, so the pane and what
/// blueprint left on it stay. The server is killed when the session is deinitialised.
final class TmuxSession {
    /// Waiting for the screen failed: what was expected, what the screen showed last, and the
    /// end of the app's log (what it did meanwhile, to tell why from a single failed run).
    struct Timeout: Error, CustomStringConvertible {
        let expected: String
        let screen: String
        let log: String
        var description: String {
            "timed out waiting for \(expected); the screen showed:\n\(screen)\nthe log ended with:\n\(log)"
        }
    }

    let socket = "blueprint-e2e-\(UUID().uuidString.prefix(8))"
    let blueprint: BlueprintProcess
    private let folder: URL
    private let statusFile: URL

    /// Starts `blueprint arguments` in a `columns` × `rows` pane, in `directory` when given.
    /// `environment` adds to or overrides the pane's variables (`TERM`, say); with
    /// `honouringFileModes`, file permissions apply to it even as root (see `BlueprintProcess.run`).
    init(_ blueprint: BlueprintProcess, arguments: [String] = [], environment: [String: String] = [:],
         columns: Int = 100, rows: Int = 30, in directory: URL? = nil, honouringFileModes: Bool = false) throws {
        self.blueprint = blueprint
        folder = blueprint.dataDirectory.deletingLastPathComponent()
        let configuration = folder.appendingPathComponent("tmux-\(socket).conf")
        try "set -g status off\nset -g history-limit 0\n".write(to: configuration, atomically: true, encoding: .utf8)
        var variables = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "BLUEPRINT_DATA_DIR": blueprint.dataDirectory.path,
                         "XDG_STATE_HOME": folder.appendingPathComponent("state").path, "HOME": folder.path,
                         "XDG_CONFIG_HOME": blueprint.configurationHome.path]
        variables.merge(environment) { _, new in new }
        statusFile = folder.appendingPathComponent("status-\(socket)")
        let command = "env " + variables.sorted { $0.key < $1.key }.map { Self.quoted("\($0.key)=\($0.value)") }.joined(separator: " ")
            + " " + (BlueprintProcess.launcher(honouringFileModes: honouringFileModes) + arguments).map(Self.quoted).joined(separator: " ")
            + "; echo $? > " + Self.quoted(statusFile.path) + "; exec sleep 600"
        // The server forks from this first client: it must not inherit a pipe, or reading the
        // client's output would wait for the server to exit.
        let start = directory.map { ["-c", $0.path] } ?? []
        try tmux(["-f", configuration.path, "new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)"] + start + [command],
                 readsOutput: false)
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// The app's log: its default file under the pane's `XDG_STATE_HOME`.
    var logFile: URL { folder.appendingPathComponent("state/blueprint/blueprint.log") }

    /// Polls until the app's log holds `text`.
    func waitForLog(_ text: String, within limit: Duration = .seconds(15)) async throws {
        let deadline = ContinuousClock.now + limit
        while (try? String(contentsOf: logFile, encoding: .utf8))?.contains(text) != true {
            guard ContinuousClock.now < deadline else {
                throw Timeout(expected: "“\(text)” in \(logFile.path)", screen: try screen(), log: logTail())
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The last `lines` lines of the app's log.
    func logTail(_ lines: Int = 25) -> String {
        guard let text = try? String(contentsOf: logFile, encoding: .utf8) else { return "(no log at \(logFile.path))" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    /// Sends tmux key names: `Enter`, `Escape`, `Tab`, `BTab`, `Space`, `C-l`, `Up`, or single characters.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", text])
    }

    /// Sends `bytes` to the pane as they are, as a terminal would send a key's escape sequence
    /// (`"\u{1B}[4~"`), past tmux's own key names.
    func send(bytes: String) throws {
        try tmux(["send-keys", "-t", "main", "-H"] + bytes.utf8.map { String(format: "%02x", $0) })
    }

    /// The screen as text, one line per row.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"])
    }

    /// Polls the screen until `condition` holds, or throws `Timeout` after `limit`.
    @discardableResult
    func waitFor(_ expected: String, within limit: Duration = .seconds(15), _ condition: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + limit
        while true {
            let shown = try screen()
            if condition(shown) { return shown }
            guard ContinuousClock.now < deadline else { throw Timeout(expected: expected, screen: shown, log: logTail()) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Polls until the screen shows `text`.
    @discardableResult
    func waitFor(_ text: String, within limit: Duration = .seconds(15)) async throws -> String {
        try await waitFor("“\(text)”", within: limit) { $0.contains(text) }
    }

    /// Polls until blueprint has exited, and returns its exit status.
    func waitForExit(within limit: Duration = .seconds(15)) async throws -> Int32 {
        let deadline = ContinuousClock.now + limit
        while true {
            if let text = try? String(contentsOf: statusFile, encoding: .utf8),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            guard ContinuousClock.now < deadline else { throw Timeout(expected: "blueprint to exit", screen: try screen(), log: logTail()) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The blueprint process's id: the child of the pane's shell.
    func processID() throws -> pid_t {
        guard let shell = pid_t(try tmux(["display-message", "-p", "-t", "main", "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)) else { throw Timeout(expected: "a pane pid", screen: "", log: logTail()) }
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        guard let child = children.split(separator: " ").first.flatMap({ pid_t($0) }) else {
            throw Timeout(expected: "blueprint running under the pane's shell \(shell)", screen: try screen(), log: logTail())
        }
        return child
    }

    /// Whether the pane shows the alternate screen, which a full-screen program switches to and
    /// must switch back from when it ends (the sign that it restored the terminal).
    func showsAlternateScreen() throws -> Bool {
        try tmux(["display-message", "-p", "-t", "main", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Resizes the window, as a user dragging the terminal's corner would.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Ends the tmux server: the pane's terminal hangs up, as when an ssh connection drops.
    func killServer() throws { try tmux(["kill-server"]) }

    /// Whether process `pid` is gone (a zombie waiting for a parent that never reaps counts as gone).
    static func isGone(_ pid: pid_t) -> Bool {
        if kill(pid, 0) != 0 && errno == ESRCH { return true }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    @discardableResult
    private func tmux(_ arguments: [String], readsOutput: Bool = true) throws -> String {
        try Subprocess.run(["tmux", "-L", socket] + arguments, readsOutput: readsOutput).output
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
