import BlueprintDomain
import Foundation

/// The rows a list shows, in order: their ids, each record read from the store's table when it
/// is asked for. A store keeps one copy of its records; its sorted and filtered rows are 16
/// bytes a row rather than another copy of every record (#26: 39 MB at 100,000 guests).
///
/// Hold one only while drawing a frame or handling a key: it shares the table's storage, and a
/// change to the records while it is alive would copy them all.
public struct ListedRows<Row: Record>: RandomAccessCollection {
    /// The ids of the rows, in order.
    public let ids: [UUID]
    private let table: RecordTable<Row>

    init(ids: [UUID], table: RecordTable<Row>) {
        self.ids = ids
        self.table = table
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ids.count }

    public subscript(position: Int) -> Row {
        guard let record = table[ids[position]] else { preconditionFailure("row \(ids[position]) is not in its table") }
        return record
    }

    /// Whether the record with `id` is among the rows (without reading any record).
    public func contains(id: UUID) -> Bool { ids.contains(id) }

    /// Where the record with `id` stands among the rows.
    public func index(of id: UUID) -> Int? { ids.firstIndex(of: id) }
}
