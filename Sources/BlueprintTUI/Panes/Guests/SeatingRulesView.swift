import BlueprintDomain
import BlueprintTerminal
import Foundation

/// Every seating rule, oldest first: what it asks, its guests, why, and whether the chart keeps
/// it; under the figures, the highlighted rule's problem in full. The delete key deletes the
/// highlighted rule (asking first).
@MainActor
final class SeatingRulesView {
    let model = TableViewModel(columns: [
        TableColumn("Rule", minWidth: 8, priority: 10),
        TableColumn("Guests", minWidth: 20, flex: 1, priority: 9),
        TableColumn("Why", minWidth: 10, priority: 7),
        TableColumn("Holds", minWidth: 6, priority: 8),
    ])

    /// The rule highlighted among `rules`.
    func selected(in rules: [SeatingRule]) -> SeatingRule? {
        model.selectedRow.flatMap { $0 < rules.count ? rules[$0] : nil }
    }

    /// Draws `rules` as checked by `chart`; `name` gives a guest's name by id.
    func render(_ rules: [SeatingRule], chart: SeatingChart, name: (UUID) -> String?, into canvas: any Canvas,
                rect: CanvasRect, keymap: Keymap) {
        model.setRowCount(rules.count)
        let broken = Set(chart.violations.map(\.ruleID))
        var summary = SegmentLine()
        summary.add(count: rules.count, noun: "rule")
        summary.add(figure: "\(rules.filter { broken.contains($0.id) }.count)", label: "broken", broken.isEmpty ? .accent : .warning)
        summary.render(into: canvas, row: rect.row, column: rect.column, width: rect.columns)
        let keys = KeyHints.sentence("", [keymap.hint(.delete, in: .seating, "deletes the highlighted rule"),
                                          keymap.hint(.switchView, in: .seating, "back to the chart")], lead: "", end: "")
        canvas.draw(DisplayText(keys), row: rect.row + 1, column: rect.column, width: rect.columns, style: .muted)
        let problems = selected(in: rules).map { rule in chart.violations.filter { $0.ruleID == rule.id } } ?? []
        let problem = problems.map(\.message).joined(separator: "; ")
        canvas.draw(DisplayText(problems.isEmpty ? (rules.isEmpty ? "" : "This rule holds") : problem), row: rect.row + 2,
                    column: rect.column, width: rect.columns, style: problems.isEmpty ? .muted : .warning)
        let table = CanvasRect(row: rect.row + 3, column: rect.column, rows: rect.rows - 3, columns: rect.columns)
        let empty = KeyHints.sentence("No seating rules yet", [keymap.hint(.keepTogether, in: .seating, "or"),
                                                               keymap.hint(.keepApart, in: .seating, "on the chart adds one")],
                                      lead: ": ", end: ".")
        TableView.render(model, into: canvas, rect: table, empty: DisplayText(empty)) { row, column in
            let rule = rules[row], holds = !broken.contains(rule.id)
            switch column {
            case 0: return TableCell(DisplayText(Self.kind(rule.ruleKind)))
            case 1: return TableCell(DisplayText(ListPhrase.joined(rule.guestIDs.map { name($0) ?? "(deleted guest)" })))
            case 2: return TableCell(DisplayText(rule.note), style: .muted)
            default: return TableCell(holds ? "yes" : "no !", style: holds ? .normal : .warning)
            }
        }
    }

    /// "Together" or "Apart".
    static func kind(_ kind: SeatingRuleKind) -> String { kind == .together ? "Together" : "Apart" }

    /// What a rule is called in the delete dialog: "keep apart: Ana Lee and Ben Ng".
    static func title(_ rule: SeatingRule, name: (UUID) -> String?) -> String {
        (rule.ruleKind == .together ? "keep together: " : "keep apart: ")
            + ListPhrase.joined(rule.guestIDs.map { name($0) ?? "(deleted guest)" })
    }
}
