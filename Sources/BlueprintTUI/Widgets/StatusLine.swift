/// The bottom line: a message on the left, key hints on the right.
public struct StatusLine: Hashable, Sendable {
    public enum Severity: Hashable, Sendable {
        case info, warning, error
    }

    public var message: DisplayText
    public var severity: Severity
    public var hints: DisplayText

    public init(_ message: DisplayText, severity: Severity = .info, hints: DisplayText = "? help  q quit") {
        self.message = message
        self.severity = severity
        self.hints = hints
    }

    /// Draws the line across `row`. When space is short the hints go first, then the message is
    /// cut with an ellipsis.
    @MainActor
    public func render(into canvas: any Canvas, row: Int) {
        let width = canvas.size.columns
        canvas.draw(.empty, row: row, column: 0, width: width, style: .statusBar)
        let showsHints = !hints.isEmpty && message.width + hints.width + 4 <= width
        let messageWidth = showsHints ? width - hints.width - 3 : width - 2
        let style: TextStyle = switch severity {
        case .info: .statusBar
        case .warning: .warning
        case .error: .danger
        }
        canvas.draw(message.truncated(toWidth: messageWidth), row: row, column: 1, style: style)
        if showsHints {
            canvas.draw(hints, row: row, column: width - hints.width - 1, style: .statusBar)
        }
    }
}
