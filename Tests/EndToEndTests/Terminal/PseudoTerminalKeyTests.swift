import Foundation
import Glibc
import Testing

/// Keys sent as raw bytes on a plain pseudo-terminal, with no tmux between: what a terminal
/// emulator or an ssh session hands blueprint.
@Suite("keys on a plain pseudo-terminal")
struct PseudoTerminalKeyTests {
    /// A 40-guest demo wedding open on a plain pseudo-terminal with `TERM=term`.
    private func planner(term: String) async throws -> PseudoTerminal {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let made = try blueprint.run(["demo", "--name", "Ana & Ben", "--guests", "40", "--seed", "7"])
        #expect(made.status == 0, "\(made.stderr)")
        let terminal = try PseudoTerminal(blueprint, term: term)
        try await terminal.waitFor("40 guests")
        return terminal
    }

    @Test("Home and End in their xterm, tmux and rxvt forms edit a form's field; F1 in xterm and console forms opens help",
          arguments: KeySequenceTests.terminals)
    func formKeys(term: String) async throws {
        let terminal = try await planner(term: term)
        terminal.send("a")
        try await terminal.waitFor("New guest")
        terminal.send("Zed")
        for (sequence, typed) in [("\u{1B}[1~", "X"), ("\u{1B}[4~", "Y"), ("\u{1B}OH", "W"), ("\u{1B}OF", "V"), ("\u{1B}[7~", "U"),
                                  ("\u{1B}[8~", "T"), ("\u{1B}[H", "S"), ("\u{1B}[F", "R"), ("\u{1B}[99~\u{1B}[I", "Q")] {
            terminal.send(sequence + typed)
        }
        terminal.forgetOutput()
        terminal.send("\u{0C}")
        try await terminal.waitFor("SUWXZedYVTRQ")
        for help in ["\u{1B}OP", "\u{1B}[[A", "\u{1B}[11~"] {
            terminal.forgetOutput()
            terminal.send(help)
            try await terminal.waitFor("Keys")
            // Esc closes help; Ctrl-L then repaints the whole form, so its title is sent again.
            terminal.send("\u{1B}\u{0C}")
            try await terminal.waitFor("New guest")
        }
        terminal.send("\u{03}")
        try await terminal.waitFor("Quit and drop what you typed")
        terminal.send("\u{03}")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test("a key pressed after the window grows back from too small is not lost, though SIGWINCH has not been handled yet")
    func keyAfterGrowing() async throws {
        let terminal = try await planner(term: "xterm-256color")
        terminal.resize(columns: 40, rows: 10)
        terminal.signal(SIGWINCH)
        try await terminal.waitFor("Terminal too small")
        terminal.resize(columns: 100, rows: 30)
        terminal.forgetOutput()
        terminal.send("3")
        try await terminal.waitFor("VENDORS")
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
    }
}
