import Foundation
import Testing

/// Overlays opened and closed over wide characters leave the terminal showing exactly what a
/// full repaint shows. The in-memory canvas cannot see this: it is ncurses' idea of the screen
/// against the terminal's, so it is checked on a real terminal (tmux), cell for cell.
@Suite("wide characters under overlays, in tmux")
struct WideCharacterOverlayTests {
    /// Guests and vendors whose texts are wide characters (CJK, and an emoji) from edge to edge
    /// of their columns, every other row one column to the right, so that between the panes
    /// every overlay's borders cut a wide character in half (tasks are added in the planner).
    private func weddingOfWideNames() throws -> BlueprintProcess {
        let blueprint = try BlueprintProcess.withTemporaryDataDirectory()
        #expect(try blueprint.run(["wedding", "create", "Aiko & Ken"]).status == 0)
        let given = ["健二", "花子", "太郎", "美咲", "翔太", "陽菜"], family = ["山本", "佐藤", "鈴木", "高橋", "田中", "伊藤"]
        var guests = "First Name,Last Name,Household,Plus One Allowed,Plus One Name\n"
        var vendors = "Vendor Name,Contact Name,Phone Number,Email,Vendor Type\n"
        for row in 0..<24 {
            let shift = row.isMultiple(of: 2) ? "" : "a"
            let first = given[(row / 2) % given.count], last = family[(row / 2) % family.count]
            let wide = { (word: String, count: Int) in shift + (row % 4 == 1 ? "🎉" : "") + String(repeating: word, count: count) }
            guests += "\(wide(first, 8)),\(last),\(wide(last, 6)),Yes,\(wide("愛子", 5))\n"
            vendors += "\(shift)\(first)\(row)\(wide(last, 6)),\(wide(first, 4)),\(wide("電話", 4)),\(wide(last, 5))@例え例え.jp,Venue\n"
        }
        for (kind, csv) in [("guests", guests), ("vendors", vendors)] {
            let imported = try blueprint.run(["import", kind, try blueprint.file(named: "\(kind).csv", csv)])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        return blueprint
    }

    /// Adds tasks whose titles and assignees are wide characters, through the task form (tasks
    /// do not import): the assignees fill the columns the other panes leave narrow.
    private func addWideTasks(_ tmux: TmuxSession) async throws {
        try tmux.press("4")
        try await tmux.waitFor(" TASKS ")
        for (number, shift) in ["", "a"].enumerated() {
            try tmux.press("a")
            try await tmux.waitFor("┌─ New task ─")
            try tmux.type("\(shift)式場式場式場式場式場式場式場式場式場\(number)")
            try tmux.press("Tab", "Tab", "Tab", "Tab", "Tab")
            try tmux.type("\(shift)山本山本山本山本山本山本山本山本山本山本")
            try tmux.press("Enter")
            // The new task shows at once; the form closes when its write has returned, and keys
            // pressed before that are typed into it.
            let count = number == 0 ? "1 task" : "\(number + 1) tasks"
            try await tmux.waitFor("\(count), the form closed") { $0.contains(count) && !$0.contains("┌─ New task") }
        }
    }

    /// The screen once it has stopped changing (for 300 ms: keys may wait behind a loaded machine).
    private func settled(_ tmux: TmuxSession) async throws -> String {
        var last = try tmux.screen()
        while true {
            try await Task.sleep(for: .milliseconds(300))
            let now = try tmux.screen()
            if now == last { return now }
            last = now
        }
    }

    /// The screen as shown, checked against what Ctrl-L repaints from scratch; returns it.
    @discardableResult
    private func expectMatchesRepaint(_ tmux: TmuxSession, _ what: String) async throws -> String {
        let shown = try await settled(tmux)
        try tmux.press("C-l")
        let repainted = try await settled(tmux)
        let differing = zip(shown.split(separator: "\n", omittingEmptySubsequences: false),
                            repainted.split(separator: "\n", omittingEmptySubsequences: false))
            .enumerated().filter { $0.element.0 != $0.element.1 }
            .map { "row \($0.offset):\n  shown     \($0.element.0)\n  repainted \($0.element.1)" }
        #expect(shown == repainted, "\(what): the terminal differs from a full repaint\n\(differing.joined(separator: "\n"))")
        return repainted
    }

    /// Every overlay: the key that opens it and a text it shows; Esc closes each.
    static let overlays: [(name: String, open: String, shows: String)] = [
        ("add form", "a", "┌─ New "),
        ("edit form", "e", "┌─ Edit "),
        ("details", "Enter", " closes ─┘"),
        ("help", "?", "┌─ Keys "),
        ("delete confirmation", "d", "┌─ Delete "),
        ("filter", "f", "┌─ Filter "),
        ("diagnostics", "!", "┌─ Diagnostics "),
        ("command line", ":", "\n:"),
    ]

    @Test("each overlay over wide characters, open and closed again, matches a full repaint cell for cell",
          arguments: ["screen", "xterm-256color"])
    func overlaysOverWideCharacters(term: String) async throws {
        let blueprint = try weddingOfWideNames()
        let tmux = try TmuxSession(blueprint, environment: ["TERM": term])
        try await tmux.waitFor("24 guests")
        try await addWideTasks(tmux)
        var straddled: [String: Set<String>] = [:]
        for (pane, mode) in [("1", " GUESTS "), ("3", " VENDORS "), ("4", " TASKS ")] {
            try tmux.press(pane)
            try await tmux.waitFor(mode)
            try tmux.press("j", "j", "j")
            let before = try await expectMatchesRepaint(tmux, "\(mode) list")
            for overlay in Self.overlays {
                try tmux.press(overlay.open)
                let open = try await tmux.waitFor(overlay.shows)
                straddled[overlay.name, default: []].formUnion(ScreenCells.straddledEdges(before: before, open: open))
                try await expectMatchesRepaint(tmux, "\(mode) \(overlay.name) open")
                try tmux.press("Escape")
                // Escape is told from an escape sequence by a pause: wait for the overlay to go.
                try await tmux.waitFor("\(overlay.name) closed") { !$0.contains(overlay.shows) }
                let closed = try await expectMatchesRepaint(tmux, "\(mode) \(overlay.name) closed")
                #expect(closed == before, "\(mode) \(overlay.name) closed: the list is not as it was")
            }
        }
        for overlay in Self.overlays where overlay.name != "command line" {
            #expect(straddled[overlay.name] == ["left", "right"],
                    "the test data put no wide character across the \(overlay.name)'s borders: \(straddled[overlay.name] ?? [])")
        }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}

/// Reading `capture-pane` text as terminal cells.
enum ScreenCells {
    /// Whether `scalar` takes two columns (the CJK, Hangul, full-width and emoji blocks the tests use).
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD: true
        default: false
        }
    }

    /// The columns where a wide character starts on `line`.
    static func wideStarts(_ line: Substring) -> Set<Int> {
        var column = 0
        var starts: Set<Int> = []
        for scalar in line.unicodeScalars {
            if isWide(scalar) {
                starts.insert(column)
                column += 2
            } else {
                column += 1
            }
        }
        return starts
    }

    /// The column of the first `character` on `line`, counted in cells.
    static func column(of character: Character, in line: Substring) -> Int? {
        guard let index = line.firstIndex(of: character) else { return nil }
        return line[..<index].unicodeScalars.reduce(0) { $0 + (isWide($1) ? 2 : 1) }
    }

    /// Which of the box's borders in `open` ("left", "right") had a wide character of `before`
    /// across them: half under the border, half outside the box.
    static func straddledEdges(before: String, open: String) -> Set<String> {
        let shown = open.split(separator: "\n", omittingEmptySubsequences: false)
        let under = before.split(separator: "\n", omittingEmptySubsequences: false)
        guard let top = shown.firstIndex(where: { $0.contains("┌") }),
              let left = column(of: "┌", in: shown[top]), let right = column(of: "┐", in: shown[top]) else { return [] }
        let bottom = shown[top...].firstIndex(where: { $0.contains("└") }) ?? shown.count - 1
        var edges: Set<String> = []
        for row in top...bottom where row < under.count {
            let starts = wideStarts(under[row])
            if starts.contains(left - 1) { edges.insert("left") }
            if starts.contains(right) { edges.insert("right") }
        }
        return edges
    }
}
