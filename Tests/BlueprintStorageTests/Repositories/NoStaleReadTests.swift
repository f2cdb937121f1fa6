import BlueprintCache
import BlueprintDemo
import BlueprintDomain
import BlueprintRepositories
import BlueprintStorageFixtures
import BlueprintTestDoubles
import Foundation
import Testing

/// Everything the repositories serve for one wedding, read through the cache or straight from
/// the dataset (the uncached reference).
struct Reads: Equatable {
    var wedding: Wedding
    var guests: [Guest]
    var guestStats: GuestStats
    var seating: SeatingChart
    var categories: [BudgetCategory]
    var expenses: [Expense]
    var summary: BudgetSummary
    var metrics: [CategoryMetrics]
    var vendorTotals: [VendorPaymentTotal]
    var vendors: [Vendor]
    var vendorStats: VendorStats
    var tasks: [WeddingTask]
    var taskStats: TaskStats
    var milestones: [Milestone]
    var runSheet: [RunSheetItem]
    var gifts: [Gift]
    var moneyOwed: [MoneyOwed]
    var scenarios: [BudgetScenario]
    var seatingTables: [SeatingTable]
    var seatingRules: [SeatingRule]

    static func cached(_ repositories: Repositories, _ id: WeddingID, today: CalendarDate) async throws -> Reads {
        Reads(wedding: try await repositories.weddings.fetchWedding(id),
              guests: try await repositories.guests.fetchGuests(in: id).records,
              guestStats: try await repositories.guests.guestStats(in: id),
              seating: try await repositories.guests.seatingChart(in: id),
              categories: try await repositories.budget.fetchCategories(in: id).records,
              expenses: try await repositories.budget.fetchExpenses(in: id).records,
              summary: try await repositories.budget.budgetSummary(asOf: today, in: id),
              metrics: try await repositories.budget.categoryMetrics(in: id),
              vendorTotals: try await repositories.budget.vendorPaymentTotals(in: id),
              vendors: try await repositories.vendors.fetchVendors(in: id).records,
              vendorStats: try await repositories.vendors.vendorStats(in: id),
              tasks: try await repositories.tasks.fetchTasks(in: id).records,
              taskStats: try await repositories.tasks.taskStats(asOf: today, in: id),
              milestones: try await repositories.records(Milestone.self).fetchAll(in: id).records,
              runSheet: try await repositories.records(RunSheetItem.self).fetchAll(in: id).records,
              gifts: try await repositories.records(Gift.self).fetchAll(in: id).records,
              moneyOwed: try await repositories.records(MoneyOwed.self).fetchAll(in: id).records,
              scenarios: try await repositories.records(BudgetScenario.self).fetchAll(in: id).records,
              seatingTables: try await repositories.records(SeatingTable.self).fetchAll(in: id).records,
              seatingRules: try await repositories.records(SeatingRule.self).fetchAll(in: id).records)
    }

    static func reference(_ host: any WeddingDataHost, _ id: WeddingID, today: CalendarDate) async throws -> Reads {
        try await host.read(id) { data in
            Reads(wedding: data.wedding, guests: data.guests.records, guestStats: GuestStats(guests: data.guests.records),
                  seating: SeatingChart(guests: data.guests.records, tables: data.seatingTables.records,
                                        rules: data.seatingRules.records),
                  categories: data.categories.records,
                  expenses: data.expenses.records,
                  summary: BudgetSummary(wedding: data.wedding, categories: data.categories.records,
                                         expenses: data.expenses.records, vendors: data.vendors.records, gifts: data.gifts.records,
                                         moneyOwed: data.moneyOwed.records, today: today),
                  metrics: CategoryMetrics.all(categories: data.categories.records, expenses: data.expenses.records),
                  vendorTotals: VendorPaymentTotal.all(expenses: data.expenses.records),
                  vendors: data.vendors.records, vendorStats: VendorStats(vendors: data.vendors.records),
                  tasks: data.tasks.records, taskStats: TaskStats(tasks: data.tasks.records, today: today),
                  milestones: data.milestones.records, runSheet: data.runSheet.records, gifts: data.gifts.records,
                  moneyOwed: data.moneyOwed.records, scenarios: data.scenarios.records,
                  seatingTables: data.seatingTables.records, seatingRules: data.seatingRules.records)
        }
    }
}

/// Drives random mutations through the cached repositories of one wedding.
private struct RandomMutator {
    let repositories: Repositories
    let host: any WeddingDataHost
    /// Stores a guest as another process would.
    let writeElsewhere: @Sendable (Guest) async throws -> Void
    let id: WeddingID
    let today: CalendarDate
    var random: SeededRandom
    var changes: AsyncStream<RepositoryChange>.AsyncIterator

    /// Makes one random change (some are refused by validation or as conflicts: that is part of the test).
    mutating func step() async throws {
        let data = try await host.read(id) { $0 }
        let guests = data.guests.records, categories = data.categories.records
        let expenses = data.expenses.records, vendors = data.vendors.records, tasks = data.tasks.records
        let money = Money(minorUnits: Int64(random.int(in: 0...500_000)))
        let date = today.adding(days: random.int(in: -40...60))
        do {
            switch random.below(22) {
            case 0, 1:
                _ = try await repositories.guests.createGuest(randomGuest(meals: data.wedding.mealOptions), in: id)
            case 2 where !guests.isEmpty:
                var guest = random.pick(guests)
                guest.rsvp = random.pick(RSVPStatus.allCases)
                guest.table = random.chance(30) ? nil : random.int(in: 1...6)
                guest.plusOneAttending.toggle()
                _ = try await repositories.guests.updateGuest(guest, in: id)
            case 3 where !guests.isEmpty:
                try await repositories.guests.deleteGuest(id: random.pick(guests).id, in: id)
            case 4:
                _ = try await repositories.budget.createCategory(
                    BudgetCategory(name: "Category \(random.below(1000))", allocated: money,
                                   parentID: categories.isEmpty || random.chance(70) ? nil : random.pick(categories).id), in: id)
            case 5 where !categories.isEmpty:
                var category = random.pick(categories)
                category.allocated = money
                _ = try await repositories.budget.updateCategory(category, in: id)
            case 6 where !categories.isEmpty:
                try await repositories.budget.deleteCategory(id: random.pick(categories).id, in: id)
            case 7 where !categories.isEmpty:
                _ = try await repositories.budget.createExpense(
                    Expense(name: "Expense \(random.below(1000))", categoryID: random.pick(categories).id,
                            vendorID: vendors.isEmpty || random.chance(50) ? nil : random.pick(vendors).id, amount: money,
                            dueDate: date, paymentStatus: random.pick(PaymentStatus.allCases),
                            allocations: randomSplit(of: categories)), in: id)
            case 8 where !expenses.isEmpty:
                var expense = random.pick(expenses)
                expense.paymentStatus = random.pick(PaymentStatus.allCases)
                expense.dueDate = date
                _ = try await repositories.budget.updateExpense(expense, in: id)
            case 9 where !expenses.isEmpty:
                let expense = random.pick(expenses)
                let installment = Installment(amount: Money(minorUnits: expense.amount.minorUnits / 4), dueDate: date,
                                              paidDate: random.chance(50) ? date : nil)
                _ = try await repositories.budget.saveInstallment(installment, expenseID: expense.id,
                                                                  expectedVersion: expense.version, in: id)
            case 10 where !expenses.isEmpty:
                try await repositories.budget.deleteExpense(id: random.pick(expenses).id, in: id)
            case 11:
                _ = try await repositories.vendors.createVendor(
                    Vendor(name: "Vendor \(random.below(1000))", category: random.pick(VendorCategory.allCases),
                           status: random.pick(VendorStatus.allCases), quotedAmount: random.chance(70) ? money : nil), in: id)
            case 12 where !vendors.isEmpty:
                var vendor = random.pick(vendors)
                vendor.status = random.pick(VendorStatus.allCases)
                _ = try await repositories.vendors.updateVendor(vendor, in: id)
            case 13 where !vendors.isEmpty:
                try await repositories.vendors.deleteVendor(id: random.pick(vendors).id, in: id)
            case 14:
                _ = try await repositories.tasks.createTask(
                    WeddingTask(title: "Task \(random.below(1000))", status: random.pick(TaskStatus.allCases), dueDate: date,
                                vendorID: vendors.isEmpty || random.chance(50) ? nil : random.pick(vendors).id), in: id)
            case 15 where !tasks.isEmpty:
                let task = random.pick(tasks)
                _ = try await repositories.tasks.saveSubtask(Subtask(title: "Step"), taskID: task.id,
                                                             expectedVersion: task.version, in: id)
            case 16 where !tasks.isEmpty:
                var task = random.pick(tasks)
                task.status = random.pick(TaskStatus.allCases)
                _ = try await repositories.tasks.updateTask(task, in: id)
            case 17:
                var wedding = data.wedding
                wedding.totalBudget = money
                _ = try await repositories.weddings.updateWedding(wedding)
            case 18:
                let batch = ImportBatch(inserts: (0..<random.int(in: 1...4)).map { _ in randomGuest(meals: data.wedding.mealOptions) },
                                        updates: guests.isEmpty ? [] : [random.pick(guests)])
                _ = try await repositories.guests.importGuests(batch, in: id)
            case 19:
                _ = try await repositories.records(Gift.self).create(
                    Gift(from: "Giver \(random.below(1000))", giftKind: random.pick(GiftKind.allCases),
                         value: random.chance(80) ? money : nil, countsAsIncome: random.chance(50)), in: id)
            case 20:
                _ = try await repositories.records(MoneyOwed.self).create(
                    MoneyOwed(person: "Relative \(random.below(1000))", direction: random.pick(OwedDirection.allCases),
                              amount: money, settled: Money(minorUnits: money.minorUnits / 2), countsAsIncome: random.chance(50)),
                    in: id)
            default:
                try await writeElsewhere(randomGuest(meals: data.wedding.mealOptions))
                try await host.catchUp(on: id)
                while let change = await changes.next(), change.origin != .external {}
            }
        } catch is RepositoryError {
            // Refused changes (a category still in use, a conflict) must leave every read unchanged too.
        }
    }

    /// Half the time no split; else a share of another category, by percent or amount (the
    /// amount may be more than the expense: validation refuses that).
    private mutating func randomSplit(of categories: [BudgetCategory]) -> [ExpenseAllocation] {
        guard categories.count > 1, random.chance(50) else { return [] }
        let share: AllocationShare = random.chance(50) ? .percent(basisPoints: random.int(in: 1...10_000))
            : .amount(Money(minorUnits: Int64(random.int(in: 1...200_000))))
        return [ExpenseAllocation(categoryID: random.pick(categories).id, share: share)]
    }

    private mutating func randomGuest(meals: [String]) -> Guest {
        Guest(firstName: "Guest", lastName: "\(random.below(10_000))", rsvp: random.pick(RSVPStatus.allCases),
              plusOneAllowed: random.chance(30), plusOneAttending: random.chance(50),
              mealChoice: random.chance(50) ? random.pick(meals) : "", table: random.chance(50) ? random.int(in: 1...6) : nil)
    }
}

@Suite("Cached repositories never serve stale data")
struct NoStaleReadTests {
    /// 25 seeds × 40 sequences × 12 steps: 12,000 random mutations, each followed by every read
    /// (in memory; a few seeds on the database, whose round trips make each step slower).
    @Test("after every random mutation, every cached read equals the uncached reference",
          arguments: TestHost.memory.seeds + TestHost.postgres.seeds)
    func randomSequences(host kind: TestHost, seed: UInt64) async throws {
        let today = CalendarDate(year: 2026, month: 6, day: 1)!
        var random = SeededRandom(seed: seed)
        let database = kind == .postgres ? try await TestDatabase.make() : nil
        for _ in 0..<40 {
            let host: any WeddingDataHost
            let elsewhere: any WeddingDataHost
            if let database {
                host = try await database.openHost()
                elsewhere = try await database.openHost(author: "someone@elsewhere")
            } else {
                host = InMemoryWeddingHost()
                elsewhere = host
            }
            let repositories = Repositories(host: host, cache: RepositoryCache())
            let id = try await repositories.weddings.createWedding(Wedding(name: "Random", totalBudget: Money(minorUnits: 1_000_000))).weddingID
            let writeElsewhere: @Sendable (Guest) async throws -> Void = { guest in
                if let memory = elsewhere as? InMemoryWeddingHost {
                    await memory.simulateExternalWrite(id, [.save(guest)])
                } else {
                    _ = try await elsewhere.write(id, operation: "external write") { try $0.insert(guest) }
                }
            }
            var mutator = RandomMutator(repositories: repositories, host: host, writeElsewhere: writeElsewhere, id: id, today: today,
                                        random: SeededRandom(seed: random.next()),
                                        changes: repositories.changes(in: id).makeAsyncIterator())
            for step in 0..<12 {
                try await mutator.step()
                let cached = try await Reads.cached(repositories, id, today: today)
                let reference = try await Reads.reference(host, id, today: today)
                #expect(cached == reference, "\(kind), seed \(seed), step \(step): a cached read is stale")
                if cached != reference { return }
            }
        }
    }
}

private extension TestHost {
    /// The seeds each host runs.
    var seeds: [(TestHost, UInt64)] {
        (self == .postgres ? 0..<3 : 0..<25).map { (self, UInt64($0)) }
    }
}
