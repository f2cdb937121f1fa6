import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// One of the planner's panes (dashboard, guests, budget, vendors, tasks, timeline): it draws its
/// part of the screen and handles the keys of its mode; the planner screen handles the global ones.
@MainActor
protocol Pane: AnyObject {
    /// The mode keys are resolved in (it changes with the pane's view: the seating chart has its own).
    var keyMode: KeyMode { get }
    /// The mode shown at the left of the status line ("GUESTS", "SEATING").
    var modeName: String { get }
    /// The store whose changes `u` takes back (the dashboard's: the wedding's settings); `nil` for a pane that changes nothing.
    var store: DomainStore? { get }
    /// What the pane shows, for the status line: active filters and counts.
    var statusContext: String { get }
    /// What `/`, `n` and `N` search in the current view; nil where there is nothing to search.
    var searchTarget: (any SearchTarget)? { get }
    /// Draws the pane in `rect`; its key hints (in an empty list, say) name `keymap`'s keys.
    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap)
    /// Handles an action of the pane's mode; false if it does nothing here.
    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool
    /// A click (selects the row under it) or wheel step (scrolls) over the pane, when mouse
    /// input is on; false if nothing there takes it.
    func handle(_ mouse: MouseEvent) -> Bool
    /// Shows `destination` (selects the record, sets the view and filter that show it); false if
    /// it is not this pane's to show, or no longer there.
    func reveal(_ destination: Destination, host: any PlannerHost) -> Bool
    /// What the note key writes a note on: the selected record, or the wedding; `nil` where
    /// there is nothing to write on (an empty list).
    var noteSubject: RecordSubject? { get }
}

extension Pane {
    func reveal(_ destination: Destination, host: any PlannerHost) -> Bool { false }
    var noteSubject: RecordSubject? { nil }
}

extension Pane {
    /// What the status line says of the pane: `statusContext`, then a search kept with Enter
    /// and its matches (`7 guests · /en (3 matches)`).
    var statusSummary: String {
        guard let target = searchTarget, !target.searchText.isEmpty else { return statusContext }
        return statusContext + " · /\(target.searchText) (\(target.searchMatches.countDescription))"
    }
}

/// A list the `/` search runs over: the store's search text and matches, and the pane's selection.
@MainActor
protocol SearchTarget: AnyObject {
    var searchText: String { get set }
    var searchMatches: SearchMatches { get }
    var selectedRow: Int? { get }
    func selectRow(_ row: Int)
}
