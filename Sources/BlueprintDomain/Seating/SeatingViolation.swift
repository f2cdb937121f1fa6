import Foundation

/// A seating rule the chart breaks, in words a planner understands.
public struct SeatingViolation: Hashable, Sendable, Codable {
    /// The rule broken.
    public var ruleID: UUID
    public var ruleKind: SeatingRuleKind
    /// The guests involved, in the rule's order.
    public var guestIDs: [UUID]
    /// "Keep together: Ana Lee (table 2) and Ben Ng (table 5) are at different tables (sisters)".
    public var message: String

    /// The violations of `rules` among `guests` (the guests who have not declined, by id): a
    /// together rule whose seated guests sit at different tables, or some seated and some not;
    /// an apart rule with two or more of its guests at one table. Guests who declined or were
    /// deleted do not count.
    public static func find(_ rules: [SeatingRule], guests: [UUID: Guest]) -> [SeatingViolation] {
        let ordered = rules.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return ordered.flatMap { rule -> [SeatingViolation] in
            let members = rule.guestIDs.compactMap { guests[$0] }
            let note = rule.note.isEmpty ? "" : " (\(rule.note))"
            switch rule.ruleKind {
            case .together: return together(rule, members, note: note).map { [$0] } ?? []
            case .apart: return apart(rule, members, note: note)
            }
        }
    }

    private static func together(_ rule: SeatingRule, _ members: [Guest], note: String) -> SeatingViolation? {
        let seated = members.filter { $0.table != nil }, unseated = members.filter { $0.table == nil }
        guard !seated.isEmpty else { return nil }
        let placed = seated.map { "\($0.fullName) (table \($0.table!))" }
        if Set(seated.compactMap(\.table)).count > 1 {
            return SeatingViolation(ruleID: rule.id, ruleKind: .together, guestIDs: members.map(\.id),
                                    message: "Keep together: \(ListPhrase.joined(placed)) are at different tables\(note)")
        }
        guard !unseated.isEmpty else { return nil }
        let verb = seated.count == 1 ? "is" : "are"
        let has = unseated.count == 1 ? "has" : "have"
        return SeatingViolation(ruleID: rule.id, ruleKind: .together, guestIDs: members.map(\.id),
                                message: "Keep together: \(ListPhrase.joined(seated.map(\.fullName))) \(verb) at table \(seated[0].table!) "
                                    + "but \(ListPhrase.joined(unseated.map(\.fullName))) \(has) no table\(note)")
    }

    private static func apart(_ rule: SeatingRule, _ members: [Guest], note: String) -> [SeatingViolation] {
        var byTable: [Int: [Guest]] = [:]
        for guest in members { if let table = guest.table { byTable[table, default: []].append(guest) } }
        return byTable.keys.sorted().compactMap { table in
            guard let sharing = byTable[table], sharing.count > 1 else { return nil }
            return SeatingViolation(ruleID: rule.id, ruleKind: .apart, guestIDs: sharing.map(\.id),
                                    message: "Keep apart: \(ListPhrase.joined(sharing.map(\.fullName))) are \(sharing.count == 2 ? "both" : "all") at table \(table)\(note)")
        }
    }
}
