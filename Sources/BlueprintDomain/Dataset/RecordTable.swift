import Foundation
import OrderedCollections

/// One collection of a wedding's records, by id, in the order they were added.
///
/// It is a collection itself, so figures are computed by iterating it in place. `records`
/// hands out a copy of its own: a caller (a cache) that keeps the array must not share storage
/// with the table, or the next edit would copy the whole table and cost O(collection). Just
/// after a load (`handOutStorageUntilChanged`) it hands out its storage instead, saving a copy
/// of every record before the first frame; the first change then copies the table, once.
public struct RecordTable<R: Record>: RandomAccessCollection, Sendable, Equatable {
    @usableFromInline var storage: OrderedDictionary<UUID, R>
    @usableFromInline var handsOutStorage = false

    /// A table of `records`; a later record with the same id as an earlier one replaces it.
    /// (Inlinable, like `records`, so that callers run it specialised for their record type:
    /// generic code copies every record it touches, retaining each of its strings.)
    @inlinable
    public init(_ records: some Sequence<R>) {
        let values = Array(records)
        // Read in place: mapping the array would copy each record, retaining all its strings.
        let ids = values.withUnsafeBufferPointer { records in records.indices.map { records[$0].id } }
        if Set(ids).count == ids.count {
            storage = OrderedDictionary(uncheckedUniqueKeys: ids, values: values)
        } else {
            storage = OrderedDictionary(values.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }
    public subscript(position: Int) -> R { storage.values[position] }

    /// The records in table order, as an array that owns its storage (or, until the table
    /// first changes after `handOutStorageUntilChanged`, the table's own).
    @inlinable
    public var records: [R] {
        handsOutStorage ? storage.values.elements : storage.values.elements.withUnsafeBufferPointer { Array($0) }
    }

    /// Makes `records` hand out the table's storage rather than a copy until the table next
    /// changes: for a table just loaded, whose first reader would otherwise copy it whole
    /// before anything is shown, while most loads are never followed by an edit.
    public mutating func handOutStorageUntilChanged() { handsOutStorage = true }

    public static func == (lhs: RecordTable, rhs: RecordTable) -> Bool { lhs.storage == rhs.storage }

    /// The records in table order, sharing the table's storage: O(1) rather than a copy of
    /// every record. For a holder of a table that is replaced rather than changed (a store's
    /// view of a load): changing the table while such an array is alive copies the whole table.
    @inlinable
    public var recordsSharingStorage: [R] { storage.values.elements }

    public subscript(id: UUID) -> R? { storage[id] }

    /// Where the record with `id` stands in the table's order.
    public func index(of id: UUID) -> Int? { storage.index(forKey: id) }

    /// Replaces the record with the same id in place, or appends it (or inserts at `index`).
    public mutating func upsert(_ record: R, at index: Int? = nil) {
        handsOutStorage = false
        if storage[record.id] != nil || index == nil {
            storage[record.id] = record
        } else {
            storage.updateValue(record, forKey: record.id, insertingAt: Swift.min(index!, storage.count))
        }
    }

    /// Makes room for `count` more records, so a large batch grows the table once.
    public mutating func reserveCapacity(adding count: Int) {
        storage.reserveCapacity(storage.count + count)
    }

    @discardableResult
    public mutating func remove(_ id: UUID) -> R? {
        handsOutStorage = false
        return storage.removeValue(forKey: id)
    }
}
