import Foundation

/// Two budgets side by side, per category: two scenarios, or a scenario and the live budget.
/// Categories are lined up by category id, then by name (case-insensitively), so a scenario's
/// line for a category the live budget renamed, or a line it added under an existing name,
/// still meets its counterpart.
public struct ScenarioComparison: Hashable, Sendable {
    /// One budget as compared: its name, total budget and a figure per category.
    public struct Side: Hashable, Sendable {
        public var name: String
        public var totalBudget: Money
        public var lines: [ScenarioLine]

        public init(name: String, totalBudget: Money, lines: [ScenarioLine]) {
            self.name = name
            self.totalBudget = totalBudget
            self.lines = lines
        }

        /// A scenario as it stands.
        public init(_ scenario: BudgetScenario) {
            self.init(name: scenario.name, totalBudget: scenario.totalBudget, lines: scenario.lines)
        }

        /// The live budget: the wedding's total and each category's allocation, by name.
        public static func live(wedding: Wedding, categories: some Collection<BudgetCategory>) -> Side {
            Side(name: "Live budget", totalBudget: wedding.totalBudget, lines: BudgetScenario.lines(of: categories))
        }

        /// What the lines allocate in all.
        public var allocated: Money { lines.reduce(.zero) { $0 + $1.allocated } }
    }

    /// One category: each side's figure (`nil` where that side has no line for it) and how much
    /// more the right side allocates (a side without the line counts 0).
    public struct Row: Hashable, Sendable {
        public var categoryID: UUID?
        public var name: String
        public var left: Money?
        public var right: Money?
        public var difference: Money { (right ?? .zero) - (left ?? .zero) }
    }

    public let left: Side
    public let right: Side
    /// The left side's categories in its order, then those only the right side has, in its order.
    public let rows: [Row]

    public init(_ left: Side, _ right: Side) {
        self.left = left
        self.right = right
        var unmatched = Array(right.lines.indices)
        var rows: [Row] = []
        for line in left.lines {
            let byID = line.categoryID.flatMap { id in unmatched.firstIndex { right.lines[$0].categoryID == id } }
            let match = byID ?? unmatched.firstIndex { Self.sameName(right.lines[$0].name, line.name) }
            let other = match.map { right.lines[unmatched.remove(at: $0)] }
            rows.append(Row(categoryID: line.categoryID ?? other?.categoryID, name: line.name,
                            left: line.allocated, right: other?.allocated))
        }
        for index in unmatched {
            let line = right.lines[index]
            rows.append(Row(categoryID: line.categoryID, name: line.name, left: nil, right: line.allocated))
        }
        self.rows = rows
    }

    /// How much more the right side's total budget is.
    public var totalDifference: Money { right.totalBudget - left.totalBudget }
    /// How much more the right side allocates across its categories.
    public var allocatedDifference: Money { right.allocated - left.allocated }

    static func sameName(_ one: String, _ other: String) -> Bool {
        ScenarioLine.folded(one) == ScenarioLine.folded(other)
    }
}

extension ScenarioLine {
    /// A category name as lines are matched by: trimmed, case-insensitive.
    public static func folded(_ name: String) -> String { name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
}
