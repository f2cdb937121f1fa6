import BlueprintTerminal

/// The bottom line: the mode, what the pane shows (filter, counts), the last message, and key
/// hints on the right.
public struct StatusLine: Hashable, Sendable {
    public enum Severity: Hashable, Sendable {
        case info, warning, error
    }

    public var message: DisplayText
    public var severity: Severity
    public var hints: DisplayText
    /// The input mode, such as `GUESTS` or `FORM`; empty for none.
    public var mode: DisplayText
    /// What the pane shows: the active filter and counts; empty for none.
    public var context: DisplayText
    /// Put after a message that is cut or has more lines than its first (`^G`, as nano writes
    /// Ctrl-G): the key that shows it whole.
    public var more: DisplayText

    public init(_ message: DisplayText, severity: Severity = .info, hints: DisplayText = .empty,
                mode: DisplayText = .empty, context: DisplayText = .empty, more: DisplayText = .empty) {
        let lines = message.string.split(separator: "\n", omittingEmptySubsequences: false)
        self.message = lines.count > 1 ? DisplayText(String(lines[0])) : message
        self.severity = severity
        self.hints = hints
        self.mode = mode
        self.context = context
        self.more = more
        isCut = lines.count > 1
    }

    /// Whether the message had lines after its first, which the line leaves out.
    private let isCut: Bool

    /// The hints at the right: the keys that work in `mode`, as `keymap` binds them. In a list
    /// "? help  q quit"; in a form "Enter save  Esc cancel  Tab next  F1 help", since `q` and `?`
    /// are typed text there. A hint whose action has no key in the mode is left out.
    public static func hints(_ keymap: Keymap, in mode: KeyMode) -> DisplayText {
        var hints = actions(in: mode)
        hints.append((.help, "help"))
        // Quitting is offered where a plain key quits (the lists, the welcome screen), not in a
        // form or dialog, where only Ctrl-C does (and asks first when edits would be lost).
        if !mode.isModal || mode == .firstRun { hints.append((.quit, "quit")) }
        return DisplayText(keymap.hints(hints, in: mode, separator: "  "))
    }

    /// What a mode is for, as hints, before help and quit.
    private static func actions(in mode: KeyMode) -> [(action: KeyAction, text: String)] {
        switch mode {
        case .form, .choiceField, .textEditing: [(.submit, "save"), (.cancel, "cancel"), (.nextField, "next")]
        case .pickList: [(.activate, "choose"), (.cancel, "close")]
        case .search: [(.submit, "keep"), (.cancel, "drop")]
        case .commandLine: [(.submit, "run"), (.complete, "complete"), (.cancel, "close")]
        case .confirm: [(.confirm, "yes"), (.cancel, "no")]
        case .conflict: [(.overwrite, "all mine"), (.reload, "all theirs"), (.cancel, "back")]
        case .preview: [(.submit, "accept"), (.cancel, "drop")]
        case .detail, .help, .diagnostics, .documents: [(.cancel, "close")]
        case .firstRun: [(.activate, "choose")]
        case .global, .list, .guests, .budget, .vendors, .tasks, .timeline, .gifts, .seating: []
        }
    }

    /// Columns the context keeps when a long message follows it.
    static let contextMinimum = 24

    /// Draws the line across `row`: ` MODE │ context │ message   hints`. When space is short the
    /// hints go first, the last ones first, then the message and the context are cut with an ellipsis.
    @MainActor
    public func render(into canvas: any Canvas, row: Int) {
        let width = canvas.size.columns
        canvas.draw(.empty, row: row, column: 0, width: width, style: .statusBar)
        var x = 1
        let separator: DisplayText = TerminalLocale.isUTF8 ? " │ " : " | "
        if !mode.isEmpty {
            let shown = mode.truncated(toWidth: max(0, width - 2))
            canvas.draw(shown, row: row, column: x, style: TextStyle.statusBar.selected)
            x += shown.width
            if !context.isEmpty || !message.isEmpty {
                canvas.draw(separator, row: row, column: x, style: .statusBar)
                x += separator.width
            }
        }
        if !context.isEmpty {
            // A message takes room from the context, which keeps at least 24 columns (or what it needs).
            let room = width - x - 1
            let limit = message.isEmpty ? room
                : min(room, max(min(context.width, Self.contextMinimum), room - message.width - separator.width))
            let shown = context.truncated(toWidth: max(0, limit))
            canvas.draw(shown, row: row, column: x, style: .statusBar)
            x += shown.width
            if !message.isEmpty && x + separator.width < width - 1 {
                canvas.draw(separator, row: row, column: x, style: .statusBar)
                x += separator.width
            }
        }
        let shownHints = Self.leadingHints(of: hints, fitting: width - x - message.width - 3)
        let showsHints = !shownHints.isEmpty
        let messageWidth = showsHints ? width - shownHints.width - 2 - x : width - 1 - x
        let style: TextStyle = switch severity {
        case .info: .statusBar
        case .warning: .warning
        case .error: .danger
        }
        let shownMessage: DisplayText
        if !more.isEmpty, isCut || message.width > messageWidth, messageWidth > more.width + 4 {
            let room = messageWidth - more.width - 2
            shownMessage = (message.width > room ? message.truncated(toWidth: room) : message) + "  " + more
        } else {
            shownMessage = message.truncated(toWidth: max(0, messageWidth))
        }
        canvas.draw(shownMessage, row: row, column: x, style: style)
        if showsHints {
            canvas.draw(shownHints, row: row, column: width - shownHints.width - 1, style: .statusBar)
        }
    }

    /// As many whole hints of `hints` (set apart by two spaces) as fit in `room` columns, the
    /// first ones first: a form's line keeps "Enter save  Esc cancel" where all four do not fit.
    static func leadingHints(of hints: DisplayText, fitting room: Int) -> DisplayText {
        guard hints.width > room else { return hints }
        var parts = hints.string.components(separatedBy: "  ")
        while parts.count > 1 {
            parts.removeLast()
            let shown = DisplayText(parts.joined(separator: "  "))
            if shown.width <= room { return shown }
        }
        return .empty
    }
}
