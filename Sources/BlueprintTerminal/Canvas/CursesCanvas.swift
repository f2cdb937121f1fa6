import CNcursesw

/// The canvas on the real terminal: draws into ncurses' `stdscr` and sends a frame with
/// `wnoutrefresh` + `doupdate`, so only the cells that changed since the last frame are sent.
/// The screen is never `clear()`ed per frame; `repaintAll` (Ctrl-L) asks ncurses to repaint
/// everything once with `clearok`. A wide character cut by a run is blanked whole in the
/// window, as the terminal blanks it (see `WideCellMap`).
@MainActor
public final class CursesCanvas: Canvas {
    private let window: UnsafeMutablePointer<WINDOW>
    private let palette: CursesPalette
    private var cursorShown = false
    private var wideCells = WideCellMap()
    public var cursor: CanvasPoint?

    init(window: UnsafeMutablePointer<WINDOW>, palette: CursesPalette) {
        self.window = window
        self.palette = palette
        leaveok(window, true)
        curs_set(0)
    }

    public var size: CanvasSize { CanvasSize(rows: Int(getmaxy(window)), columns: Int(getmaxx(window))) }

    public func clear() {
        werase(window)
        wideCells.reset(size)
        cursor = nil
    }

    public func draw(_ text: DisplayText, row: Int, column: Int, style: TextStyle) {
        guard let visible = CanvasClip.visible(text, row: row, column: column, in: size) else { return }
        for orphan in wideCells.place(visible.text, row: row, column: visible.column) {
            blank(row: Int32(row), column: Int32(orphan))
        }
        let look = palette.look(for: style)
        wattr_set(window, look.attributes, look.pair, nil)
        var characters = visible.text.string.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        mvwaddnwstr(window, Int32(row), Int32(visible.column), characters, Int32(characters.count - 1))
        wattr_set(window, cn_a_normal(), 0, nil)
    }

    /// Writes a space in the cell's own colours and attributes over what is left of a wide character.
    private func blank(row: Int32, column: Int32) {
        var cell = cchar_t()
        var attributes: attr_t = 0
        var pair: Int16 = 0
        var text = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
        if mvwin_wch(window, row, column, &cell) == OK { getcchar(&cell, &text, &attributes, &pair, nil) }
        var space = cchar_t()
        setcchar(&space, [wchar_t(32), 0], attributes, pair, nil)
        mvwadd_wch(window, row, column, &space)
    }

    /// Sends the frame drawn since `clear()`; with `repaintAll`, repaints every cell.
    public func present(repaintAll: Bool) {
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
