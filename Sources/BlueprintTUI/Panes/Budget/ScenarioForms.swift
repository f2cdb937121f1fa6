import BlueprintDomain
import Foundation

/// The scenario forms: a new scenario's name (it copies the live budget), a scenario's name,
/// total and notes, and one line's category name and amount. The domain's checks of the
/// scenario decide what is refused; each problem shows beside its field.
enum ScenarioForms {
    /// What the forms check against: the wedding (its currency) and its scenarios.
    struct Choices {
        let wedding: Wedding?
        let scenarios: [BudgetScenario]

        var currency: Currency { wedding?.currency ?? .usd }

        /// The domain's problems with `scenario` among the others, on the form's fields:
        /// `lines[2].allocated` on `amount`, `lines[2].name` and `lines` on `name`, `totalBudget` on `total`.
        func issues(of scenario: BudgetScenario) -> [ValidationIssue] {
            guard let wedding else { return [] }
            return scenario.validationIssues(in: WeddingDataset(wedding: wedding, scenarios: scenarios)).map { issue in
                let field: String
                switch issue.field {
                case "totalBudget": field = "total"
                case let line where line.hasPrefix("lines") && line.hasSuffix(".allocated"): field = "amount"
                case let line where line.hasPrefix("lines"): field = "name"
                default: field = issue.field
                }
                return ValidationIssue(field: field, message: issue.message)
            }
        }
    }

    // MARK: Copying the live budget

    static func copyForm() -> Form {
        Form(title: "Copy the budget into a scenario", fields: [
            .text("name", "Name", "", placeholder: "e.g. 150 guests, City venue"),
        ])
    }

    /// The new scenario's name, checked as the domain checks a scenario's name.
    static func name(from form: Form, choices: Choices) -> FormReading<String> {
        let name = FieldReader(form).text("name")
        return FormReading(name, issues: choices.issues(of: BudgetScenario(name: name)))
    }

    // MARK: Scenario

    static func scenarioForm(_ scenario: BudgetScenario, currency: Currency) -> Form {
        Form(title: "Edit \(scenario.name)", fields: [
            .text("name", "Name", scenario.name),
            .text("total", "Total budget", currency.plain(scenario.totalBudget), placeholder: "amount, e.g. 40000"),
            .text("notes", "Notes", scenario.notes),
        ])
    }

    static func scenario(from form: Form, base: BudgetScenario, choices: Choices) -> FormReading<BudgetScenario> {
        var reader = FieldReader(form)
        var scenario = base
        scenario.name = reader.text("name")
        scenario.totalBudget = reader.requiredMoney("total", in: choices.currency, "a total budget")
        scenario.notes = form["notes"].text
        if reader.issues.isEmpty { reader.add(choices.issues(of: scenario)) }
        return FormReading(scenario, issues: reader.issues)
    }

    // MARK: Line

    static func lineForm(_ line: ScenarioLine?, in scenario: BudgetScenario, currency: Currency) -> Form {
        Form(title: line.map { "\(scenario.name): \($0.name)" } ?? "New line in \(scenario.name)", fields: [
            .text("name", "Category", line?.name ?? ""),
            .text("amount", "Amount", line.map { currency.plain($0.allocated) } ?? "", placeholder: "amount, e.g. 1500"),
        ])
    }

    /// The line as typed, checked as part of `scenario` (a second line of the same name is refused).
    static func line(from form: Form, base: ScenarioLine, in scenario: BudgetScenario, choices: Choices) -> FormReading<ScenarioLine> {
        var reader = FieldReader(form)
        var line = base
        line.name = reader.text("name")
        line.allocated = reader.requiredMoney("amount", in: choices.currency, "an amount")
        if reader.issues.isEmpty {
            var planned = scenario
            if let index = planned.lines.firstIndex(where: { $0.id == line.id }) {
                planned.lines[index] = line
            } else {
                planned.lines.append(line)
            }
            reader.add(choices.issues(of: planned).filter { $0.field == "name" || $0.field == "amount" })
        }
        return FormReading(line, issues: reader.issues)
    }
}
