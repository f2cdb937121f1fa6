import BlueprintDomain
import Foundation

/// What-if copies of the budget the couple is weighing.
enum DemoScenarios {
    static func make(categories: [BudgetCategory], totalBudget: Money, timeline: DemoTimeline,
                     random: inout SeededRandom) -> [BudgetScenario] {
        let lines = categories.map {
            ScenarioLine(id: random.uuid(), categoryID: $0.id, name: $0.name, allocated: $0.allocated)
        }
        func scaled(_ money: Money, percent: Int64) -> Money { Money(minorUnits: money.minorUnits * percent / 100) }
        var smaller = BudgetScenario(id: random.uuid(), name: "Smaller guest list", totalBudget: scaled(totalBudget, percent: 85),
                                     lines: lines.map { line in
                                         var line = line
                                         line.allocated = scaled(line.allocated, percent: 85)
                                         return line
                                     }, notes: "About 30 fewer guests")
        var city = BudgetScenario(id: random.uuid(), name: "City venue", totalBudget: scaled(totalBudget, percent: 110),
                                  lines: lines.map { line in
                                      var line = line
                                      if line.name.localizedCaseInsensitiveContains("venue") { line.allocated = scaled(line.allocated, percent: 140) }
                                      return line
                                  }, notes: "The loft downtown: dearer, but no shuttle")
        for index in smaller.lines.indices { smaller.lines[index].id = random.uuid() }
        for index in city.lines.indices { city.lines[index].id = random.uuid() }
        timeline.stamp(&smaller, random: &random)
        timeline.stamp(&city, random: &random)
        return [smaller, city]
    }
}
