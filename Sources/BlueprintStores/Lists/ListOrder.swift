import BlueprintDomain
import Foundation
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

    /// The ids of `rows` in this order on `today`. Each row's sort value is computed once; ties keep their order.
    func sortedIDs<Rows: RandomAccessCollection<Key.Row> & Sendable>(of rows: Rows, today: CalendarDate) -> [UUID]
    where Rows.Index == Int {
        positions(of: rows, today: today).map { rows[rows.startIndex + $0].id }
    }

    /// The first `count` of `rows` in this order, copying only those (a preview of a table).
    func first<Rows: RandomAccessCollection<Key.Row> & Sendable>(_ count: Int, of rows: Rows,
                                                                today: CalendarDate) -> [Key.Row] where Rows.Index == Int {
        positions(of: rows, today: today).prefix(count).map { rows[rows.startIndex + $0] }
    }

    /// Where each row of `rows` goes: the positions of the rows in this order.
    private func positions<Rows: RandomAccessCollection<Key.Row> & Sendable>(of rows: Rows,
                                                                             today: CalendarDate) -> [Int] where Rows.Index == Int {
        let key = self.key
        let values = SortValues(count: rows.count) { key.sortValue(of: rows[rows.startIndex + $0], today: today) }
        let ascending = self.ascending
        return rows.indices.map { $0 - rows.startIndex }.sorted { left, right in
            let comparison = values.compare(left, right)
            return comparison == 0 ? left < right : (comparison < 0) == ascending
        }
    }
}

extension ListOrder {
    /// Where `row` stands, or would stand, among `rows` sorted in this order: the first index
    /// whose row does not come before it. `position` gives each row's place in the table the
    /// rows were sorted from (ties keep that order); `rowPosition` is `row`'s.
    ///
    /// O(log n) comparisons: for placing one changed row without sorting again.
    func index<Rows: RandomAccessCollection<Key.Row>>(of row: Key.Row, at rowPosition: Int, in rows: Rows, today: CalendarDate,
                                                    position: (UUID) -> Int) -> Int where Rows.Index == Int {
        let value = key.sortValue(of: row, today: today)
        let target = SortValue(rank: value.rank, text: value.text)
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            let probe = rows[middle]
            let probeValue = key.sortValue(of: probe, today: today)
            let comparison = SortValue(rank: probeValue.rank, text: probeValue.text).compare(target)
            let precedes = comparison == 0 ? position(probe.id) < rowPosition : (comparison < 0) == ascending
            if precedes { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
