import Foundation
import Testing

/// Home, End, Delete and the function keys, as tmux sends them whatever `TERM` inside says, and
/// the other common forms sent as raw bytes: each does what it says, and no escape sequence is
/// ever typed as text or taken for other keys.
@Suite("keys in tmux, whatever TERM says")
struct KeySequenceTests {
    static let terminals = ["xterm-256color", "screen-256color", "tmux-256color", "linux"]

    /// A data directory with a 40-guest demo wedding, open in tmux with `TERM=term`.
    private func planner(term: String) async throws -> TmuxSession {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        let made = try blueprint.run(["demo", "--name", "Ana & Ben", "--guests", "40", "--seed", "7"])
        #expect(made.status == 0, "\(made.stderr)")
        let tmux = try TmuxSession(blueprint, environment: ["TERM": term])
        try await tmux.waitFor("GUESTS │ 40 guests")
        return tmux
    }

    /// The list's first row (the selected guest), under its header.
    private func firstRow(_ screen: String) throws -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("Name ▲") })
        return lines[header + 1]
    }

    @Test("in a list End goes to the last row and Home to the first; Delete, F5 and F12 do nothing; F1 opens help",
          arguments: terminals)
    func list(term: String) async throws {
        let tmux = try await planner(term: term)
        let top = try firstRow(try tmux.screen())
        try tmux.press("End")
        try await tmux.waitFor("the last row, still in the guests") { !$0.contains(top) && $0.contains(" GUESTS │ 40 guests") }
        try tmux.press("Home")
        try await tmux.waitFor("the first row again") { $0.contains(top) }
        try tmux.press("DC", "F5", "F12", "IC", "PPage", "NPage", "Home", "F1")
        try await tmux.waitFor("┌─ Keys")
        try tmux.press("Escape")
        let after = try await tmux.waitFor("help closed") { !$0.contains("┌─ Keys") }
        #expect(after.contains(" GUESTS │ 40 guests"), "\(after)")
        #expect(try firstRow(after) == top)
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("in a form Home, End and Delete edit the field, F1 opens help, and Ctrl-C asks before dropping the edits",
          arguments: terminals)
    func form(term: String) async throws {
        let tmux = try await planner(term: term)
        try tmux.press("a")
        try await tmux.waitFor("┌─ New guest ─")
        try await tmux.waitFor("Enter save  Esc cancel  Tab next  F1 help")
        try tmux.type("Zed")
        try tmux.press("Home")
        try tmux.type("X")
        try tmux.press("End")
        try tmux.type("Y")
        try tmux.press("Home", "DC")
        try await tmux.waitFor("ZedY")
        try tmux.press("F1")
        try await tmux.waitFor("┌─ Keys")
        try tmux.press("Escape")
        let form = try await tmux.waitFor("the form again") { !$0.contains("┌─ Keys") && $0.contains("┌─ New guest ─") }
        #expect(form.contains("ZedY") && !form.contains("XZed") && !form.contains("~") && !form.contains("Discard"), "\(form)")
        try tmux.press("C-c")
        try await tmux.waitFor("Quit and drop what you typed in the form? (Ctrl-C again")
        try tmux.press("Escape")
        try await tmux.waitFor("the form, its text kept") { !$0.contains("Quit and drop") && $0.contains("ZedY") }
        try tmux.press("C-c")
        try await tmux.waitFor("Quit and drop what you typed")
        try tmux.press("C-c")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("the xterm, rxvt and Linux-console forms of Home, End and F1 work under any TERM; unknown sequences are swallowed",
          arguments: terminals)
    func rawSequences(term: String) async throws {
        let tmux = try await planner(term: term)
        try tmux.press("a")
        try await tmux.waitFor("┌─ New guest ─")
        try tmux.type("Zed")
        for (sequence, typed) in [("\u{1B}[7~", "X"), ("\u{1B}[8~", "Y"), ("\u{1B}[H", "V"), ("\u{1B}[F", "W"), ("\u{1B}OH", "T"),
                                  ("\u{1B}OF", "U"), ("\u{1B}[1~", "S"), ("\u{1B}[4~", "R")] {
            try tmux.send(bytes: sequence)
            try tmux.type(typed)
        }
        for unknown in ["\u{1B}[99~", "\u{1B}[<0;3;4M", "\u{1B}[200~", "\u{1B}[1;5H", "\u{1B}[3;9~", "\u{1B}[I", "\u{1B}O5E"] {
            try tmux.send(bytes: unknown)
        }
        try tmux.type("Q")
        let typed = try await tmux.waitFor("STVXZedYWURQ") { $0.contains("STVXZedYWURQ") }
        #expect(!typed.contains("Discard") && !typed.contains("~"), "\(typed)")
        try tmux.send(bytes: "\u{1B}[[A")
        try await tmux.waitFor("┌─ Keys")
        try tmux.press("Escape")
        try await tmux.waitFor("the form again") { !$0.contains("┌─ Keys") && $0.contains("STVXZedYWURQ") }
    }
}
