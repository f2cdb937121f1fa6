/// A column of a table: its title and how its width adapts to the terminal.
public struct TableColumn: Hashable, Sendable {
    public var title: DisplayText
    /// Columns it never goes below (while shown).
    public var minWidth: Int
    /// Columns it never grows past; nil for no limit.
    public var maxWidth: Int?
    /// Its share of spare width; 0 keeps it at `minWidth`.
    public var flex: Int
    public var alignment: TextAlignment
    /// When the terminal is too narrow for every column, lower priorities are hidden first.
    public var priority: Int

    public init(_ title: DisplayText, minWidth: Int, maxWidth: Int? = nil, flex: Int = 0,
                alignment: TextAlignment = .left, priority: Int = 0) {
        self.title = title
        self.minWidth = max(1, minWidth)
        self.maxWidth = maxWidth.map { max($0, max(1, minWidth)) }
        self.flex = max(0, flex)
        self.alignment = alignment
        self.priority = priority
    }
}

extension TableColumn {
    /// This column made wide enough for the widest of `values`, for values of a fixed shape
    /// (phones, money, dates, counts, table names) that mean nothing once cut: where the table
    /// is too narrow, a lower-priority column is hidden rather than one of these cut; spare width
    /// goes to free text (names, notes), which is cut with an ellipsis where it runs out.
    public func fitting(_ values: some Sequence<DisplayText>) -> TableColumn {
        let needed = values.reduce(0) { max($0, $1.width) }
        var fitted = self
        fitted.minWidth = max(minWidth, needed)
        fitted.maxWidth = fitted.minWidth
        fitted.flex = 0
        return fitted
    }
}

extension [TableColumn] {
    /// These columns, those at `fixedShape` each made wide enough for its widest cell in
    /// `rows` (`TableColumn.fitting`); `cell(row, column)` is the cell as the table draws it.
    public func fitting(_ fixedShape: [Int], rows: Range<Int>, cell: (_ row: Int, _ column: Int) -> TableCell) -> [TableColumn] {
        var fitted = self
        for column in fixedShape where indices.contains(column) {
            fitted[column] = self[column].fitting(rows.map { cell($0, column).text })
        }
        return fitted
    }
}
