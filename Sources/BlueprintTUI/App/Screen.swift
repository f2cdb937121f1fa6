import BlueprintTerminal

/// A full-screen view: the root of what the terminal app shows (the panes, with their dialogs
/// and overlays on top).
@MainActor
public protocol Screen: AnyObject {
    /// Draws the whole screen on `canvas`, which is blank and at least the minimum size.
    func render(into canvas: any Canvas)
    /// Reacts to a key, mouse event or resize. Ctrl-C, Ctrl-L and Ctrl-Z never arrive here: the
    /// app calls `interrupt()`, repaints and suspends for them.
    func handle(_ key: Key) -> Effect
    /// Ctrl-C (the app's quit key), or a quit key while the terminal is too small: `.quit` to
    /// leave at once, or ask first when leaving would drop unsaved edits (and leave when asked
    /// again). Leaves at once unless a screen says otherwise.
    func interrupt() -> Effect
}

extension Screen {
    public func interrupt() -> Effect { .quit }
}

/// What a screen wants after handling a key.
public enum Effect: Hashable, Sendable {
    /// Nothing visible changed.
    case nothing
    /// Draw a new frame.
    case redraw
    /// Leave the app (its exit hook runs first).
    case quit
}
