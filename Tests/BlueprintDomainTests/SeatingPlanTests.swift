import BlueprintDomain
import Foundation
import Testing

/// Tables with capacities, rule violations and the seating suggestion.
@Suite("Seating plan")
struct SeatingPlanTests {
    static func guest(_ first: String, _ last: String = "Lee", household: String = "", rsvp: RSVPStatus = .attending,
                      plusOne: Bool = false, table: Int? = nil, seat: Int? = nil) -> Guest {
        Guest(firstName: first, lastName: last, household: household, rsvp: rsvp, plusOneAllowed: plusOne,
              plusOneAttending: plusOne, table: table, seat: seat, createdAt: createdTime)
    }

    static func rule(_ kind: SeatingRuleKind, _ guests: [Guest], note: String = "", minute: Int = 0) -> SeatingRule {
        SeatingRule(ruleKind: kind, guestIDs: guests.map(\.id), note: note,
                    createdAt: Timestamp(createdTime.date.addingTimeInterval(Double(minute) * 60)))
    }

    // MARK: Capacity

    @Test("a table with a record has its capacity; over capacity says by how much; a bare number has none")
    func capacity() {
        let guests = [Self.guest("Ana", plusOne: true, table: 1), Self.guest("Ben", table: 1), Self.guest("Cy", table: 2),
                      Self.guest("Dee", rsvp: .maybe, table: 1), Self.guest("Eve", rsvp: .declined, table: 1)]
        let chart = SeatingChart(guests: guests, tables: [SeatingTable(number: 1, name: "Head", capacity: 2),
                                                          SeatingTable(number: 5, capacity: 10)])
        #expect(chart.tables.map(\.number) == [1, 2, 5], "an empty table with a record is listed")
        #expect(chart.tables.map(\.seatsUsed) == [3, 1, 0])
        #expect(chart.tables.map(\.capacity) == [2, nil, 10])
        #expect(chart.tables.map(\.overBy) == [1, 0, 0])
        #expect(chart.tables.map(\.freeSeats) == [0, nil, 10])
        #expect(chart.overCapacity.map(\.title) == ["Table 1 · Head"])
    }

    // MARK: Violations

    @Test("keep together: seated at different tables, or some seated and some not, is a violation")
    func togetherViolations() {
        let ana = Self.guest("Ana", table: 1), ben = Self.guest("Ben", table: 2), cy = Self.guest("Cy")
        let dee = Self.guest("Dee", table: 3), eve = Self.guest("Eve", table: 3), fay = Self.guest("Fay")
        let guests = [ana, ben, cy, dee, eve, fay]
        let split = SeatingChart(guests: guests, rules: [Self.rule(.together, [ana, ben], note: "sisters")])
        #expect(split.violations.map(\.message) == ["Keep together: Ana Lee (table 1) and Ben Lee (table 2) are at different tables (sisters)"])
        let partly = SeatingChart(guests: guests, rules: [Self.rule(.together, [ana, cy])])
        #expect(partly.violations.map(\.message) == ["Keep together: Ana Lee is at table 1 but Cy Lee has no table"])
        let kept = SeatingChart(guests: guests, rules: [Self.rule(.together, [dee, eve]), Self.rule(.together, [cy, fay])])
        #expect(kept.violations.isEmpty, "together at one table, or nobody seated yet, holds")
    }

    @Test("keep apart: two of its guests at one table is a violation; a declined guest does not count")
    func apartViolations() {
        let ana = Self.guest("Ana", table: 1), ben = Self.guest("Ben", table: 1), cy = Self.guest("Cy", table: 2)
        let dee = Self.guest("Dee", rsvp: .declined, table: 2)
        let chart = SeatingChart(guests: [ana, ben, cy, dee], rules: [Self.rule(.apart, [ana, ben, cy], note: "exes"),
                                                                       Self.rule(.apart, [cy, dee], minute: 1)])
        #expect(chart.violations.map(\.message) == ["Keep apart: Ana Lee and Ben Lee are both at table 1 (exes)"])
        #expect(chart.violations.map(\.guestIDs) == [[ana.id, ben.id]])
        #expect(chart.violations.map(\.ruleKind) == [.apart])
    }

    // MARK: Suggestion

    static let tables = [SeatingTable(number: 1, capacity: 4), SeatingTable(number: 2, capacity: 4),
                         SeatingTable(number: 3, capacity: 3)]

    /// A mix: a seated household member, households of two and three with plus-ones, rules.
    static let mixed: ([Guest], [SeatingRule]) = {
        let okafor1 = guest("Ada", "Okafor", household: "Okafor", table: 2)
        let okafor2 = guest("Obi", "Okafor", household: "Okafor")
        let silva1 = guest("Ana", "Silva", household: "Silva", plusOne: true)
        let silva2 = guest("Rui", "Silva", household: "Silva")
        let zed = guest("Zed", "Zhou"), yan = guest("Yan", "Yu"), max = guest("Max", "Ma", rsvp: .maybe)
        let ex = guest("Exa", "Ng", table: 1), pending = guest("Pia", "Po", rsvp: .pending)
        let rules = [rule(.together, [zed, yan]), rule(.apart, [ex, silva1], minute: 1)]
        return ([okafor1, okafor2, silva1, silva2, zed, yan, max, ex, pending], rules)
    }()

    static func apply(_ suggestion: SeatingSuggestion, to guests: [Guest]) -> [Guest] {
        let tableOf = Dictionary(uniqueKeysWithValues: suggestion.moves.map { ($0.guest.id, $0.table) })
        return guests.map { guest in
            var guest = guest
            if let table = tableOf[guest.id] { guest.table = table }
            return guest
        }
    }

    @Test("seats attending guests by household, keeps the seated where they are, respects capacity and rules")
    func suggestion() {
        let (guests, rules) = Self.mixed
        let suggestion = SeatingSuggestion(guests: guests, tables: Self.tables, rules: rules)
        let placed = Dictionary(uniqueKeysWithValues: suggestion.moves.map { ($0.guest.firstName, $0.table) })
        #expect(placed == ["Obi": 2, "Ana": 3, "Rui": 3, "Zed": 1, "Yan": 1], "\(placed)")
        #expect(suggestion.problems.isEmpty)
        let after = SeatingChart(guests: Self.apply(suggestion, to: guests), tables: Self.tables, rules: rules)
        #expect(after.overCapacity.isEmpty)
        #expect(after.violations.isEmpty)
        #expect(!suggestion.moves.contains { $0.guest.rsvp != .attending }, "maybe and pending guests stay unseated")
    }

    @Test("what cannot be seated is said, with the reason, and no table without a record is opened")
    func cannotSeat() {
        let big = (1...5).map { Self.guest("G\($0)", household: "Big") }
        let ana = Self.guest("Ana"), ben = Self.guest("Ben", table: 1)
        let suggestion = SeatingSuggestion(guests: big + [ana, ben, Self.guest("Cy", table: 7)],
                                           tables: [SeatingTable(number: 1, capacity: 4)], rules: [Self.rule(.apart, [ana, ben])])
        #expect(suggestion.moves.isEmpty, "table 7 has no record, so nobody is sent there")
        #expect(suggestion.problems.map(\.message) == [
            "Ana Lee: not seated, every table with room has a guest a keep-apart rule separates them from",
            "G1 Lee, G2 Lee, G3 Lee, G4 Lee and G5 Lee: not seated, no table has 5 free seats",
        ])
        let none = SeatingSuggestion(guests: [ana], tables: [], rules: [])
        #expect(none.problems.map(\.message) == ["Ana Lee: not seated, no tables are set up (add tables with a capacity first)"])
    }

    @Test("a keep-together rule that cannot fit one table is reported, and each household still seated")
    func togetherTooBig() {
        let a = (1...3).map { Self.guest("A\($0)", household: "A") }, b = (1...2).map { Self.guest("B\($0)", household: "B") }
        let suggestion = SeatingSuggestion(guests: a + b, tables: [SeatingTable(number: 1, capacity: 3),
                                                                   SeatingTable(number: 2, capacity: 3)],
                                           rules: [Self.rule(.together, [a[0], b[0]])])
        #expect(suggestion.moves.map { "\($0.guest.firstName)@\($0.table)" } == ["A1@1", "A2@1", "A3@1", "B1@2", "B2@2"])
        #expect(suggestion.problems.count == 1)
        #expect(suggestion.problems.first?.message.hasPrefix("Keep together: A1 Lee, A2 Lee, A3 Lee, B1 Lee and B2 Lee do not fit") == true)
    }

    @Test("deterministic: the same result twice and whatever the order of the guests, tables and rules")
    func deterministic() {
        let (guests, rules) = Self.mixed
        let first = SeatingSuggestion(guests: guests, tables: Self.tables, rules: rules)
        #expect(SeatingSuggestion(guests: guests, tables: Self.tables, rules: rules) == first)
        #expect(SeatingSuggestion(guests: Array(guests.reversed()), tables: Self.tables.reversed(), rules: rules.reversed()) == first)
        #expect(SeatingSuggestion(guests: guests.shuffled(), tables: Self.tables.shuffled(), rules: rules) == first)
    }
}
