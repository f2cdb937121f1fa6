import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The budget pane's scenarios: the what-if copies of the budget (total, allocated, and how
/// their total differs from the live one). `a` copies the live budget into a new one, `e`
/// edits its name, total and notes, `d` deletes it; Enter lists its lines, where `a`, `e` and
/// `d` add, change and remove a line. `C` compares it with the live budget per category, and
/// again with each other scenario in turn; `L` makes it the live budget, after saying what
/// changes. Esc goes back a step.
@MainActor
final class ScenariosView {
    private enum Screen: Equatable {
        case list
        case lines(UUID)
        /// A scenario compared with another (`nil`: the live budget).
        case comparison(UUID, with: UUID?)
    }

    private let budget: BudgetStore
    private let scenarioRows: RecordListController<[BudgetScenario]>
    private lazy var lineRows = RecordListController<[ScenarioLine]>(columns: ScenarioColumns.lines) {
        [unowned self] in scenarioOfLines?.lines ?? []
    }
    private var scenarioList: RecordList { scenarioRows.list }
    private var lineList: RecordList { lineRows.list }
    private let comparisonTable = TableViewModel(columns: [])
    private var screen = Screen.list
    /// Where Esc goes from a comparison: the list or the lines it was opened from.
    private var beforeComparison = Screen.list

    init(budget: BudgetStore) {
        self.budget = budget
        scenarioRows = RecordListController(columns: ScenarioColumns.scenarios) { budget.scenarios }
        scenarioRows.onAdd { [unowned self] in openCopyForm(host: $0) }
        scenarioRows.on(.edit) { [unowned self] in openScenarioForm($0, host: $1) }
        scenarioRows.on(.delete) { scenario, host in
            host.confirmDelete("scenario", named: scenario.name, consequence: "The live budget is not changed.", store: budget) {
                await budget.deleteScenario(scenario.id)
            }
        }
        scenarioRows.on(.activate) { [unowned self] scenario, _ in screen = .lines(scenario.id) }
        lineRows.onAdd { [unowned self] host in
            if let scenario = scenarioOfLines { openLineForm(nil, in: scenario, host: host) }
        }
        lineRows.on(.edit, .activate) { [unowned self] line, host in
            if let scenario = scenarioOfLines { openLineForm(line, in: scenario, host: host) }
        }
        lineRows.on(.delete) { [unowned self] line, host in
            guard let scenario = scenarioOfLines else { return }
            host.confirmDelete("line", named: line.name, consequence: "Only \(scenario.name) changes.", store: budget) {
                await budget.removeScenarioLine(line.id, from: scenario.id)
            }
        }
    }

    /// The scenario whose lines are shown.
    private var scenarioOfLines: BudgetScenario? {
        guard case .lines(let id) = screen else { return nil }
        return budget.scenario(id)
    }

    private var currency: Currency { budget.wedding?.currency ?? .usd }
    private var choices: ScenarioForms.Choices { ScenarioForms.Choices(wedding: budget.wedding, scenarios: budget.scenarios) }

    var modeName: String {
        switch screen {
        case .list: "SCENARIOS"
        case .lines: "SCENARIO"
        case .comparison: "COMPARE"
        }
    }

    var statusContext: String {
        let count = budget.scenarios.count
        var parts = [CountPhrase.of(count, "scenario")]
        if let scenario = selectedScenario { parts.append("\(scenario.name): " + CountPhrase.of(scenario.lines.count, "line")) }
        return parts.joined(separator: " · ")
    }

    /// Back at the list of scenarios.
    func reset() { screen = .list }

    /// The scenario in view: the one whose lines or comparison is shown, else the selected one.
    var selectedScenario: BudgetScenario? {
        switch screen {
        case .list: return scenarioRows.selected
        case .lines(let id), .comparison(let id, _): return budget.scenario(id)
        }
    }

    /// The scenario `id` compared with the scenario `other`, the selected one on the left; or,
    /// `other` `nil`, the live budget on the left, as what the scenario changes.
    private func comparison(_ id: UUID, with other: UUID?) -> ScenarioComparison? {
        guard let comparison = budget.compare(id, with: other) else { return nil }
        return other == nil ? ScenarioComparison(comparison.right, comparison.left) : comparison
    }

    // MARK: Drawing

    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        if case .lines(let id) = screen, budget.scenario(id) == nil { screen = .list }
        if case .comparison(let id, let other) = screen, comparison(id, with: other) == nil { screen = .list }
        titleLine(keymap).render(into: canvas, row: rect.row, column: rect.column, width: rect.columns)
        let body = CanvasRect(row: rect.row + 1, column: rect.column, rows: max(0, rect.rows - 1), columns: rect.columns)
        let currency = self.currency
        switch screen {
        case .list:
            let scenarios = budget.scenarios, liveTotal = budget.wedding?.totalBudget
            scenarioList.sync(scenarios)
            let cell = { (row: Int, column: Int) in
                ScenarioColumns.scenarioCell(scenarios[row], column: column, liveTotal: liveTotal, currency: currency)
            }
            scenarioList.model.columns = ScenarioColumns.scenarios.fitting(ScenarioColumns.scenarioAmounts, rows: scenarios.indices,
                                                                           cell: cell)
            TableView.render(scenarioList.model, into: canvas, rect: body, empty: Self.noScenarios(keymap), cell: cell)
        case .lines(let id):
            let lines = budget.scenario(id)?.lines ?? []
            lineList.sync(lines)
            let cell = { (row: Int, column: Int) in ScenarioColumns.lineCell(lines[row], column: column, currency: currency) }
            lineList.model.columns = ScenarioColumns.lines.fitting(ScenarioColumns.lineAmounts, rows: lines.indices, cell: cell)
            TableView.render(lineList.model, into: canvas, rect: body,
                             empty: EmptyListText.noRecords("lines", keymap: keymap, mode: .budget), cell: cell)
        case .comparison(let id, let other):
            guard let comparison = self.comparison(id, with: other) else { return }
            let rows = comparison.rows.count + 2
            let cell = { (row: Int, column: Int) in
                ScenarioColumns.comparisonCell(comparison, row: row, column: column, currency: currency)
            }
            comparisonTable.columns = ScenarioColumns.comparison(comparison).fitting(ScenarioColumns.comparisonAmounts, rows: 0..<rows,
                                                                                     cell: cell)
            comparisonTable.setRowCount(rows)
            TableView.render(comparisonTable, into: canvas, rect: body, cell: cell)
        }
    }

    /// What the view shows and the keys that matter there.
    private func titleLine(_ keymap: Keymap) -> SegmentLine {
        var line = SegmentLine()
        let hints: [String?]
        switch screen {
        case .list:
            line.add("▶ Scenarios (\(budget.scenarios.count))", .accent)
            hints = [keymap.hint(.activate, in: .budget, "lines"), keymap.hint(.compareScenario, in: .budget, "compares"),
                     keymap.hint(.makeLive, in: .budget, "makes live"), keymap.hint(.switchView, in: .budget, "switches")]
        case .lines(let id):
            guard let scenario = budget.scenario(id) else { return line }
            line.add("▶ " + scenario.name, .accent)
            line.add(figure: Formats.money(scenario.totalBudget, currency), label: "total")
            line.add(figure: Formats.money(scenario.allocated, currency), label: "allocated",
                     scenario.allocated > scenario.totalBudget ? .danger : .accent)
            hints = [keymap.hint(.compareScenario, in: .budget, "compares"), keymap.hint(.cancel, in: .budget, "back")]
        case .comparison(let id, let other):
            guard let comparison = self.comparison(id, with: other) else { return line }
            line.add("▶ \(comparison.left.name) compared with \(comparison.right.name)", .accent)
            let name = budget.scenario(id)?.name ?? ""
            hints = [keymap.hint(.compareScenario, in: .budget, "compares with the next"),
                     keymap.hint(.makeLive, in: .budget, "makes \(name) live"), keymap.hint(.cancel, in: .budget, "back")]
        }
        let shown = hints.compactMap(\.self)
        if !shown.isEmpty {
            line.startGroup()
            line.add(shown.joined(separator: " · "), .muted)
        }
        return line
    }

    /// "No scenarios yet: a copies the live budget into one, to change freely."
    private static func noScenarios(_ keymap: Keymap) -> DisplayText {
        DisplayText(KeyHints.sentence("No scenarios yet",
                                      [keymap.hint(.add, in: .budget, "copies the live budget into one, to change freely")]))
    }

    // MARK: Keys and mouse

    func handle(_ mouse: MouseEvent) -> Bool {
        switch screen {
        case .list: scenarioRows.handle(mouse)
        case .lines: lineRows.handle(mouse)
        case .comparison: comparisonTable.handle(mouse)
        }
    }

    /// Handles `action`; false for one it leaves to the pane (`switchView` on the list, which
    /// leaves the scenarios).
    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        switch screen {
        case .list: return scenarioRows.handle(action, host: host)
        case .lines:
            guard scenarioOfLines != nil else { return false }
            if lineRows.handle(action, host: host) { return true }
            guard action == .cancel || action == .switchView else { return false }
            screen = .list
            return true
        case .comparison(let id, _):
            if comparisonTable.handle(action) { return true }
            guard action == .cancel || action == .switchView else { return false }
            screen = beforeComparison == .lines(id) ? beforeComparison : .list
            return true
        }
    }

    /// Compares the scenario in view with the live budget, or, when a comparison is shown, with
    /// the next budget: each other scenario by name, then the live budget again.
    func compareNext(host: any PlannerHost) {
        guard let scenario = selectedScenario else {
            host.report("Choose a scenario to compare first", severity: .warning)
            return
        }
        var next: UUID?
        if case .comparison(_, let current) = screen {
            let others = budget.scenarios.filter { $0.id != scenario.id }.map(\.id)
            let position = current.flatMap { others.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            next = position < others.count ? others[position] : nil
        } else {
            beforeComparison = screen
        }
        screen = .comparison(scenario.id, with: next)
        comparisonTable.select(row: 0)
    }

    // MARK: Making live

    func confirmMakeLive(_ scenario: BudgetScenario, host: any PlannerHost) {
        guard let comparison = self.comparison(scenario.id, with: nil) else { return }
        guard let changes = Self.liveChanges(comparison, currency: currency) else {
            host.report("\(scenario.name) is already the live budget")
            return
        }
        let undo = host.keymap.hint(.undo, in: .global, "undoes it.").map { " " + $0 } ?? ""
        let budget = self.budget
        let dialog = ConfirmDialog(title: "Make live", message: DisplayText("Make \(scenario.name) the live budget? \(changes).\(undo)"),
                                   confirmLabel: "Make live")
        host.present(ConfirmOverlay(dialog: dialog, onConfirm: { [weak host] in
            host?.run({ await budget.makeLive(scenario.id) }, undoable: "\(scenario.name) is the live budget", store: budget)
        }))
    }

    /// What making the right side of `comparison` (the live budget, then a scenario) live
    /// changes, in words: "Venue $8,000.00 → $11,200.00, Flowers …, 3 categories change,
    /// total $40,000.00 → $44,000.00"; `nil` when nothing would.
    static func liveChanges(_ comparison: ScenarioComparison, currency: Currency, named: Int = 2) -> String? {
        let money = { Formats.money($0, currency) }
        let changed = comparison.rows.filter { $0.difference != .zero }
        var parts = changed.prefix(named).map { row in
            row.left == nil ? "\(row.name) (new) \(money(row.right ?? .zero))"
                : "\(row.name) \(money(row.left ?? .zero)) → \(money(row.right ?? .zero))"
        }
        if !changed.isEmpty { parts.append("\(changed.count) categor\(changed.count == 1 ? "y changes" : "ies change")") }
        if comparison.totalDifference != .zero {
            parts.append("total \(money(comparison.left.totalBudget)) → \(money(comparison.right.totalBudget))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    // MARK: Forms

    private func openCopyForm(host: any PlannerHost) {
        let budget = self.budget, choices = self.choices
        host.present(FormOverlay(ScenarioForms.copyForm(), store: budget) { [weak self] form in
            switch ScenarioForms.name(from: form, choices: choices) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let name):
                return .save(success: "Copied the budget into \(name)") {
                    let outcome = await budget.copyLiveBudget(named: name)
                    if outcome.isSaved, let self, let copy = budget.scenarios.first(where: { $0.name == name }) {
                        self.scenarioRows.select(id: copy.id)
                    }
                    return outcome
                }
            }
        })
    }

    private func openScenarioForm(_ scenario: BudgetScenario, host: any PlannerHost) {
        let budget = self.budget, choices = self.choices
        host.present(FormOverlay(ScenarioForms.scenarioForm(scenario, currency: choices.currency), store: budget) { form in
            switch ScenarioForms.scenario(from: form, base: scenario, choices: choices) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let edited): return .save(success: "Saved " + edited.name) { await budget.updateScenario(edited) }
            }
        })
    }

    private func openLineForm(_ line: ScenarioLine?, in scenario: BudgetScenario, host: any PlannerHost) {
        let budget = self.budget, choices = self.choices
        let base = line ?? ScenarioLine(name: "", allocated: .zero)
        host.present(FormOverlay(ScenarioForms.lineForm(line, in: scenario, currency: choices.currency), store: budget) { form in
            switch ScenarioForms.line(from: form, base: base, in: scenario, choices: choices) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let edited):
                guard line != nil else {
                    return .save(success: "Added \(edited.name) to \(scenario.name)") {
                        await budget.addScenarioLine(named: edited.name, amount: edited.allocated, to: scenario.id)
                    }
                }
                var changed = scenario
                changed.lines = changed.lines.map { $0.id == edited.id ? edited : $0 }
                return .save(success: "Saved \(edited.name) in \(scenario.name)") { await budget.updateScenario(changed) }
            }
        })
    }
}
