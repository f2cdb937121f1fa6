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

