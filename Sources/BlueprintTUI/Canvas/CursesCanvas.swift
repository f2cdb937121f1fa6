import CNcursesw

/// The canvas on the real terminal: draws into ncurses' `stdscr` and sends a frame with
/// `wnoutrefresh` + `doupdate`, so only the cells that changed since the last frame are sent.
/// The screen is never `clear()`ed per frame; `repaintAll` (Ctrl-L) asks ncurses to repaint
/// everything once with `clearok`.
@MainActor
final class CursesCanvas: Canvas {
    private let window: UnsafeMutablePointer<WINDOW>
    private let palette: CursesPalette
    private var cursorShown = false
    var cursor: CanvasPoint?

    init(window: UnsafeMutablePointer<WINDOW>, palette: CursesPalette) {
        self.window = window
        self.palette = palette
        leaveok(window, true)
        curs_set(0)
    }

    var size: CanvasSize { CanvasSize(rows: Int(getmaxy(window)), columns: Int(getmaxx(window))) }

    func clear() {
        werase(window)
        cursor = nil
    }

    func draw(_ text: DisplayText, row: Int, column: Int, style: TextStyle) {
        guard let visible = CanvasClip.visible(text, row: row, column: column, in: size) else { return }
        let look = palette.look(for: style)
        wattr_set(window, look.attributes, look.pair, nil)
        var characters = visible.text.string.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        mvwaddnwstr(window, Int32(row), Int32(visible.column), characters, Int32(characters.count - 1))
        wattr_set(window, cn_a_normal(), 0, nil)
    }

    /// Sends the frame drawn since `clear()`; with `repaintAll`, repaints every cell.
    func present(repaintAll: Bool) {
        if repaintAll { clearok(cn_curscr(), true) }
        if let cursor, cursor.row >= 0, cursor.row < size.rows, cursor.column >= 0, cursor.column < size.columns {
            leaveok(window, false)
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            if !cursorShown { curs_set(1) }
            cursorShown = true
        } else {
            leaveok(window, true)
            if cursorShown { curs_set(0) }
            cursorShown = false
        }
        wnoutrefresh(window)
        doupdate()
    }
}
