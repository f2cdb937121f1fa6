/// Where the wide characters of the frame being drawn lie, cell by cell, so that a run drawn
/// over one half of a wide character can blank the other half itself.
///
/// ncurses leaves that other half in its window when a narrow character lands on the second
/// half of a wide one (an overlay's left border over 山, say), while the terminal blanks the
/// whole character. ncurses' idea of the screen and the terminal then disagree, and the frame
/// that puts the wide character back (the overlay closing) comes out short of a column with the
/// overlay's border left behind, until Ctrl-L repaints everything.
struct WideCellMap {
    private enum Cell: UInt8 {
        case narrow, leader, continuation
    }

    private var columns = 0
    private var cells: [Cell] = []

    /// Forgets everything: a blank canvas of `size`.
    mutating func reset(_ size: CanvasSize) {
        columns = max(0, size.columns)
        cells = Array(repeating: .narrow, count: max(0, size.rows) * columns)
    }

    /// Records `text` drawn at (`row`, `column`), already clipped to the canvas, and returns the
    /// columns just outside it that hold the other half of a wide character it cut: the caller
    /// blanks them.
    mutating func place(_ text: DisplayText, row: Int, column: Int) -> [Int] {
        let start = row * columns
        let end = column + text.width
        guard row >= 0, column >= 0, end <= columns, start + columns <= cells.count, end > column else { return [] }
        var orphans: [Int] = []
        if column > 0, cells[start + column] == .continuation {
            orphans.append(column - 1)
            cells[start + column - 1] = .narrow
        }
        if end < columns, cells[start + end] == .continuation {
            orphans.append(end)
            cells[start + end] = .narrow
        }
        if text.string.utf8.count == text.width {
            cells.withUnsafeMutableBufferPointer { $0[(start + column)..<(start + end)].update(repeating: .narrow) }
            return orphans
        }
        var position = start + column
        for (_, width) in text.clusters {
            cells[position] = width > 1 ? .leader : .narrow
            for continuation in position + 1..<position + width { cells[continuation] = .continuation }
            position += width
        }
        return orphans
    }
}
