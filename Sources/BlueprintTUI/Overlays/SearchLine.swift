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
        switch host.keymap.resolve(key, in: .search) {
        case .action(.submit):
            host.dismiss(self)
            let matches = target.searchMatches
            if !field.text.isEmpty {
                let moves = host.keymap.hints([(.nextMatch, "next"), (.previousMatch, "previous")], in: .list, separator: ", ")
                host.report(matches.isEmpty ? "No match for “\(field.text)”"
                                : matches.countDescription + (moves.isEmpty ? "" : " · " + moves),
                            severity: matches.isEmpty ? .warning : .info)
            }
        case .action(.cancel):
            target.searchText = previousText
            if let startRow { target.selectRow(startRow) }
            host.dismiss(self)
        default:
            guard field.handle(key, keymap: host.keymap) else { return }
            target.searchText = field.text
            if let match = target.searchMatches.next(after: startRow.map { $0 - 1 }) { target.selectRow(match) }
        }
    }
}

extension SearchMatches {
    /// "no match", "1 match", "12 matches".
    var countDescription: String {
        isEmpty ? "no match" : CountPhrase.of(count, "match")
    }
}
