import BlueprintDomain
import Foundation

/// The rows a list shows, in order: their ids, each record read from the store's table when it
/// is asked for. A store keeps one copy of its records; its sorted and filtered rows are 16
/// bytes a row rather than another copy of every record (#26: 39 MB at 100,000 guests).
///
/// Hold one only while drawing a frame or handling a key: it shares the table's storage, and a
/// change to the records while it is alive would copy the chunks it changes. (Inlinable, so
/// that callers in other modules read rows specialised for their record type: generic code
/// looked up each row's type metadata, which made scanning thousands of rows several times slower.)
public struct ListedRows<Row: Record>: RandomAccessCollection, IdentifiedRows {
    /// The ids of the rows, in order.
    public let ids: [UUID]
    @usableFromInline let table: RecordTable<Row>

    @inlinable
    init(ids: [UUID], table: RecordTable<Row>) {
        self.ids = ids
        self.table = table
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { ids.count }

    @inlinable
    public subscript(position: Int) -> Row {
        guard let record = table[ids[position]] else { preconditionFailure("row \(ids[position]) is not in its table") }
        return record
    }

    /// Whether the record with `id` is among the rows (without reading any record).
    public func contains(id: UUID) -> Bool { ids.contains(id) }
}

/// Rows that know their records' ids without reading the records: a caller that looks for a
/// record among thousands of rows (where the selected row went) scans these instead.
public protocol IdentifiedRows {
    /// The id of each row, in order.
    var ids: [UUID] { get }
}
