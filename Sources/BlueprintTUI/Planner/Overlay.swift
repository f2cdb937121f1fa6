import BlueprintDomain
import BlueprintTerminal

/// Something drawn over the panes that takes the keys while it is open: a dialog, a form,
/// help, the details of a record, or a line (search, command) over the status line.
@MainActor
protocol Overlay: AnyObject {
    /// The keymap mode its keys are resolved in.
    var keyMode: KeyMode { get }
    /// The mode shown at the left of the status line ("FORM").
    var modeName: String { get }
    /// Draws the overlay over the frame drawn so far; its key hints name `keymap`'s keys.
    func render(into canvas: any Canvas, keymap: Keymap)
    /// Handles a key; the overlay dismisses itself through `host` when it is done.
    func handle(_ key: Key, host: any PlannerHost)
    /// Whether closing it would drop what the user typed (a form with edits): Ctrl-C asks first.
    var hasUnsavedEdits: Bool { get }
}

extension Overlay {
    var hasUnsavedEdits: Bool { false }
}

/// An overlay on one record (its form or its details): while it is open, this session tells the
/// others it is editing the record, and shows `notice` when another session is editing it too.
@MainActor
protocol RecordOverlay: Overlay {
    /// The record it is on; nil for a form that adds one.
    var subject: PresenceSubject? { get }
    /// A line for the top of the box ("Mei is editing this guest"); set by the planner before each frame.
    var notice: DisplayText { get set }
}
