import BlueprintDemo
import BlueprintDomain
@testable import BlueprintStores
import Foundation
import Testing

/// `RowList` narrows as a filter text grows, rescans when it shrinks or the conditions change,
/// and keeps folded texts beside its rows; whatever the sequence, what it shows must be what
/// filtering and sorting the records from scratch shows.
@Suite("Row list against a from-scratch reference")
struct RowListTests {
    static let names = ["Ana", "Ána", "José", "jose", "Zoë", "北京", "o'Brien", "Straße", "Mia", "Amir"]

    static func guest(_ random: inout SeededRandom) -> Guest {
        var guest = Guest(firstName: random.pick(names), lastName: random.pick(names))
        guest.rsvp = random.pick(RSVPStatus.allCases)
        guest.table = random.int(in: 0...3) == 0 ? nil : random.int(in: 1...4)
        return guest
    }

    @Test("typing, deleting, changing conditions, order and records (whole or one at a time): visible rows and search matches stay right",
          arguments: 1...20)
    func randomSequences(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var records = (0..<60).map { _ in Self.guest(&random) }
        var order = ListOrder(GuestSortKey.name)
        var filter = GuestFilter()
        var search = ""
        var list = RowList(order: order, today: ListOrderTests.today)
        list.show(RecordTable(records))
        for _ in 0..<80 {
            switch random.int(in: 0...7) {
            case 0, 1: filter.text = TextQuery(filter.text.text + random.pick(["a", "o", "é", "ß", " ", "北"]))
            case 2: filter.text = TextQuery(String(filter.text.text.dropLast()))
            case 3: filter.rsvp = random.int(in: 0...1) == 0 ? [] : [random.pick(RSVPStatus.allCases)]
            case 4: order.cycle()
            case 5:
                records[random.int(in: 0...records.count - 1)] = Self.guest(&random)
                list.show(RecordTable(records))
            case 6:
                // One record changed in place, added or removed, patched rather than shown anew;
                // the table given holds the records as they are after the change.
                let position = { (id: UUID) in records.firstIndex { $0.id == id }! }
                switch random.int(in: 0...2) {
                case 0:
                    let index = random.int(in: 0...records.count - 1)
                    var changed = Self.guest(&random)
                    changed.id = records[index].id
                    let old = records[index]
                    records[index] = changed
                    list.replace(old, with: changed, in: RecordTable(records), position: position)
                case 1:
                    records.append(Self.guest(&random))
                    list.replace(nil, with: records.last!, in: RecordTable(records), position: position)
                default:
                    let index = random.int(in: 0...records.count - 1)
                    let old = records[index]
                    var remaining = records
                    remaining.remove(at: index)
                    list.replace(old, with: nil, in: RecordTable(remaining), position: position)
                    records = remaining
                }
            default: search = random.pick(["", "a", "jo", "ZO", "ss", "北京"])
            }
            let table = RecordTable(records)
            list.setOrder(order, in: table)
            list.setFilter(filter, in: table)
            list.setSearch(search, in: table)
            let byID = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) })
            let expected = ListOrderTests.reference(records, order).map { byID[$0]! }.filter(filter.matches)
            #expect(list.visible(in: table).map(\.id) == expected.map(\.id), "filter \(filter.text.text.debugDescription)")
            let query = TextQuery(search)
            let expectedMatches = query.isEmpty ? [] : expected.indices.filter { row in expected[row].searchFields.contains { query.matches($0) } }
            #expect(list.matches.rows == expectedMatches, "search \(search.debugDescription)")
        }
    }
}
