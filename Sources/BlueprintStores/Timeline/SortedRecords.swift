import BlueprintDomain
import Foundation

/// Records kept in an order of their own (milestones by date, the run sheet by time), patched
/// one record at a time as changes arrive: a changed record is taken out and put back where it
/// now belongs, found by binary search, without sorting the rest again.
///
/// It keeps the records' ids; the records stay in the store's table, which each call that reads
/// them is given (`table`), as a list pane's rows do (`RowList`).
struct SortedRecords<R: Record> {
    /// The ids of the records, in order.
    private var ids: [UUID] = []
    /// A strict total order: ties must be broken (by id), so that any two sessions agree.
    private let precedes: (R, R) -> Bool

    init(by precedes: @escaping (R, R) -> Bool) {
        self.precedes = precedes
    }

    /// The records in order, read from `table` (the store's records).
    func records(in table: RecordTable<R>) -> ListedRows<R> { ListedRows(ids: ids, table: table) }

    /// Shows `all`, sorting them.
    mutating func show(_ all: some Sequence<R>) {
        ids = all.sorted(by: precedes).map(\.id)
    }

    /// Puts `new` where it belongs in place of `old` (either may be `nil`: an insertion, a
    /// removal). `table` holds the records as they are now: `new` under `old`'s id, or nothing
    /// for a removal, so `old` is found by its id.
    mutating func replace(_ old: R?, with new: R?, in table: RecordTable<R>) {
        if let old, let index = ids.firstIndex(of: old.id) { ids.remove(at: index) }
        if let new { ids.insert(new.id, at: insertionIndex(of: new, in: table)) }
    }

    /// The first index whose record does not come before `record`.
    private func insertionIndex(of record: R, in table: RecordTable<R>) -> Int {
        let rows = records(in: table)
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(rows[middle], record) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
