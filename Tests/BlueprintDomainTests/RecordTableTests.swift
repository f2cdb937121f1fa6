import BlueprintDemo
@testable import BlueprintDomain
import Foundation
import Testing

/// `RecordTable` keeps its records in chunks that copies share; whatever is done to it, it must
/// read as the plain ordered list of records a simple reference keeps.
@Suite("Record table against a reference list")
struct RecordTableTests {
    static func guest(_ random: inout SeededRandom, id: UUID = UUID()) -> Guest {
        Guest(id: id, firstName: random.pick(["Ana", "Mei", "Obinna", "Zoë"]), lastName: "\(random.int(in: 0...999))")
    }

    /// Reads every way a caller reads a table, against the reference.
    static func expectMatches(_ table: RecordTable<Guest>, _ reference: [Guest], _ context: String) {
        #expect(table.count == reference.count, "\(context): count")
        #expect(Array(table) == reference, "\(context): iterating")
        #expect(table.indices.map { table[$0] } == reference, "\(context): by position")
        for (position, guest) in reference.enumerated() {
            #expect(table[guest.id] == guest && table.index(of: guest.id) == position, "\(context): \(guest.id) by id")
        }
        #expect(table.records == reference, "\(context): as an array")
    }

    @Test("adding, replacing, putting back at a place and removing, past many chunks: the table reads as the reference",
          arguments: 1...6)
    func randomEdits(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let start = (0..<(RecordTable<Guest>.chunkCapacity * 3 + 17)).map { _ in Self.guest(&random) }
        var table = RecordTable(start)
        var reference = start
        Self.expectMatches(table, reference, "seed \(seed), loaded")
        for step in 0..<300 {
            let copy = table, copyReference = reference
            switch random.int(in: 0...3) {
            case 0:
                let guest = Self.guest(&random)
                table.upsert(guest)
                reference.append(guest)
            case 1 where !reference.isEmpty:
                let index = random.int(in: 0...reference.count - 1)
                let changed = Self.guest(&random, id: reference[index].id)
                table.upsert(changed, at: random.int(in: 0...reference.count))
                reference[index] = changed
            case 2:
                let guest = Self.guest(&random), position = random.int(in: 0...reference.count + 5)
                table.upsert(guest, at: position)
                reference.insert(guest, at: min(position, reference.count))
            default:
                guard !reference.isEmpty else { continue }
                let removed = reference.remove(at: random.int(in: 0...reference.count - 1))
                #expect(table.remove(removed.id) == removed)
            }
            #expect(table.remove(UUID()) == nil, "removing an id not held changes nothing")
            Self.expectMatches(table, reference, "seed \(seed), step \(step)")
            #expect(copy == RecordTable(copyReference) && Array(copy) == copyReference, "seed \(seed), step \(step): the copy is untouched")
        }
    }

    @Test("a later record with the same id replaces the earlier one, in the earlier one's place")
    func duplicatesTakeTheFirstPlace() {
        let id = UUID()
        let table = RecordTable([Guest(id: id, firstName: "First", lastName: "X"), Guest(firstName: "Other", lastName: "Y"),
                                 Guest(id: id, firstName: "Second", lastName: "X")])
        #expect(table.map(\.firstName) == ["Second", "Other"])
    }

    @Test("decoded from a list, chunk by chunk, a table reads as the list (a repeated id keeps its first place)",
          arguments: [0, 1, 255, 256, 257, 1_000])
    func decodedFromAList(count: Int) throws {
        var random = SeededRandom(seed: UInt64(count))
        var guests = (0..<count).map { _ in Self.guest(&random) }
        var reference = guests
        if count > 300 {
            // A record of the first chunk again in a later one: it replaces the first, in its place.
            let again = Self.guest(&random, id: guests[3].id)
            guests.insert(again, at: 290)
            reference[3] = again
        }
        let table = try JSONDecoder().decode(RecordTable<Guest>.self, from: try JSONEncoder().encode(guests))
        Self.expectMatches(table, reference, "\(count) decoded")
    }

    @Test("a copy shares every record with the table; a change copies only the chunk it touches")
    func copiesShareChunks() {
        var random = SeededRandom(seed: 7)
        let guests = (0..<(RecordTable<Guest>.chunkCapacity * 4)).map { _ in Self.guest(&random) }
        var table = RecordTable(guests)
        let copy = table
        var changed = guests[RecordTable<Guest>.chunkCapacity + 3]
        changed.firstName = "Changed"
        table.upsert(changed)
        let storage = { (table: RecordTable<Guest>) in table.chunks.map { $0.withUnsafeBufferPointer { $0.baseAddress } } }
        let shared = zip(storage(table), storage(copy)).map { $0 == $1 }
        #expect(shared == [true, false, true, true], "only the second chunk, which holds the change, is the table's own")
        #expect(copy[changed.id]?.firstName != "Changed" && table[changed.id]?.firstName == "Changed")
    }
}
