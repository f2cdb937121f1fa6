/// A one-line text editor with readline keys: the model of a form field or the command line.
///
/// The text is kept exactly as typed; it is sanitised only when drawn. The cursor counts
/// grapheme clusters, so it never stands inside a wide character or between a letter and its
/// accent.
public struct TextField: Hashable, Sendable {
    /// What a text field does to its text besides inserting: the readline keys' steps.
    public enum TextEdit: Hashable, Sendable, CaseIterable {
        case cursorLeft, cursorRight, lineStart, lineEnd
        case deleteBackward, deleteForward, deleteToStart, deleteToEnd, deleteWordBackward
    }

    public private(set) var text: String
    /// Grapheme clusters before the cursor.
    public private(set) var cursor: Int

    /// A field holding `text`, with the cursor at its end.
    public init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// Inserts `typed` at the cursor and moves the cursor past it.
    public mutating func insert(_ typed: String) {
        let (before, after) = split(at: cursor)
        let joined = before + typed
        text = joined + after
        cursor = joined.count
    }

    /// Performs a text-editing step.
    public mutating func apply(_ edit: TextEdit) {
        let characters = Array(text)
        switch edit {
        case .cursorLeft: cursor = max(0, cursor - 1)
        case .cursorRight: cursor = min(characters.count, cursor + 1)
        case .lineStart: cursor = 0
        case .lineEnd: cursor = characters.count
        case .deleteBackward:
            guard cursor > 0 else { return }
            replace(cursor - 1..<cursor, in: characters)
        case .deleteForward:
            guard cursor < characters.count else { return }
            replace(cursor..<cursor + 1, in: characters)
        case .deleteToStart: replace(0..<cursor, in: characters)
        case .deleteToEnd: replace(cursor..<characters.count, in: characters)
        case .deleteWordBackward:
            var start = cursor
            while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
            while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
            replace(start..<cursor, in: characters)
        }
    }

    /// Draws the field in `width` columns from (`row`, `column`). Focused, it scrolls sideways to
    /// keep the cursor in view and puts the terminal cursor there; unfocused, long text ends in
    /// an ellipsis and empty text shows `placeholder`.
    @MainActor
    public func render(into canvas: any Canvas, row: Int, column: Int, width: Int, style: TextStyle = .normal,
                       focused: Bool, placeholder: DisplayText = .empty) {
        guard width > 0 else { return }
        guard focused else {
            if text.isEmpty {
                canvas.draw(placeholder, row: row, column: column, width: width, style: .muted)
            } else {
                canvas.draw(DisplayText(text), row: row, column: column, width: width, style: style)
            }
            return
        }
        let (before, after) = split(at: cursor)
        let shownBefore = DisplayText(before)
        let shown = shownBefore + DisplayText(after)
        // The cursor needs a column of its own, so at most width - 1 columns precede it.
        let start = max(0, shownBefore.width - (width - 1))
        canvas.draw(shown.columns(from: start, width: width), row: row, column: column, style: style)
        canvas.cursor = CanvasPoint(row: row, column: column + shownBefore.width - start)
    }

    private func split(at index: Int) -> (String, String) {
        let boundary = text.index(text.startIndex, offsetBy: index)
        return (String(text[..<boundary]), String(text[boundary...]))
    }

    private mutating func replace(_ range: Range<Int>, in characters: [Character]) {
        text = String(characters[..<range.lowerBound]) + String(characters[range.upperBound...])
        cursor = String(characters[..<range.lowerBound]).count
    }
}

