/// A section of the keymap, and the input context a screen is in.
public enum KeyMode: String, CaseIterable, Sendable, Hashable {
    /// Everywhere: panes, quit, help, redraw.
    case global
    /// Moving through a list or table.
    case list
    /// Editing a form: fields take typed text.
    case form
    /// Editing keys of any text field (forms and the command line).
    case textEditing
    /// The `:` command line.
    case commandLine
    /// A yes/no dialog; cancel is the default.
    case confirm
    /// The help overlay.
    case help

    /// The section's heading in the help overlay.
    public var title: String {
        switch self {
        case .global: "Everywhere"
        case .list: "Lists and tables"
        case .form: "Forms"
        case .textEditing: "Text fields"
        case .commandLine: "Command line"
        case .confirm: "Confirm dialog"
        case .help: "Help"
        }
    }

    /// The sections consulted in this mode, most specific first; `global` is consulted after them.
    var layers: [KeyMode] {
        switch self {
        case .form: [.form, .textEditing]
        case .commandLine: [.commandLine, .textEditing]
        default: [self]
        }
    }

    /// Whether printable characters not bound in `layers` are typed text.
    var capturesText: Bool { self == .form || self == .commandLine || self == .textEditing }

    /// Whether only control-key global bindings (Ctrl-L, Ctrl-Z, Ctrl-C) reach past this mode,
    /// so that typing `q` in a field, or pressing Tab in a dialog, stays there.
    var isModal: Bool { self != .global && self != .list }
}

/// What a key does.
public enum KeyAction: Hashable, Sendable {
    // Everywhere.
    case quit, help, redraw, suspend, nextPane, previousPane, command, undo
    /// Show pane `n` (1-based, as numbered in the header tabs).
    case showPane(Int)
    // Lists and tables.
    case moveUp, moveDown, moveLeft, moveRight, pageUp, pageDown, top, bottom
    case search, nextMatch, previousMatch
    case add, edit, delete, toggle, activate, cancel
    // Forms and the command line.
    case nextField, previousField, submit
    // Text fields.
    case cursorLeft, cursorRight, lineStart, lineEnd
    case deleteBackward, deleteForward, deleteToStart, deleteToEnd, deleteWordBackward
    // Dialogs.
    case confirm, switchButton

    /// Actions the terminal app performs itself from the control-key global bindings, in every
    /// mode, before a screen sees the key.
    var isHandledByApp: Bool { self == .quit || self == .redraw || self == .suspend }
}
