import BlueprintDomain
import BlueprintTerminal
import Foundation

/// The scenarios view's tables: the scenarios, one scenario's lines, and two budgets side by side.
@MainActor
enum ScenarioColumns {
    static let scenarios = [
        TableColumn("Scenario", minWidth: 12, maxWidth: 32, flex: 2, priority: 10),
        TableColumn("Total", minWidth: 12, alignment: .right, priority: 9),
        TableColumn("Allocated", minWidth: 12, alignment: .right, priority: 7),
        TableColumn("vs live total", minWidth: 13, alignment: .right, priority: 8),
        TableColumn("Lines", minWidth: 5, alignment: .right, priority: 3),
    ]

    static let lines = [
        TableColumn("Category", minWidth: 12, maxWidth: 32, flex: 2, priority: 10),
        TableColumn("Amount", minWidth: 12, alignment: .right, priority: 9),
        TableColumn("", minWidth: 14, priority: 3),
    ]

    /// The amounts of each table, never cut (`TableColumn.fitting`): a scenario's total, allocated
    /// and difference from the live total; a line's amount; both budgets and their difference.
    static let scenarioAmounts = [1, 2, 3], lineAmounts = [1], comparisonAmounts = [1, 2, 3]

    /// Category, the left budget, the right budget, and how much more the right one is.
    static func comparison(_ comparison: ScenarioComparison) -> [TableColumn] {
        [
            TableColumn("Category", minWidth: 12, maxWidth: 32, flex: 2, priority: 10),
            TableColumn(DisplayText(comparison.left.name), minWidth: 12, maxWidth: 24, alignment: .right, priority: 9),
            TableColumn(DisplayText(comparison.right.name), minWidth: 12, maxWidth: 24, alignment: .right, priority: 9),
            TableColumn("Difference", minWidth: 12, alignment: .right, priority: 8),
        ]
    }

    static func scenarioCell(_ scenario: BudgetScenario, column: Int, liveTotal: Money?, currency: Currency) -> TableCell {
        switch column {
        case 0: return TableCell(DisplayText(scenario.name))
        case 1: return TableCell(DisplayText(Formats.money(scenario.totalBudget, currency)))
        case 2:
            let over = scenario.allocated > scenario.totalBudget
            return TableCell(DisplayText(Formats.money(scenario.allocated, currency)), style: over ? .danger : .normal)
        case 3: return liveTotal.map { difference(scenario.totalBudget - $0, currency: currency) } ?? ""
        default: return TableCell(DisplayText("\(scenario.lines.count)"), style: .muted)
        }
    }

    static func lineCell(_ line: ScenarioLine, column: Int, currency: Currency) -> TableCell {
        switch column {
        case 0: return TableCell(DisplayText(line.name))
        case 1: return TableCell(DisplayText(Formats.money(line.allocated, currency)))
        default: return line.categoryID == nil ? TableCell("new category", style: .muted) : ""
        }
    }

    /// Row `row` of the comparison: a category, then the allocated and total budget totals.
    static func comparisonCell(_ comparison: ScenarioComparison, row: Int, column: Int, currency: Currency) -> TableCell {
        let money = { (amount: Money?) in TableCell(DisplayText(amount.map { Formats.money($0, currency) } ?? "—"),
                                                     style: amount == nil ? .muted : .normal) }
        guard row < comparison.rows.count else {
            let allocated = row == comparison.rows.count
            let (label, left, right) = allocated
                ? ("Allocated", comparison.left.allocated, comparison.right.allocated)
                : ("Total budget", comparison.left.totalBudget, comparison.right.totalBudget)
            switch column {
            case 0: return TableCell(DisplayText(label), style: .accent)
            case 1: return TableCell(DisplayText(Formats.money(left, currency)), style: .accent)
            case 2: return TableCell(DisplayText(Formats.money(right, currency)), style: .accent)
            default: return difference(right - left, currency: currency)
            }
        }
        let line = comparison.rows[row]
        switch column {
        case 0: return TableCell(DisplayText(line.name))
        case 1: return money(line.left)
        case 2: return money(line.right)
        default: return difference(line.difference, currency: currency)
        }
    }

    /// `+$3,200.00` in the warning style (more money), `-$500.00`, or a muted `same`.
    static func difference(_ amount: Money, currency: Currency) -> TableCell {
        if amount == .zero { return TableCell("same", style: .muted) }
        return amount > .zero ? TableCell(DisplayText("+" + Formats.money(amount, currency)), style: .warning)
            : TableCell(DisplayText(Formats.money(amount, currency)))
    }
}
