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

    public init(_ message: DisplayText, severity: Severity = .info, hints: DisplayText = .empty,
                mode: DisplayText = .empty, context: DisplayText = .empty) {
        self.message = message
        self.severity = severity
        self.hints = hints
        self.mode = mode
        self.context = context
    }

    /// The hints at the right, from `keymap`'s keys of `mode`: "? help  q quit".
    public static func hints(_ keymap: Keymap, in mode: KeyMode) -> DisplayText {
        DisplayText(keymap.hints([(.help, "help"), (.quit, "quit")], in: mode, separator: "  "))
    }

    /// Columns the context keeps when a long message follows it.
    static let contextMinimum = 24

    /// Draws the line across `row`: ` MODE │ context │ message   hints`. When space is short the
    /// hints go first, then the message and the context are cut with an ellipsis.
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
        let showsHints = !hints.isEmpty && x + message.width + hints.width + 3 <= width
        let messageWidth = showsHints ? width - hints.width - 2 - x : width - 1 - x
        let style: TextStyle = switch severity {
        case .info: .statusBar
        case .warning: .warning
        case .error: .danger
        }
        canvas.draw(message.truncated(toWidth: max(0, messageWidth)), row: row, column: x, style: style)
        if showsHints {
            canvas.draw(hints, row: row, column: width - hints.width - 1, style: .statusBar)
        }
    }
}
