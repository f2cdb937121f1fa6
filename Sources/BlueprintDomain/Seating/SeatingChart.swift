import Foundation

/// Guests by table, for the seating view, the printed seating chart and the suggestion: every
/// table (those with a record, and numbers guests sit at without one), the seats taken, the
/// tables over capacity, the guests without a table, and the broken seating rules.
public struct SeatingChart: Hashable, Sendable, Codable {
    public struct Table: Hashable, Sendable, Codable {
        public var number: Int
        /// The table's record (name, capacity), `nil` for a number guests sit at without one.
        public var record: SeatingTable?
        /// Guests assigned to the table who have not declined, by seat then name.
        public var guests: [Guest]
        /// Seats the table's attending guests and their plus-ones take.
        public var seatsUsed: Int

        /// Seats at the table; `nil` when it has no record (no capacity is known).
        public var capacity: Int? { record?.capacity }
        /// Seats taken beyond the capacity, 0 when within it or with no capacity.
        public var overBy: Int { capacity.map { max(0, seatsUsed - $0) } ?? 0 }
        public var isOverCapacity: Bool { overBy > 0 }
        /// Seats still free, `nil` with no capacity.
        public var freeSeats: Int? { capacity.map { max(0, $0 - seatsUsed) } }
        /// "Table 4 · Garden", or "Table 4".
        public var title: String { record?.title ?? "Table \(number)" }
    }

    /// Every table, by number.
    public var tables: [Table]
    /// Guests who are coming or may come but have no table yet, by name.
    public var unassigned: [Guest]
    /// The seating rules the chart breaks, in rule order (oldest rule first).
    public var violations: [SeatingViolation]

    /// The chart of `guests` at `tables` (records), checked against `rules`. Declined guests
    /// are left out; a table with a record is shown even when nobody sits at it.
    public init(guests: some Collection<Guest>, tables records: [SeatingTable] = [], rules: [SeatingRule] = []) {
        var byTable: [Int: [Guest]] = [:]
        var unassigned: [Guest] = []
        var seated: [UUID: Guest] = [:]
        for guest in guests where guest.rsvp != .declined {
            seated[guest.id] = guest
            if let table = guest.table { byTable[table, default: []].append(guest) } else { unassigned.append(guest) }
        }
        func order(_ a: Guest, _ b: Guest) -> Bool {
            (a.seat ?? Int.max, a.lastName, a.firstName, a.id) < (b.seat ?? Int.max, b.lastName, b.firstName, b.id)
        }
        var recordByNumber: [Int: SeatingTable] = [:]
        for record in records { recordByNumber[record.number] = record }
        let numbers = Set(byTable.keys).union(recordByNumber.keys).sorted()
        tables = numbers.map { number in
            let sitting = (byTable[number] ?? []).sorted(by: order)
            return Table(number: number, record: recordByNumber[number], guests: sitting,
                         seatsUsed: sitting.reduce(0) { $0 + $1.headcount })
        }
        self.unassigned = unassigned.sorted(by: order)
        violations = SeatingViolation.find(rules, guests: seated)
    }

    /// The table with `number`, if the chart has it.
    public func table(_ number: Int) -> Table? { tables.first { $0.number == number } }

    /// Tables over their capacity.
    public var overCapacity: [Table] { tables.filter(\.isOverCapacity) }
}
