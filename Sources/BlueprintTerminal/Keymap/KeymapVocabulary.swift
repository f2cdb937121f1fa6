/// The sections of an app's keymap: where a key is pressed decides what it means.
public protocol KeymapMode: Hashable, Sendable, CaseIterable where AllCases == [Self] {
    /// The section every mode falls back to (quit, help, …).
    static var global: Self { get }
    /// The sections this mode consults, first to last, before the global one.
    var layers: [Self] { get }
    /// Whether printable characters bound in none of `layers` are typed text.
    var capturesText: Bool { get }
    /// Whether the mode keeps the global section's plain keys from reaching it (only its
    /// control and function keys get through): a dialog, a form.
    var isModal: Bool { get }
}

/// What a key does in an app's keymap.
public protocol KeymapAction: Hashable, Sendable {
    /// Whether the terminal app performs the action itself, before any mode sees the key
    /// (quit, redraw, suspend).
    var isHandledByApp: Bool { get }
}
