import Foundation

extension BudgetScenario {
    /// A line per category, with its allocation, sorted by name: the live budget as a scenario sees it.
    public static func lines(of categories: some Collection<BudgetCategory>) -> [ScenarioLine] {
        categories.sorted { (ScenarioLine.folded($0.name), $0.id) < (ScenarioLine.folded($1.name), $1.id) }
            .map { ScenarioLine(categoryID: $0.id, name: $0.name, allocated: $0.allocated) }
    }

    /// A new scenario named `name` copying the live budget: the wedding's total budget and a
    /// line per category with its allocation.
    public static func copying(_ wedding: Wedding, categories: some Collection<BudgetCategory>, named name: String,
                               createdAt: Timestamp = Timestamp(Date())) -> BudgetScenario {
        BudgetScenario(name: name, totalBudget: wedding.totalBudget, lines: lines(of: categories), createdAt: createdAt)
    }

    /// What making the scenario the live budget writes, as one change set: each line's amount
    /// becomes its category's allocation (a line is matched to a live category by id, then by
    /// name; a line matching none creates a category), a live category the scenario has no line
    /// for is allocated 0, and the scenario's total becomes the wedding's total budget. Records
    /// already as the scenario says are left alone. The feed tells it as the one action it is.
    public func liveChanges(wedding: Wedding, categories: some Collection<BudgetCategory>) -> RecordChangeSet {
        var changes = RecordChangeSet()
        var unmatched = Array(categories)
        var allocations: [(BudgetCategory, Money)] = []
        for line in lines {
            let byID = line.categoryID.flatMap { id in unmatched.firstIndex { $0.id == id } }
            if let index = byID ?? unmatched.firstIndex(where: { ScenarioComparison.sameName($0.name, line.name) }) {
                allocations.append((unmatched.remove(at: index), line.allocated))
            } else {
                changes.create(BudgetCategory(name: line.name.trimmingCharacters(in: .whitespacesAndNewlines),
                                              allocated: line.allocated))
            }
        }
        allocations += unmatched.map { ($0, .zero) }
        for (category, allocated) in allocations where category.allocated != allocated {
            var updated = category
            updated.allocated = allocated
            changes.update(updated)
        }
        if wedding.totalBudget != totalBudget {
            var updated = wedding
            updated.totalBudget = totalBudget
            changes.updateWedding(updated)
        }
        changes.action = ActivityChange(kind: .scenario, id: id, name: name, write: .changed,
                                        actions: ["made scenario “\(name)” live"])
        return changes
    }
}
