import Foundation

/// One category's figure in a budget scenario.
public struct ScenarioLine: Hashable, Sendable, Codable, Identifiable {
    public var id: UUID
    /// The live category the line stands for; `nil` for a category the scenario adds (or one
    /// deleted since it was copied), which making the scenario live creates.
    public var categoryID: UUID?
    public var name: String
    public var allocated: Money

    public init(id: UUID = UUID(), categoryID: UUID? = nil, name: String, allocated: Money) {
        self.id = id
        self.categoryID = categoryID
        self.name = name
        self.allocated = allocated
    }
}

/// A named what-if copy of the budget ("150 guests", "City venue"): a total and a figure per
/// category, changed freely without touching the live budget, compared with others and
/// possibly made the live budget.
public struct BudgetScenario: Record {
    public static let kind = RecordKind.scenario

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    public var name: String
    public var totalBudget: Money
    /// The categories' figures, in the order shown.
    public var lines: [ScenarioLine]
    public var notes: String

    public init(id: UUID = UUID(), name: String, totalBudget: Money = .zero, lines: [ScenarioLine] = [],
                notes: String = "", createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.name = name
        self.totalBudget = totalBudget
        self.lines = lines
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    /// What the lines allocate in all.
    public var allocated: Money { lines.reduce(.zero) { $0 + $1.allocated } }
}
