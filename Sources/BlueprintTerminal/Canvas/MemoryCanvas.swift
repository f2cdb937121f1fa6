/// A canvas in memory that tests read back as text: one string per row, plus maps of the style
/// of every cell. It models the terminal's cells as ncurses does: a wide character fills two
/// cells, and drawing over either half of one blanks the other half.
@MainActor
public final class MemoryCanvas: Canvas {
    private struct Cell {
        var character: Character = " "
        /// Columns the character takes; 0 for the second cell of a wide character.
        var width = 1
        var style = TextStyle.normal
    }

    public private(set) var size: CanvasSize
    public var cursor: CanvasPoint?
    private var cells: [[Cell]]

    public init(rows: Int, columns: Int) {
        size = CanvasSize(rows: rows, columns: columns)
        cells = Self.blank(size)
    }

    /// Changes the size, as a terminal resize does, and blanks the canvas.
    public func resize(to size: CanvasSize) {
        self.size = size
        clear()
    }

    public func clear() {
        cells = Self.blank(size)
        cursor = nil
    }

    public func draw(_ text: DisplayText, row: Int, column: Int, style: TextStyle) {
        guard let visible = CanvasClip.visible(text, row: row, column: column, in: size) else { return }
        if visible.text.string.utf8.count == visible.text.width {
            drawASCII(visible.text.string, row: row, column: visible.column, style: style)
            return
        }
        var position = visible.column
        for (character, width) in visible.text.clusters {
            blankWideCharacter(row: row, covering: position)
            blankWideCharacter(row: row, covering: position + width - 1)
            cells[row][position] = Cell(character: character, width: width, style: style)
            for continuation in position + 1..<position + width {
                cells[row][continuation] = Cell(character: " ", width: 0, style: style)
            }
            position += width
        }
    }

    /// Each row as the terminal would show it, padded to the canvas width.
    public var rows: [String] {
        cells.map { row in String(row.filter { $0.width > 0 }.map(\.character)) }
    }

    /// The rows with trailing spaces removed, joined by newlines: the snapshot tests compare.
    public var text: String {
        rows.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
    }

    /// The style of every cell: a space for normal text, otherwise the role's `code`, upper-cased
    /// when selected. Trailing spaces are removed.
    public var styleMap: String {
        map { cell in
            if cell.style == .normal { return " " }
            return cell.style.isSelected ? Character(cell.style.role.code.uppercased()) : cell.style.role.code
        }
    }

    /// The attributes `theme` gives every cell, as one hex digit of `TextAttributes` bits (bold 1,
    /// reverse 2, underline 4, dim 8), a space for none: what a monochrome terminal shows.
    public func attributeMap(theme: Theme) -> String {
        map { cell in
            let bits = theme.cellStyle(for: cell.style).attributes.rawValue
            return bits == 0 ? " " : Character(String(bits, radix: 16))
        }
    }

    /// The style of the cell at (`row`, `column`).
    public func style(row: Int, column: Int) -> TextStyle { cells[row][column].style }

    private func map(_ code: (Cell) -> Character) -> String {
        cells.map { row in
            String(String(row.map(code)).reversed().drop(while: { $0 == " " }).reversed())
        }.joined(separator: "\n")
    }

    /// Blanks the whole of a wide character that has a cell at `column`, as ncurses does when
    /// one of its halves is overwritten.
    /// Printable ASCII (as wide as its UTF-8 is long), a cell a byte: only a wide character
    /// under either end can stick out of the run, so only those are blanked. (Benchmarks draw
    /// every frame here; cell by cell with grapheme breaking, it cost more than what it measured.)
    private func drawASCII(_ text: String, row: Int, column: Int, style: TextStyle) {
        let end = column + text.utf8.count
        guard end > column else { return }
        blankWideCharacter(row: row, covering: column)
        blankWideCharacter(row: row, covering: end - 1)
        cells[row].withUnsafeMutableBufferPointer { cells in
            var position = column
            for byte in text.utf8 {
                cells[position] = Cell(character: Character(Unicode.Scalar(byte)), width: 1, style: style)
                position += 1
            }
        }
    }

    private func blankWideCharacter(row: Int, covering column: Int) {
        guard column >= 0, column < size.columns else { return }
        var leader = column
        while leader > 0 && cells[row][leader].width == 0 { leader -= 1 }
        let width = cells[row][leader].width
        guard width > 1 else { return }
        for index in leader..<min(size.columns, leader + width) {
            cells[row][index] = Cell(style: cells[row][index].style)
        }
    }

    private static func blank(_ size: CanvasSize) -> [[Cell]] {
        Array(repeating: Array(repeating: Cell(), count: max(0, size.columns)), count: max(0, size.rows))
    }
}
