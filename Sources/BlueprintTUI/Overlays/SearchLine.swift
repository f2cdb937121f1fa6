import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// The `/` line over the status line. The search runs as you type and the selection jumps to
/// the first match from where it was; Enter keeps the search for `n` / `N`, Esc drops it and
/// goes back.
@MainActor
final class SearchLine: Overlay {
    private var field: TextField
    private let target: any SearchTarget
    private let previousText: String
    private let startRow: Int?

    init(target: any SearchTarget) {
        self.target = target
        previousText = target.searchText
        startRow = target.selectedRow
        field = TextField(target.searchText)
    }

    var keyMode: KeyMode { .search }
    var modeName: String { "SEARCH" }

    func render(into canvas: any Canvas, keymap: Keymap) {
        let row = canvas.size.rows - 1
        let matches = target.searchMatches
        let count: DisplayText = field.text.isEmpty ? .empty : DisplayText(matches.countDescription)
        canvas.fill(CanvasRect(row: row, column: 0, rows: 1, columns: canvas.size.columns))
        canvas.draw("/", row: row, column: 0, style: .accent)
        let width = max(1, canvas.size.columns - 2 - count.width - 1)
        field.render(into: canvas, row: row, column: 1, width: width, focused: true)
        canvas.draw(count, row: row, column: canvas.size.columns - count.width - 1,
                    style: matches.isEmpty && !field.text.isEmpty ? .warning : .muted)
    }

    func handle(_ key: Key, host: any PlannerHost) {
        if case .action(let action) = host.keymap.resolve(key, in: .search),
           Self.keyCommands.perform(action, in: .search, on: self, host: host) { return }
        guard field.handle(key, keymap: host.keymap) else { return }
        target.searchText = field.text
        if let match = target.searchMatches.next(after: startRow.map { $0 - 1 }) { target.selectRow(match) }
    }
}

extension SearchLine {
    /// The search line's keys; other keys edit the search (`TextField.keyCommands`).
    nonisolated static let keyCommands: [PlannerKeyCommand<SearchLine>] = [
        HandledKeyCommand(.search, [.enter], .submit, "Keep the search, to step through its matches") { line, host in
            host.dismiss(line)
            let matches = line.target.searchMatches
            guard !line.field.text.isEmpty else { return true }
            let moves = host.keymap.hints([(.nextMatch, "next"), (.previousMatch, "previous")], in: .list, separator: ", ")
            host.report(matches.isEmpty ? "No match for “\(line.field.text)”" : matches.countDescription + (moves.isEmpty ? "" : " · " + moves),
                        severity: matches.isEmpty ? .warning : .info)
            return true
        },
        HandledKeyCommand(.search, [.escape], .cancel, "Drop the search") { line, host in
            line.target.searchText = line.previousText
            if let startRow = line.startRow { line.target.selectRow(startRow) }
            host.dismiss(line)
            return true
        },
    ]
}

extension SearchMatches {
    /// "no match", "1 match", "12 matches".
    var countDescription: String {
        isEmpty ? "no match" : CountPhrase.of(count, "match")
    }
}
