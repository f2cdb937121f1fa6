import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// A seating suggestion shown before anything changes: which guests go to which table, and what
/// could not be done, each wrapped onto as many rows as it needs (a reason is never cut). Enter
/// accepts the suggestion shown (one undo step), Esc drops it. When the guests, tables or rules
/// change while it is open (another session, a command), it suggests again and says so, so Enter
/// never seats guests by a chart that is gone.
@MainActor
final class SeatingPreviewOverlay: Overlay {
    private let seating: SeatingStore
    /// The chart the suggestion shown was made from.
    private var chart: SeatingChart
    private var suggestion: SeatingSuggestion
    private var lines: [DetailOverlay.Line]
    /// Whether the suggestion was made again since the preview opened.
    private var suggestedAgain = false
    private let onAccept: @MainActor (SeatingSuggestion) -> Void
    private var scrollOffset = 0
    private var viewportRows = 1
    /// Rows the lines took when last drawn, wrapped to the box.
    private var drawnRows = 0

    /// The suggestion for `seating`'s chart; Enter hands the one shown to `onAccept`.
    init(seating: SeatingStore, onAccept: @escaping @MainActor (SeatingSuggestion) -> Void) {
        self.seating = seating
        chart = seating.chart
        suggestion = seating.suggestion()
        lines = Self.lines(suggestion, chart: chart)
        self.onAccept = onAccept
    }

    /// Suggests again if the chart changed since the suggestion shown was made.
    private func follow() {
        let latest = seating.chart
        guard latest != chart else { return }
        chart = latest
        suggestion = seating.suggestion()
        lines = Self.lines(suggestion, chart: chart)
        suggestedAgain = true
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
        follow()
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
        if suggestedAgain {
            canvas.draw("Suggested again: the guests or tables changed", row: box.row + 1, column: box.column + 2,
                        width: box.columns - 4, style: .warning)
        }
        let x = box.column + 2
        for (offset, line) in rows.dropFirst(scrollOffset).prefix(viewportRows).enumerated() {
            let row = box.row + 2 + offset
            canvas.draw(line.label, row: row, column: x, width: labelWidth, alignment: .right, style: .muted)
            canvas.draw(line.value, row: row, column: x + labelWidth + 2, width: valueWidth, style: line.style)
        }
    }

    func handle(_ key: Key, host: any PlannerHost) {
        guard case .action(let action) = host.keymap.resolve(key, in: .preview) else { return }
        _ = Self.keyCommands.perform(action, in: .preview, on: self, host: host)
    }
}

extension SeatingPreviewOverlay {
    /// The preview's keys.
    nonisolated static let keyCommands: [PlannerKeyCommand<SeatingPreviewOverlay>] = [
        HandledKeyCommand(.preview, [.enter], .submit, "Accept: make these changes (one undo step)") { preview, host in
            host.dismiss(preview)
            preview.onAccept(preview.suggestion)
            return true
        },
        HandledKeyCommand(.preview, [.escape, .character("q")], .cancel, "Drop the preview") { preview, host in
            host.dismiss(preview)
            host.report("Suggestion dropped")
            return true
        },
        HandledKeyCommand(.preview, [.character("k"), .up], .moveUp, "Scroll up") { preview, _ in
            preview.scrollOffset = max(0, preview.scrollOffset - 1)
            return true
        },
        HandledKeyCommand(.preview, [.character("j"), .down], .moveDown, "Scroll down") { preview, _ in
            preview.scrollOffset = min(preview.scrollOffset + 1, max(0, preview.drawnRows - preview.viewportRows))
            return true
        },
    ]
}
