import BlueprintDomain
import BlueprintTerminal

/// A seating suggestion shown before anything changes: which guests go to which table, and what
/// could not be done, each wrapped onto as many rows as it needs (a reason is never cut). Enter
/// accepts (one undo step), Esc drops it.
@MainActor
final class SeatingPreviewOverlay: Overlay {
    private let lines: [DetailOverlay.Line]
    private let onAccept: @MainActor () -> Void
    private var scrollOffset = 0
    private var viewportRows = 1
    /// Rows the lines took when last drawn, wrapped to the box.
    private var drawnRows = 0

    init(_ suggestion: SeatingSuggestion, chart: SeatingChart, onAccept: @escaping @MainActor () -> Void) {
        lines = Self.lines(suggestion, chart: chart)
        self.onAccept = onAccept
    }

    var keyMode: KeyMode { .preview }
    var modeName: String { "PREVIEW" }

    /// A line per table the suggestion seats guests at, then one per problem.
    static func lines(_ suggestion: SeatingSuggestion, chart: SeatingChart) -> [DetailOverlay.Line] {
        var lines: [DetailOverlay.Line] = []
        var byTable: [(table: Int, guests: [Guest])] = []
        for move in suggestion.moves {
            if byTable.last?.table == move.table { byTable[byTable.count - 1].guests.append(move.guest) } else {
                byTable.append((move.table, [move.guest]))
            }
        }
        for (table, guests) in byTable {
            let title = chart.table(table)?.title ?? "Table \(table)"
            lines.append(DetailOverlay.Line(label: title, value: guests.map { $0.fullName + ($0.headcount > 1 ? " (+1)" : "") }
                .joined(separator: ", ")))
        }
        if suggestion.moves.isEmpty { lines.append(DetailOverlay.Line(label: "", value: "Nobody to seat.", style: .muted)) }
        for problem in suggestion.problems {
            lines.append(DetailOverlay.Line(label: "Not done", value: problem.message, style: .warning))
        }
        return lines
    }

    func render(into canvas: any Canvas, keymap: Keymap) {
        let screen = CanvasRect(canvas.size)
        let columns = min(screen.columns - 4, 96)
        let labelWidth = min(24, lines.map { DisplayText($0.label).width }.max() ?? 0)
        let valueWidth = max(1, columns - labelWidth - 6)
        let rows = lines.flatMap { line in
            DisplayText(line.value).wrapped(toWidth: valueWidth).enumerated().map { index, value in
                (label: index == 0 ? DisplayText(line.label) : .empty, value: value, style: line.style)
            }
        }
        drawnRows = rows.count
        let box = screen.centered(rows: min(screen.rows - 2, rows.count + 4), columns: columns)
        viewportRows = max(1, box.rows - 4)
        scrollOffset = min(scrollOffset, max(0, rows.count - viewportRows))
        let hints = keymap.hints([(.submit, "accepts"), (.cancel, "drops")], in: .preview,
                                 more: scrollOffset + viewportRows < rows.count)
        BoxFrame.render(into: canvas, rect: box, title: "Suggested seats", footer: DisplayText(hints))
        let x = box.column + 2
        for (offset, line) in rows.dropFirst(scrollOffset).prefix(viewportRows).enumerated() {
            let row = box.row + 2 + offset
            canvas.draw(line.label, row: row, column: x, width: labelWidth, alignment: .right, style: .muted)
            canvas.draw(line.value, row: row, column: x + labelWidth + 2, width: valueWidth, style: line.style)
        }
    }

    func handle(_ key: Key, host: any PlannerHost) {
        guard case .action(let action) = host.keymap.resolve(key, in: .preview) else { return }
        switch action {
        case .cancel:
            host.dismiss(self)
            host.report("Suggestion dropped")
        case .submit:
            host.dismiss(self)
            onAccept()
        case .moveUp: scrollOffset = max(0, scrollOffset - 1)
        case .moveDown: scrollOffset = min(scrollOffset + 1, max(0, drawnRows - viewportRows))
        default: break
        }
    }
}
