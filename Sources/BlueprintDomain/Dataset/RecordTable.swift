import Foundation

/// Where a record of a `RecordTable` is: its chunk, and its place in the chunk. (Not nested in
/// the generic table, so code that does not know the record type reads the index without
/// looking up the type's metadata on every access.)
@usableFromInline
struct RecordLocation: Sendable {
    @usableFromInline var chunk: Int32
    @usableFromInline var slot: Int32

    @inlinable init(chunk: Int, slot: Int) {
        self.chunk = Int32(chunk)
        self.slot = Int32(slot)
    }
}

/// One collection of a wedding's records, by id, in the order they were added.
///
/// Its records are kept in chunks of at most `chunkCapacity`, each an array of its own, so a
/// copy of the table (the dataset's, a store's, the cache's) shares every record with it, and a
/// change copies only the chunk it touches and the id index. A wedding's records are then held
/// once however many hold its tables (#26): with a contiguous table, the first change to one
/// that a store also held copied every record, 42 MB at 100,000 guests.
///
/// It is a collection itself, so figures are computed by iterating it in place.
public struct RecordTable<R: Record>: RandomAccessCollection, Sendable, Equatable {
    /// The most records a chunk takes when records are added at the end (putting a record back
    /// where it stood may make one larger).
    public static var chunkCapacity: Int { 256 }

    @usableFromInline var chunks: [[R]] = []
    /// The position in table order of each chunk's first record. (An empty chunk starts where
    /// the next one does.)
    @usableFromInline var chunkStarts: [Int] = []
    @usableFromInline var locations: [UUID: RecordLocation] = [:]

    /// A table of `records`; a later record with the same id as an earlier one replaces it, in
    /// the earlier one's place.
    @inlinable
    public init(_ records: some Sequence<R>) {
        locations.reserveCapacity(records.underestimatedCount)
        for record in records { upsert(record) }
    }

    /// A table of the records of `chunks`, in order, taking each chunk as it is (a decoder
    /// that reads a large table into chunks, so it is never held whole twice); `ids` holds
    /// each record's id in the same places. A later record with the same id as an earlier one
    /// replaces it, in the earlier one's place.
    ///
    /// Decoders call it without knowing the record type, and take each id as they decode its
    /// record: reading the ids from the chunks here copied every record (each of its strings
    /// retained and released), several milliseconds of opening a 10,000-guest wedding.
    public init(chunks: [[R]], ids: [[UUID]]) {
        precondition(chunks.map(\.count) == ids.map(\.count), "an id for each record")
        locations.reserveCapacity(ids.reduce(0) { $0 + $1.count })
        chunkStarts.reserveCapacity(chunks.count)
        var start = 0
        for (chunk, chunkIDs) in ids.enumerated() {
            for (slot, id) in chunkIDs.enumerated()
            where locations.updateValue(RecordLocation(chunk: chunk, slot: slot), forKey: id) != nil {
                self = RecordTable(chunks.joined())
                return
            }
            chunkStarts.append(start)
            start += chunkIDs.count
        }
        self.chunks = chunks
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { locations.count }

    @inlinable
    public subscript(position: Int) -> R {
        let chunk = chunk(containing: position)
        return chunks[chunk][position - chunkStarts[chunk]]
    }

    /// The records in table order, walking the chunks (no search for each position).
    public struct Iterator: IteratorProtocol {
        @usableFromInline let chunks: [[R]]
        @usableFromInline var chunk = 0
        @usableFromInline var slot = 0

        @inlinable init(chunks: [[R]]) { self.chunks = chunks }

        @inlinable
        public mutating func next() -> R? {
            while chunk < chunks.count {
                if slot < chunks[chunk].count {
                    defer { slot += 1 }
                    return chunks[chunk][slot]
                }
                chunk += 1
                slot = 0
            }
            return nil
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(chunks: chunks) }

    /// The records in table order, as an array of their own (a copy of every record: for
    /// callers that need an array, not for keeping).
    @inlinable
    public var records: [R] { chunks.flatMap { $0 } }

    public static func == (lhs: RecordTable, rhs: RecordTable) -> Bool { lhs.count == rhs.count && lhs.elementsEqual(rhs) }

    @inlinable
    public subscript(id: UUID) -> R? {
        guard let location = locations[id] else { return nil }
        return chunks[Int(location.chunk)][Int(location.slot)]
    }

    /// Where the record with `id` stands in the table's order.
    @inlinable
    public func index(of id: UUID) -> Int? {
        guard let location = locations[id] else { return nil }
        return chunkStarts[Int(location.chunk)] + Int(location.slot)
    }

    /// Replaces the record with the same id in place, or appends it (or inserts it at `index`).
    @inlinable
    public mutating func upsert(_ record: R, at index: Int? = nil) {
        if let location = locations[record.id] {
            chunks[Int(location.chunk)][Int(location.slot)] = record
        } else if let index, index < count {
            insert(record, at: Swift.max(index, 0))
        } else {
            append(record)
        }
    }

    /// Makes room for `count` more records, so a large batch grows the index once.
    public mutating func reserveCapacity(adding count: Int) {
        locations.reserveCapacity(self.count + count)
    }

    @discardableResult
    public mutating func remove(_ id: UUID) -> R? {
        guard let location = locations.removeValue(forKey: id) else { return nil }
        let chunk = Int(location.chunk)
        let removed = chunks[chunk].remove(at: Int(location.slot))
        renumber(chunk, from: Int(location.slot))
        for later in chunkStarts.indices.dropFirst(chunk + 1) { chunkStarts[later] -= 1 }
        return removed
    }

    @inlinable
    mutating func append(_ record: R) {
        if chunks.isEmpty || chunks[chunks.count - 1].count >= Self.chunkCapacity {
            chunkStarts.append(count)
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkCapacity)
        }
        let chunk = chunks.count - 1
        locations[record.id] = RecordLocation(chunk: chunk, slot: chunks[chunk].count)
        chunks[chunk].append(record)
    }

    @usableFromInline
    mutating func insert(_ record: R, at position: Int) {
        let chunk = chunk(containing: position)
        let slot = position - chunkStarts[chunk]
        chunks[chunk].insert(record, at: slot)
        locations[record.id] = RecordLocation(chunk: chunk, slot: slot)
        renumber(chunk, from: slot + 1)
        for later in chunkStarts.indices.dropFirst(chunk + 1) { chunkStarts[later] += 1 }
    }

    /// Records the locations of the records of `chunk` from `slot` on, which moved.
    @usableFromInline
    mutating func renumber(_ chunk: Int, from slot: Int) {
        for moved in chunks[chunk].indices.dropFirst(slot) {
            locations[chunks[chunk][moved].id] = RecordLocation(chunk: chunk, slot: moved)
        }
    }

    /// The chunk that holds the record at `position` (`0 ..< count`): the last chunk starting
    /// at or before it, which is never an empty one.
    @inlinable
    func chunk(containing position: Int) -> Int {
        var low = 0, high = chunkStarts.count
        while low < high {
            let middle = (low + high) / 2
            if chunkStarts[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}

extension RecordTable: Decodable {
    /// Decodes the table as the array of its records, straight into chunks (decoded into one
    /// array first, every record was copied again into its chunk).
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var chunks: [[R]] = [], ids: [[UUID]] = []
        while !container.isAtEnd {
            if chunks.isEmpty || chunks[chunks.count - 1].count >= Self.chunkCapacity {
                chunks.append([])
                chunks[chunks.count - 1].reserveCapacity(Self.chunkCapacity)
                ids.append([])
                ids[ids.count - 1].reserveCapacity(Self.chunkCapacity)
            }
            let record = try container.decode(R.self)
            ids[ids.count - 1].append(record.id)
            chunks[chunks.count - 1].append(record)
        }
        self.init(chunks: chunks, ids: ids)
    }
}
