/// The rows a `/` search matches, for highlighting them and for `n` / `N`.
///
/// Positions are indices into the store's visible rows. Moving between matches takes the row
/// the pane's cursor is on, so the store needs no notion of selection.
public struct SearchMatches: Hashable, Sendable {
    /// The text searched for; empty when no search is active.
    public let query: String
    /// Indices of the matching visible rows, ascending.
    public let rows: [Int]

    public init(query: String = "", rows: [Int] = []) {
        self.query = query
        self.rows = rows
    }

    public var count: Int { rows.count }
    public var isEmpty: Bool { rows.isEmpty }

    public func contains(row: Int) -> Bool { position(of: row) != nil }

    /// The first match after `row`, wrapping around to the first match; with `row` `nil`, the
    /// first match. `nil` when nothing matches.
    public func next(after row: Int?) -> Int? {
        guard let first = rows.first else { return nil }
        guard let row else { return first }
        return rows[firstIndexAbove(row)...].first ?? first
    }

    /// The last match before `row`, wrapping around to the last match; with `row` `nil`, the
    /// last match. `nil` when nothing matches.
    public func previous(before row: Int?) -> Int? {
        guard let last = rows.last else { return nil }
        guard let row else { return last }
        return rows[..<firstIndexAtOrAbove(row)].last ?? last
    }

    /// Which match `row` is, counting from 1 ("match 3 of 12"), or `nil` if it does not match.
    public func position(of row: Int) -> Int? {
        let index = firstIndexAtOrAbove(row)
        return index < rows.count && rows[index] == row ? index + 1 : nil
    }

    private func firstIndexAbove(_ row: Int) -> Int { firstIndexAtOrAbove(row + 1) }

    /// Binary search: the index of the first match at or after `row`.
    private func firstIndexAtOrAbove(_ row: Int) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle] < row { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
