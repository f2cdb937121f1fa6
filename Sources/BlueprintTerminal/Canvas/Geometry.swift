/// A terminal size in rows and columns.
public struct CanvasSize: Hashable, Sendable, CustomStringConvertible {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    /// Whether this size is at least `minimum` in both directions.
    public func fits(_ minimum: CanvasSize) -> Bool { rows >= minimum.rows && columns >= minimum.columns }

    /// "columns×rows", the way terminal sizes are usually written.
    public var description: String { "\(columns)×\(rows)" }
}

/// A cell position: row and column from the top left, both from 0.
public struct CanvasPoint: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A rectangle of cells.
public struct CanvasRect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var rows: Int
    public var columns: Int

    public init(row: Int, column: Int, rows: Int, columns: Int) {
        self.row = row
        self.column = column
        self.rows = max(0, rows)
        self.columns = max(0, columns)
    }

    /// The whole of a canvas of `size`.
    public init(_ size: CanvasSize) { self.init(row: 0, column: 0, rows: size.rows, columns: size.columns) }

    /// A rectangle of at most `rows` × `columns`, centred in this one.
    public func centered(rows: Int, columns: Int) -> CanvasRect {
        let height = min(rows, self.rows)
        let width = min(columns, self.columns)
        return CanvasRect(row: row + (self.rows - height) / 2, column: column + (self.columns - width) / 2,
                          rows: height, columns: width)
    }

    /// This rectangle shrunk by `margin` cells on every side.
    public func inset(by margin: Int) -> CanvasRect {
        CanvasRect(row: row + margin, column: column + margin, rows: rows - 2 * margin, columns: columns - 2 * margin)
    }

    /// The row after the last one.
    public var bottom: Int { row + rows }
}
