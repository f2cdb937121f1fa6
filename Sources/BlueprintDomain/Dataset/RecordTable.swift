import Foundation
import OrderedCollections

/// One collection of a wedding's records, by id, in the order they were added.
public struct RecordTable<R: Record>: Sendable, Equatable {
    private var storage: OrderedDictionary<UUID, R>

    public init(_ records: some Sequence<R>) {
        storage = OrderedDictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    public var records: [R] { storage.values.elements }
    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }

    public subscript(id: UUID) -> R? { storage[id] }

    /// Where the record with `id` stands in the table's order.
    public func index(of id: UUID) -> Int? { storage.index(forKey: id) }

    /// Replaces the record with the same id in place, or appends it (or inserts at `index`).
    public mutating func upsert(_ record: R, at index: Int? = nil) {
        if storage[record.id] != nil || index == nil {
            storage[record.id] = record
        } else {
            storage.updateValue(record, forKey: record.id, insertingAt: min(index!, storage.count))
        }
    }

    @discardableResult
    public mutating func remove(_ id: UUID) -> R? { storage.removeValue(forKey: id) }
}
