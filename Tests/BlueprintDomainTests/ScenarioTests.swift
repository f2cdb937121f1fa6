import BlueprintDomain
import Foundation
import Testing

@Suite("Budget scenarios")
struct ScenarioTests {
    static let venue = BudgetCategory(id: uuid(1), name: "Venue", allocated: usd(10_000), createdAt: createdTime)
    static let flowers = BudgetCategory(id: uuid(2), name: "flowers", allocated: usd(1_500), createdAt: createdTime)
    static let music = BudgetCategory(id: uuid(3), name: "Music", allocated: usd(2_000), createdAt: createdTime)
    static let categories = [venue, flowers, music]

    @Test("copying the live budget takes the wedding's total and a line per category, by name")
    func copy() {
        let scenario = BudgetScenario.copying(fixtureWedding, categories: Self.categories, named: "150 guests")
        #expect(scenario.name == "150 guests")
        #expect(scenario.totalBudget == fixtureWedding.totalBudget)
        #expect(scenario.lines.map(\.categoryID) == [Self.flowers.id, Self.music.id, Self.venue.id])
        #expect(scenario.lines.map(\.name) == ["flowers", "Music", "Venue"])
        #expect(scenario.lines.map(\.allocated) == [usd(1_500), usd(2_000), usd(10_000)])
        #expect(scenario.allocated == usd(13_500))
    }

    @Test("comparing lines categories up by id, then by name; a side without one shows nothing and counts 0")
    func compare() {
        var city = BudgetScenario.copying(fixtureWedding, categories: Self.categories, named: "City venue")
        city.totalBudget = usd(30_000)
        city.lines[2].allocated = usd(14_000)          // Venue, by id
        city.lines[2].name = "City hall"               // renamed in the scenario: still matched by id
        city.lines.remove(at: 1)                       // no Music
        city.lines.append(ScenarioLine(name: "FLOWERS ", allocated: usd(1))) // no id: matched by name
        city.lines.remove(at: 0)
        city.lines.append(ScenarioLine(name: "Transport", allocated: usd(800)))
        let live = ScenarioComparison.Side.live(wedding: fixtureWedding, categories: Self.categories)
        let comparison = ScenarioComparison(live, ScenarioComparison.Side(city))
        #expect(comparison.rows.map(\.name) == ["flowers", "Music", "Venue", "Transport"])
        #expect(comparison.rows.map(\.left) == [usd(1_500), usd(2_000), usd(10_000), nil])
        #expect(comparison.rows.map(\.right) == [usd(1), nil, usd(14_000), usd(800)])
        #expect(comparison.rows.map(\.difference) == [usd(1) - usd(1_500), usd(-2_000), usd(4_000), usd(800)])
        #expect(comparison.rows.map(\.categoryID) == [Self.flowers.id, Self.music.id, Self.venue.id, nil])
        #expect(comparison.left.allocated == usd(13_500) && comparison.right.allocated == usd(14_801))
        #expect(comparison.totalDifference == usd(30_000) - fixtureWedding.totalBudget)
        #expect(comparison.allocatedDifference == usd(1_301))
    }

    @Test("making a scenario live: allocations from its lines, new categories for new lines, 0 for the missing, the total")
    func liveChanges() throws {
        var scenario = BudgetScenario.copying(fixtureWedding, categories: Self.categories, named: "Smaller")
        scenario.totalBudget = usd(20_000)
        scenario.lines.removeAll { $0.categoryID == Self.music.id }
        scenario.lines[0].allocated = usd(900)        // flowers
        scenario.lines.append(ScenarioLine(name: "Transport", allocated: usd(700)))
        scenario.lines.append(ScenarioLine(categoryID: uuid(99), name: "music", allocated: usd(50))) // gone: matched by name
        let changes = scenario.liveChanges(wedding: fixtureWedding, categories: Self.categories)
        var created: [BudgetCategory] = [], updated: [BudgetCategory] = [], total: Money?
        for step in changes.steps {
            switch step {
            case .create(let record): created.append(try #require(record as? BudgetCategory))
            case .update(let record): updated.append(try #require(record as? BudgetCategory))
            case .updateWedding(let wedding): total = wedding.totalBudget
            case .delete, .recreate: Issue.record("making a scenario live deletes and re-creates nothing")
            }
        }
        #expect(created.map(\.name) == ["Transport"] && created.map(\.allocated) == [usd(700)])
        #expect(updated.map(\.id) == [Self.flowers.id, Self.music.id])  // Venue is already at its figure
        #expect(updated.map(\.allocated) == [usd(900), usd(50)])
        #expect(updated.map(\.version) == [1, 1])
        #expect(total == usd(20_000))
    }

    @Test("a scenario equal to the live budget changes nothing")
    func liveUnchanged() {
        let scenario = BudgetScenario.copying(fixtureWedding, categories: Self.categories, named: "Same")
        #expect(scenario.liveChanges(wedding: fixtureWedding, categories: Self.categories).isEmpty)
    }
}

@Suite("Budget income")
struct BudgetIncomeTests {
    @Test("money gifts and contributions count as income only when marked, and leave more remaining")
    func income() {
        let gifts = [
            Gift(from: "Aunt May", giftKind: .money, value: usd(500), countsAsIncome: true),
            Gift(from: "Uncle Bo", giftKind: .money, value: usd(300)),                              // not marked
            Gift(from: "Ana's office", giftKind: .item, value: usd(200), countsAsIncome: true),    // not money
            Gift(from: "Cousins", giftKind: .money, value: nil, countsAsIncome: true),             // value unknown
        ]
        let owed = [
            MoneyOwed(person: "Ana's parents", amount: usd(5_000), settled: usd(2_000), countsAsIncome: true),
            MoneyOwed(person: "Ben's parents", amount: usd(1_000), settled: usd(1_000)),             // not marked
            MoneyOwed(person: "Bank", direction: .byCouple, amount: usd(900), settled: usd(100), countsAsIncome: true),
        ]
        let expense = Expense(name: "Hall", categoryID: uuid(1), amount: usd(1_000))
        let summary = BudgetSummary(wedding: fixtureWedding, categories: [], expenses: [expense], gifts: gifts, moneyOwed: owed,
                                    today: day("2026-06-01"))
        #expect(summary.income == usd(2_500))
        #expect(summary.remaining == fixtureWedding.totalBudget + usd(2_500) - usd(1_000))
        let without = BudgetSummary(wedding: fixtureWedding, categories: [], expenses: [expense], today: day("2026-06-01"))
        #expect(without.income == .zero && without.remaining == fixtureWedding.totalBudget - usd(1_000))
    }
}
