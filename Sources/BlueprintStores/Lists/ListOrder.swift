/// How a list is sorted: by which column, and which way.
public struct ListOrder<Key: ListSortKey>: Hashable, Sendable {
    public var key: Key
    public var ascending: Bool

    public init(_ key: Key, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }

    /// Moves to the next column (after the last, the first), ascending.
    public mutating func cycle() {
        let keys = Key.allCases
        let index = keys.firstIndex(of: key).map { keys.index(after: $0) } ?? keys.endIndex
        key = index == keys.endIndex ? keys[keys.startIndex] : keys[index]
        ascending = true
    }

    /// Flips the direction, keeping the column.
    public mutating func reverse() { ascending.toggle() }

    /// `rows` in this order. Each row's sort value is computed once; ties keep their order.
    func sorted(_ rows: [Key.Row]) -> [Key.Row] {
        let values = rows.map(key.sortValue)
        let ascending = self.ascending
        let order = rows.indices.sorted { left, right in
            let (a, b) = (values[left], values[right])
            if a.rank != b.rank { return (a.rank < b.rank) == ascending }
            if a.text != b.text { return (a.text < b.text) == ascending }
            return left < right
        }
        return order.map { rows[$0] }
    }
}
