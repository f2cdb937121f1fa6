import BlueprintStores
import BlueprintTerminal

/// What a pane shows before its store has data: "Loading guests…", or why loading failed.
@MainActor
enum LoadNotice {
    /// Draws the notice in `rect` if `store` has nothing to show yet (neither a load nor a
    /// preview); true if it drew one.
    static func render(_ store: DomainStore, noun: String, into canvas: any Canvas, rect: CanvasRect) -> Bool {
        guard store.lastLoadTime == nil, !store.isShowingPreview else { return false }
        let (text, style): (DisplayText, TextStyle) = switch store.loadState {
        case .failed(let error): (DisplayText("Could not load the \(noun): \(error)"), .danger)
        case .idle, .loading, .loaded: (DisplayText("Loading the \(noun)…"), .muted)
        }
        for (offset, line) in text.wrapped(toWidth: max(1, rect.columns - 2)).prefix(rect.rows).enumerated() {
            canvas.draw(line, row: rect.row + 1 + offset, column: rect.column + 1, style: style)
        }
        return true
    }
}
