import BlueprintDomain
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

@Suite("The expense form's split")
@MainActor
struct ExpenseSplitFormTests {
    let venue = BudgetCategory(name: "Venue"), flowers = BudgetCategory(name: "Flowers"), ceremony = BudgetCategory(name: "Ceremony")
    var choices: BudgetForms.Choices {
        BudgetForms.Choices(categories: [ceremony, flowers, venue], vendors: [], wedding: Wedding(name: "Ana & Ben"))
    }

    /// The expense read from its form with `split` typed into the Split field.
    func read(_ split: String, amount: Money = Money(minorUnits: 300_000)) -> FormReading<Expense> {
        let base = Expense(name: "Hall", categoryID: venue.id, amount: amount)
        var form = BudgetForms.expenseForm(base, in: venue.id, choices: choices)
        form.focus(on: "split")
        for character in split { _ = form.handle(.character(character)) }
        return BudgetForms.expense(from: form, base: base, choices: choices)
    }

    func issues(_ reading: FormReading<Expense>) -> [ValidationIssue] {
        guard case .invalid(let issues) = reading else { return [] }
        return issues
    }

    @Test("percent and amount shares, names in any case, a grouped amount kept whole")
    func parses() throws {
        guard case .valid(let expense) = read("flowers 12.5%, CEREMONY 1,200.00") else {
            Issue.record("the split should be read")
            return
        }
        #expect(expense.allocations == [ExpenseAllocation(categoryID: flowers.id, share: .percent(basisPoints: 1_250)),
                                        ExpenseAllocation(categoryID: ceremony.id, share: .amount(Money(minorUnits: 120_000)))])
        #expect(SplitText.text(expense.allocations, categories: choices.categories, currency: .usd)
                    == "Flowers 12.5%, Ceremony 1200.00")
    }

    @Test("an unknown category, a bad percent and a bad amount are named on the Split field")
    func refusals() {
        #expect(issues(read("Flowrs 30%")) == [ValidationIssue(field: "split", message: "no category is called 'Flowrs'")])
        #expect(issues(read("Flowers 3x%")).map(\.field) == ["split"])
        #expect(issues(read("Flowers 3x%")).first?.message.contains("'3x%' is not a percent") == true)
        #expect(issues(read("Flowers lots")).first?.message.hasPrefix("Flowers: ") == true)
    }

    @Test("the domain's checks (more than the expense, its own category) are shown on the Split field")
    func domainChecks() {
        #expect(issues(read("Flowers 5000")) == [ValidationIssue(field: "split", message: "the shares add up to more than the expense amount")])
        #expect(issues(read("Venue 10%")).map(\.field) == ["split"])
    }
}
