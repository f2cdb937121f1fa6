import BlueprintDomain
import Foundation

/// The reception's tables (one for each table number guests sit at, and at least two, each
/// seating ten) and two seating rules.
enum DemoSeating {
    private static let names = ["Family", "Garden", "Oak", "Willow", "Harbour", "Meadow", "Lantern", "Orchard"]

    static func tables(for guests: [Guest], timeline: DemoTimeline, random: inout SeededRandom) -> [SeatingTable] {
        var numbers = Set(guests.compactMap(\.table))
        for number in 1...2 where numbers.count < 2 { numbers.insert(number) }
        return numbers.sorted().map { number in
            var table = SeatingTable(id: random.uuid(), number: number,
                                     name: number <= names.count && random.chance(60) ? names[number - 1] : "", capacity: 10)
            timeline.stamp(&table, random: &random)
            return table
        }
    }

    /// Two guests of different households kept apart (seated apart where the chart allows), and
    /// two kept together (at one table where it allows).
    static func rules(for guests: [Guest], timeline: DemoTimeline, random: inout SeededRandom) -> [SeatingRule] {
        let pairs = guests.indices.lazy.flatMap { first in
            guests[(first + 1)...].lazy.filter { $0.household != guests[first].household }.map { (guests[first], $0) }
        }
        let apart = pairs.first { $0.0.table != nil && $0.1.table != nil && $0.0.table != $0.1.table } ?? pairs.first
        let together = pairs.first { $0.0.table != nil && $0.0.table == $0.1.table } ?? pairs.dropFirst().first
        var rules: [SeatingRule] = []
        if let apart {
            rules.append(SeatingRule(id: random.uuid(), ruleKind: .apart, guestIDs: [apart.0.id, apart.1.id], note: "Not on speaking terms"))
        }
        if let together {
            rules.append(SeatingRule(id: random.uuid(), ruleKind: .together, guestIDs: [together.0.id, together.1.id],
                                     note: "Best friends"))
        }
        for index in rules.indices { timeline.stamp(&rules[index], random: &random) }
        return rules
    }
}
