/// Column widths for a table drawn in a given width, with one space between columns.
public struct TableLayout: Hashable, Sendable {
    /// The width of each column, nil where the column is hidden.
    public let widths: [Int?]

    public static let separatorWidth = 1

    /// Fits `columns` into `width`: hides the lowest-priority columns (the rightmost first among
    /// equals) until the minimum widths fit, then shares the spare width among flexible columns
    /// in proportion to `flex`, up to their maximums. The first shown column is cut to `width`
    /// if even it alone does not fit.
    public static func fit(_ columns: [TableColumn], width: Int) -> TableLayout {
        var shown = Array(columns.indices)
        func needed() -> Int {
            shown.reduce(0) { $0 + columns[$1].minWidth } + separatorWidth * max(0, shown.count - 1)
        }
        while shown.count > 1 && needed() > width {
            let lowest = shown.min { columns[$0].priority < columns[$1].priority || (columns[$0].priority == columns[$1].priority && $0 > $1) }!
            shown.removeAll { $0 == lowest }
        }
        var widths = [Int?](repeating: nil, count: columns.count)
        for index in shown { widths[index] = columns[index].minWidth }
        if let only = shown.first, shown.count == 1 { widths[only] = min(columns[only].minWidth, max(0, width)) }
        var spare = width - needed()
        var grown = [Int](repeating: 0, count: columns.count)
        while spare > 0 {
            let growable = shown.filter { index in
                columns[index].flex > 0 && columns[index].maxWidth.map { widths[index]! < $0 } ?? true
            }
            // The column whose growth is furthest behind its share (grown / flex) takes the next cell.
            guard let next = growable.min(by: { grown[$0] * columns[$1].flex < grown[$1] * columns[$0].flex }) else { break }
            widths[next]! += 1
            grown[next] += 1
            spare -= 1
        }
        return TableLayout(widths: widths)
    }

    /// Whether any column is hidden.
    public var hidesColumns: Bool { widths.contains(nil) }
}

