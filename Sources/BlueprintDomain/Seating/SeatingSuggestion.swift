import Foundation

/// Where to seat the attending guests who have no table yet: a household at a time (a
/// household stays together, plus-ones count), at the tables that have a record and room, and
/// never at a table that is not defined. Guests a keep-together rule joins go to one table when
/// one has room for them all; guests a keep-apart rule separates never share one. What cannot
/// be done is said, with the reason.
///
/// Deterministic: households are placed in order of household, then name (then id), each at the
/// lowest-numbered table that fits; the order of the input does not matter.
public struct SeatingSuggestion: Hashable, Sendable {
    /// One guest to seat.
    public struct Move: Hashable, Sendable {
        public var guest: Guest
        public var table: Int
    }

    /// Guests that could not be seated, or a rule the suggestion could not keep, and why.
    public struct Problem: Hashable, Sendable {
        public var guestIDs: [UUID]
        /// "Ana Lee and Ben Ng (4 seats): no table has 4 free seats".
        public var message: String
    }

    /// The guests to seat, by table then name.
    public var moves: [Move]
    public var problems: [Problem]

    public var isEmpty: Bool { moves.isEmpty && problems.isEmpty }

    /// A group placed as one: households joined by keep-together rules.
    private struct Party {
        var guests: [Guest]
        var seats: Int { guests.reduce(0) { $0 + $1.headcount } }
        /// A table where a guest a keep-together rule joins them already sits, lowest first.
        var preferred: [Int] = []
        var names: String { ListPhrase.joined(guests.map(\.fullName)) }
    }

    public init(guests: some Collection<Guest>, tables: [SeatingTable], rules: [SeatingRule]) {
        let chart = SeatingChart(guests: guests, tables: tables, rules: rules)
        var free: [Int: Int] = [:]
        for table in chart.tables { if let seats = table.freeSeats { free[table.number] = seats } }
        let open = free.keys.sorted()
        var tableOf: [UUID: Int] = [:], householdTables: [String: Set<Int>] = [:]
        for table in chart.tables {
            for guest in table.guests {
                tableOf[guest.id] = table.number
                if let household = guest.householdKey { householdTables[household, default: []].insert(table.number) }
            }
        }
        var apartFrom: [UUID: Set<UUID>] = [:], togetherWith: [UUID: Set<UUID>] = [:]
        for rule in rules {
            for guest in rule.guestIDs {
                let others = Set(rule.guestIDs).subtracting([guest])
                switch rule.ruleKind {
                case .apart: apartFrom[guest, default: []].formUnion(others)
                case .together: togetherWith[guest, default: []].formUnion(others)
                }
            }
        }
        let waiting = chart.unassigned.filter { $0.rsvp == .attending }
        var moves: [Move] = [], problems: [Problem] = []
        for party in Self.parties(waiting, togetherWith: togetherWith, tableOf: tableOf, householdTables: householdTables) {
            func fits(_ table: Int, _ guests: [Guest]) -> Bool {
                let seats = guests.reduce(0) { $0 + $1.headcount }
                guard free[table, default: 0] >= seats else { return false }
                return !guests.contains { guest in
                    apartFrom[guest.id, default: []].contains { tableOf[$0] == table }
                }
            }
            func seat(_ guests: [Guest], at table: Int) {
                for guest in guests {
                    tableOf[guest.id] = table
                    moves.append(Move(guest: guest, table: table))
                }
                free[table, default: 0] -= guests.reduce(0) { $0 + $1.headcount }
            }
            if let clash = Self.apartWithin(party.guests, apartFrom: apartFrom) {
                problems.append(Problem(guestIDs: party.guests.map(\.id),
                                        message: "\(party.names): not seated, a keep-apart rule separates \(clash) "
                                            + "but they are kept together"))
                continue
            }
            let candidates = party.preferred.filter { free[$0] != nil } + open.filter { !party.preferred.contains($0) }
            if let table = candidates.first(where: { fits($0, party.guests) }) {
                seat(party.guests, at: table)
                continue
            }
            let households = Self.households(party.guests)
            guard households.count > 1 else {
                problems.append(Problem(guestIDs: party.guests.map(\.id),
                                        message: "\(party.names): not seated, " + Self.reason(seats: party.seats, open: open,
                                                                                               free: free)))
                continue
            }
            // The keep-together rule cannot hold: each household on its own.
            problems.append(Problem(guestIDs: party.guests.map(\.id),
                                    message: "Keep together: \(party.names) do not fit at one table "
                                        + "(" + CountPhrase.of(party.seats, "seat") + "); seated household by household where there is room"))
            for household in households {
                let seats = household.reduce(0) { $0 + $1.headcount }
                if let table = candidates.first(where: { fits($0, household) }) {
                    seat(household, at: table)
                } else {
                    problems.append(Problem(guestIDs: household.map(\.id),
                                            message: "\(ListPhrase.joined(household.map(\.fullName))): not seated, "
                                                + Self.reason(seats: seats, open: open, free: free)))
                }
            }
        }
        self.moves = moves.map { (table: $0.table, key: Self.key($0.guest), move: $0) }
            .sorted { ($0.table, $0.key) < ($1.table, $1.key) }.map(\.move)
        self.problems = problems
    }

    /// Why a party of `seats` found no table.
    private static func reason(seats: Int, open: [Int], free: [Int: Int]) -> String {
        if open.isEmpty { return "no tables are set up (add tables with a capacity first)" }
        let room = open.contains { free[$0, default: 0] >= seats }
        return room ? "every table with room has a guest a keep-apart rule separates them from"
                    : "no table has " + CountPhrase.of(seats, "free seat")
    }

    /// The unseated attending guests in parties: a household each (a guest with no household
    /// alone), joined with the others of a keep-together rule, in household-then-name order.
    /// A party prefers the tables where its households' other guests and its keep-together
    /// partners already sit.
    private static func parties(_ waiting: [Guest], togetherWith: [UUID: Set<UUID>], tableOf: [UUID: Int],
                                householdTables: [String: Set<Int>]) -> [Party] {
        let households = households(waiting)
        var partyOf: [UUID: Int] = [:]
        var parties: [Party] = []
        for household in households {
            // Join the first party already holding a guest this household must sit with.
            let joined = household.lazy.flatMap { togetherWith[$0.id, default: []].sorted() }
                .compactMap { partyOf[$0] }.min()
            let index = joined ?? parties.count
            if joined == nil { parties.append(Party(guests: [])) }
            parties[index].guests += household
            for guest in household { partyOf[guest.id] = index }
        }
        return parties.map { party in
            var party = party
            let partners = party.guests.flatMap { togetherWith[$0.id, default: []] }
            let households = party.guests.compactMap(\.householdKey).flatMap { householdTables[$0, default: []] }
            party.preferred = Set(partners.compactMap { tableOf[$0] } + households).sorted()
            return party
        }
    }

    /// `guests` in households (a guest with no household alone), in household-then-name order.
    private static func households(_ guests: [Guest]) -> [[Guest]] {
        var byHousehold: [String: [Guest]] = [:]
        var alone: [[Guest]] = []
        for guest in guests {
            if let name = guest.householdKey { byHousehold[name, default: []].append(guest) } else { alone.append([guest]) }
        }
        let grouped = byHousehold.values.map(sortedByKey)
        return (grouped + alone).map { (key: key($0[0]), guests: $0) }.sorted { $0.key < $1.key }.map(\.guests)
    }

    /// The names of two guests of `guests` a keep-apart rule separates, if any.
    private static func apartWithin(_ guests: [Guest], apartFrom: [UUID: Set<UUID>]) -> String? {
        for guest in guests {
            if let other = guests.first(where: { apartFrom[guest.id, default: []].contains($0.id) }) {
                return "\(guest.fullName) and \(other.fullName)"
            }
        }
        return nil
    }

    /// Household, then last and first name, then id: the order parties are placed in.
    private struct Key: Comparable {
        let household: String, lastName: String, firstName: String, id: UUID

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.household, lhs.lastName, lhs.firstName, lhs.id) < (rhs.household, rhs.lastName, rhs.firstName, rhs.id)
        }
    }

    private static func key(_ guest: Guest) -> Key {
        Key(household: guest.householdKey ?? "", lastName: guest.lastName.lowercased(),
            firstName: guest.firstName.lowercased(), id: guest.id)
    }

    /// `guests` by `key`, each key made once rather than at every comparison.
    private static func sortedByKey(_ guests: [Guest]) -> [Guest] {
        guests.map { (key: key($0), guest: $0) }.sorted { $0.key < $1.key }.map(\.guest)
    }
}
