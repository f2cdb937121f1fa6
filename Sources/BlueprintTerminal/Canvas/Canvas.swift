/// Where screens draw: the ncurses screen, or a `MemoryCanvas` in tests.
///
/// A canvas only takes `DisplayText`, which is sanitised and measured by construction. Drawing
/// is clipped to the canvas: cells outside are dropped and a wide character cut by an edge is
/// drawn as spaces, so nothing ever wraps or scrolls the terminal.
@MainActor
public protocol Canvas: AnyObject {
    var size: CanvasSize { get }
    /// Draws `text` from `column` of `row`, clipped to the canvas.
    func draw(_ text: DisplayText, row: Int, column: Int, style: TextStyle)
    /// Blanks the whole canvas in the normal style and hides the cursor.
    func clear()
    /// Where the terminal cursor shows (in a text field being edited); nil hides it.
    var cursor: CanvasPoint? { get set }
}

extension Canvas {
    /// Draws `text` in `width` columns from `column`, truncated with an ellipsis or padded.
    /// The padding is drawn in `padding` (by default the text's own style), so an underlined or
    /// highlighted value need not drag its style across the empty part of a column.
    public func draw(_ text: DisplayText, row: Int, column: Int, width: Int, alignment: TextAlignment = .left,
                     style: TextStyle, padding: TextStyle? = nil) {
        guard let padding, padding != style else {
            draw(text.fitted(toWidth: width, alignment: alignment), row: row, column: column, style: style)
            return
        }
        let shown = text.truncated(toWidth: width)
        let room = max(0, width - shown.width)
        let offset = switch alignment {
        case .left: 0
        case .right: room
        case .center: room / 2
        }
        draw(.spaces(width), row: row, column: column, style: padding)
        draw(shown, row: row, column: column + offset, style: style)
    }

    /// Blanks `rect` in `style`, which shows when the style has a background or reverse video.
    public func fill(_ rect: CanvasRect, style: TextStyle = .normal) {
        let blank = DisplayText.spaces(rect.columns)
        for row in rect.row..<rect.bottom {
            draw(blank, row: row, column: rect.column, style: style)
        }
    }
}

/// The part of a line of text that lands on a canvas.
enum CanvasClip {
    /// `text` drawn at (`row`, `column`) on a canvas of `size`, cut to what is visible: the
    /// column it starts at and the visible text, or nil if none of it is visible.
    static func visible(_ text: DisplayText, row: Int, column: Int, in size: CanvasSize) -> (column: Int, text: DisplayText)? {
        guard row >= 0, row < size.rows, column < size.columns, column + text.width > 0 else { return nil }
        if column >= 0 && column + text.width <= size.columns { return (column, text) }
        let start = max(0, column)
        let end = min(size.columns, column + text.width)
        return (start, text.columns(from: start - column, width: end - start))
    }
}
