import Foundation

/// Which way money is owed.
public enum OwedDirection: String, Sendable, Codable, CaseIterable {
    /// Promised to the couple: a parents' contribution, a loan to them.
    case toCouple = "to-couple"
    /// The couple owes it: a loan to pay back, a share a relative paid for.
    case byCouple = "by-couple"
}

/// Money promised to the couple or owed by them, outside the budget's expenses: contributions
/// from family, loans. Shown beside the budget; a contribution to the couple may count as income.
public struct MoneyOwed: Record {
    public static let kind = RecordKind.moneyOwed

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    /// Who gives or is owed it: "Ana's parents".
    public var person: String
    public var direction: OwedDirection
    /// The whole amount promised or owed.
    public var amount: Money
    /// How much of it has changed hands so far (received, or paid back).
    public var settled: Money
    public var dueOn: CalendarDate?
    /// Whether money owed to the couple counts as income in the budget summary (as received).
    public var countsAsIncome: Bool
    public var notes: String

    public init(id: UUID = UUID(), person: String, direction: OwedDirection = .toCouple, amount: Money,
                settled: Money = .zero, dueOn: CalendarDate? = nil, countsAsIncome: Bool = false, notes: String = "",
                createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.person = person
        self.direction = direction
        self.amount = amount
        self.settled = settled
        self.dueOn = dueOn
        self.countsAsIncome = countsAsIncome
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    /// Still to change hands.
    public var outstanding: Money { max(.zero, amount - settled) }

    /// What counts as income in the budget summary: what a contribution has brought in so far.
    public var income: Money { direction == .toCouple && countsAsIncome ? settled : .zero }
}
