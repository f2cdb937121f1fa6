import BlueprintDomain

/// Records kept in an order of their own (milestones by date, the run sheet by time), patched
/// one record at a time as changes arrive: a changed record is taken out and put back where it
/// now belongs, found by binary search, without sorting the rest again.
struct SortedRecords<R: Record> {
    /// The records in order.
    private(set) var records: [R] = []
    /// A strict total order: ties must be broken (by id), so that any two sessions agree.
    private let precedes: (R, R) -> Bool

    init(by precedes: @escaping (R, R) -> Bool) {
        self.precedes = precedes
    }

    /// Shows `all`, sorting them.
    mutating func show(_ all: some Sequence<R>) {
        records = all.sorted(by: precedes)
    }

    /// Puts `new` where it belongs in place of `old` (either may be `nil`: an insertion, a removal).
    mutating func replace(_ old: R?, with new: R?) {
        if let old, let index = index(of: old) { records.remove(at: index) }
        if let new { records.insert(new, at: insertionIndex(of: new)) }
    }

    /// Where `record` is, looked up by its order (it is where it belongs) and, failing that, by id.
    private func index(of record: R) -> Int? {
        let index = insertionIndex(of: record)
        if index < records.count && records[index].id == record.id { return index }
        return records.firstIndex { $0.id == record.id }
    }

    /// The first index whose record does not come before `record`.
    private func insertionIndex(of record: R) -> Int {
        var low = 0, high = records.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(records[middle], record) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
