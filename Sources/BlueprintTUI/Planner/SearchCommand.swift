import BlueprintTerminal

/// `/`, `n` and `N` in a pane: opens the search line, or moves to the next or previous match.
@MainActor
enum SearchCommand {
    static func run(_ action: KeyAction, in pane: any Pane, host: any PlannerHost) {
        guard let target = pane.searchTarget else {
            return host.report("Nothing to search here", severity: .warning)
        }
        if action == .search {
            return host.present(SearchLine(target: target))
        }
        let matches = target.searchMatches
        guard !matches.query.isEmpty else {
            let start = host.keymap.hint(.search, in: pane.keyMode, "starts one")
            return host.report("No search" + (start.map { ": " + $0 } ?? ""), severity: .warning)
        }
        let row = action == .nextMatch ? matches.next(after: target.selectedRow) : matches.previous(before: target.selectedRow)
        guard let row else {
            return host.report("No match for “\(matches.query)”", severity: .warning)
        }
        target.selectRow(row)
        host.report("Match \(matches.position(of: row) ?? 0) of \(matches.count) for “\(matches.query)”")
    }
}
