/// One cell of a table: its text and style. Selection is added by the table.
public struct TableCell: Hashable, Sendable, ExpressibleByStringLiteral {
    public var text: DisplayText
    public var style: TextStyle

    public init(_ text: DisplayText, style: TextStyle = .normal) {
        self.text = text
        self.style = style
    }

    public init(stringLiteral value: String) { self.init(DisplayText(value)) }
}

/// Draws a `TableViewModel`: a header of column titles, then the rows in view. Only rows in
/// view are asked for, so drawing costs the same for ten rows or a hundred thousand, and
/// ncurses sends only the cells that changed since the last frame.
public enum TableView {
    /// Draws `model` in `rect`. `cell(row, column)` gives the cell of a row in view; the
    /// selected row is drawn selected across the whole width. `empty` shows when there are no rows
    /// (evaluated only then: panes build it from the keymap).
    @MainActor
    public static func render(_ model: TableViewModel, into canvas: any Canvas, rect: CanvasRect,
                              empty: @autoclosure () -> DisplayText = "Nothing here yet.",
                              cell: (_ row: Int, _ column: Int) -> TableCell) {
        guard rect.rows > 0, rect.columns > 0 else { return }
        model.drawnRect = rect
        let shownColumns = [0] + Array(model.columns.indices.dropFirst(1 + model.columnOffset))
        let layout = TableLayout.fit(shownColumns.map { model.columns[$0] }, width: rect.columns)
        model.hidesColumns = layout.hidesColumns
        let placed = zip(shownColumns, layout.widths).compactMap { column, width in width.map { (column, $0) } }

        var headerX = rect.column
        for (index, (column, width)) in placed.enumerated() {
            if index > 0 { headerX += TableLayout.separatorWidth }
            canvas.draw(model.columns[column].title, row: rect.row, column: headerX, width: width,
                        alignment: model.columns[column].alignment, style: .columnHeader)
            headerX += width
        }
        let visible = model.visibleRows(fitting: rect.rows - 1)
        if model.rowCount == 0 {
            canvas.draw(empty(), row: rect.row + 1, column: rect.column, width: rect.columns, style: .muted)
            return
        }
        for (offset, row) in visible.enumerated() {
            let selected = row == model.selectedRow
            var x = rect.column
            for (index, (column, width)) in placed.enumerated() {
                if index > 0 {
                    canvas.draw(" ", row: rect.row + 1 + offset, column: x, style: TextStyle.normal.selected(selected))
                    x += TableLayout.separatorWidth
                }
                let content = cell(row, column)
                canvas.draw(content.text, row: rect.row + 1 + offset, column: x, width: width,
                            alignment: model.columns[column].alignment, style: content.style.selected(selected),
                            padding: TextStyle.normal.selected(selected))
                x += width
            }
            if selected && x < rect.column + rect.columns {
                canvas.draw(.spaces(rect.column + rect.columns - x), row: rect.row + 1 + offset, column: x,
                            style: TextStyle.normal.selected)
            }
        }
    }
}

