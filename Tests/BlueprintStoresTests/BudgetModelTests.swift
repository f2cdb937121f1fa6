import BlueprintDemo
import BlueprintDomain
import BlueprintInterchange
@testable import BlueprintStores
import Foundation
import Testing

/// Random sequences of budget operations made through the planner's own stores, as its keys make
/// them (expenses added, edited and deleted; installments added, edited, paid, unpaid and
/// deleted; marked paid and not paid; splits by amount and by percentage; allocations; vendors
/// booked and unbooked with quotes; gifts and money owed; the total budget; undo; days passing),
/// checked after every step against a small reference model written here: every figure of the
/// budget header, the dashboard and `stats --json` (the repository's `BudgetSummary`), each
/// expense's status and the status filter, each vendor's ledger and the calendar's payment
/// to-dos. The seed is printed; `BLUEPRINT_MODEL_SEED=<seed>` replays a run.
@Suite("Budget model", .timeLimit(.minutes(3)))
@MainActor
struct BudgetModelTests {
    static let steps = 1_500

    @Test("random budget operations through the stores keep every figure people see equal to the reference model's")
    func randomOperations() async throws {
        let seed = ProcessInfo.processInfo.environment["BLUEPRINT_MODEL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("Budget model seed: \(seed) (replay with BLUEPRINT_MODEL_SEED=\(seed))")
        var world = World(seed: seed)
        let harness = Harness([world.dataset])
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        defer { session.close() }
        let dashboard = DashboardStore(wedding: session.wedding, guests: session.guests, budget: session.budget,
                                       vendors: session.vendors, tasks: session.tasks, timeline: session.timeline, gifts: session.gifts)
        for step in 1...Self.steps {
            let context = "seed \(seed), step \(step)"
            let operation = try await world.step(session: session, harness: harness, context: context)
            // What another store wrote (a vendor, a gift, the total) reaches the budget through the change feed.
            try await harness.handOverChanges(messages, to: session)
            try await Reference.check(world, session: session, dashboard: dashboard, harness: harness,
                                      context: "\(context) (\(operation))")
        }
    }
}

extension SeededRandom {
    /// An amount from nothing to `cents`.
    mutating func money(upTo cents: Int64) -> Money { Money(minorUnits: cents <= 0 ? 0 : Int64(int(in: 0...Int(cents)))) }
}

/// The wedding's money records as the reference sees them, changed through the stores' intents.
@MainActor
private struct World {
    var dice: SeededRandom
    var today = Sample.today
    var wedding: Wedding
    var categories: [BudgetCategory]
    var vendors: [Vendor]
    var expenses: [Expense] = []
    var gifts: [Gift] = []
    var owed: [MoneyOwed] = []
    /// The expenses and categories before each step of the budget store, for undo to go back to.
    private var undoable: [(expenses: [Expense], categories: [BudgetCategory])] = []
    private var serial = 0

    init(seed: UInt64) {
        dice = SeededRandom(seed: seed)
        wedding = Wedding(name: "Model", totalBudget: Money(minorUnits: 2_500_000), createdAt: Sample.start)
        categories = ["Venue", "Food", "Music", "Flowers"].map {
            BudgetCategory(name: $0, allocated: Money(minorUnits: 500_000), createdAt: Sample.start)
        }
        vendors = ["Hall", "Band", "Florist"].map { Vendor(name: $0, createdAt: Sample.start) }
    }

    var dataset: WeddingDataset { WeddingDataset(wedding: wedding, categories: categories, vendors: vendors) }

    mutating func date() -> CalendarDate { today.adding(days: dice.int(in: -40...60)) }

    mutating func name() -> String {
        serial += 1
        return "E\(serial)"
    }

    /// Does one random operation through the stores, and the same to the reference; returns its name.
    mutating func step(session: WeddingSession, harness: Harness, context: String) async throws -> String {
        let budget = session.budget
        func saved(_ outcome: EditOutcome, _ what: String) throws {
            guard outcome == .saved else { throw Reference.Mismatch(description: "\(context): \(what) was not saved: \(outcome)") }
        }
        /// The stored expense at `index`, carrying the version the store has.
        func current(_ index: Int) -> Expense { budget.expense(expenses[index].id)! }
        let before = (expenses: expenses, categories: categories)
        let operation: String
        var roll = dice.int(in: 0...20)
        // A few dozen expenses at most, so that every step costs about the same.
        if roll <= 1, expenses.count >= 30 { roll = 3 }
        switch roll {
        case 0, 1:
            var expense = Expense(name: name(), categoryID: dice.pick(categories).id, amount: dice.money(upTo: 800_000),
                                  dueDate: dice.chance(80) ? date() : nil, createdAt: Sample.start)
            expense.vendorID = dice.chance(60) ? dice.pick(vendors).id : nil
            expense.paymentStatus = dice.chance(10) ? .overdue : .pending
            try saved(await budget.createExpense(expense), "add expense")
            expenses.append(expense)
            operation = "add expense"
        case 2:
            guard let index = anyExpense() else { return "nothing to edit" }
            var expense = current(index)
            expense.amount = expense.installments.sum(\.amount) + dice.money(upTo: 300_000)
            if !Reference.sharesFit(expense) { expense.allocations = [] }
            expense.dueDate = dice.chance(80) ? date() : nil
            expense.vendorID = dice.chance(60) ? dice.pick(vendors).id : nil
            expense.paymentStatus = dice.pick([PaymentStatus.pending, .partial, .overdue, .cancelled, .refunded, expense.paymentStatus])
            try saved(await budget.updateExpense(expense), "edit expense")
            expenses[index] = expense
            operation = "edit expense"
        case 3:
            guard let index = anyExpense() else { return "nothing to delete" }
            try saved(await budget.deleteExpense(expenses[index].id), "delete expense")
            expenses.remove(at: index)
            operation = "delete expense"
        case 4, 5:
            guard let index = anyExpense() else { return "no expense" }
            let room = expenses[index].amount - expenses[index].installments.sum(\.amount)
            guard room > .zero else { return "no room for an installment" }
            let installment = Installment(amount: dice.money(upTo: room.minorUnits), dueDate: date(), paidDate: dice.chance(40) ? date() : nil)
            try saved(await budget.saveInstallment(installment, in: expenses[index].id), "add installment")
            expenses[index].installments.append(installment)
            operation = "add installment"
        case 6:
            guard let (index, at) = anyInstallment() else { return "no installment" }
            var installments = expenses[index].installments
            let others = installments.sum(\.amount) - installments[at].amount
            installments[at].amount = dice.money(upTo: (expenses[index].amount - others).minorUnits)
            installments[at].dueDate = date()
            installments[at].paidDate = dice.chance(40) ? date() : nil
            try saved(await budget.replaceInstallments(installments, in: expenses[index].id), "edit installment")
            expenses[index].installments = installments
            operation = "edit installment"
        case 7:
            guard let (index, at) = anyInstallment() else { return "no installment" }
            try saved(await budget.markInstallmentPaid(expenses[index].installments[at].id, in: expenses[index].id), "pay installment")
            expenses[index].installments[at].paidDate = today
            if expenses[index].paymentStatus.isCommitted && expenses[index].paymentStatus != .paid {
                expenses[index].paymentStatus = Reference.paid(expenses[index]) == expenses[index].amount ? .paid : .partial
            }
            operation = "pay installment"
        case 8:
            guard let (index, at) = anyInstallment() else { return "no installment" }
            try saved(await budget.markInstallmentUnpaid(expenses[index].installments[at].id, in: expenses[index].id),
                      "unpay installment")
            expenses[index].installments[at].paidDate = nil
            if [.paid, .partial].contains(expenses[index].paymentStatus) {
                expenses[index].paymentStatus = expenses[index].installments.contains { $0.paidDate != nil } ? .partial : .pending
            }
            operation = "unpay installment"
        case 9:
            guard let (index, at) = anyInstallment() else { return "no installment" }
            try saved(await budget.deleteInstallment(expenses[index].installments[at].id, in: expenses[index].id), "delete installment")
            expenses[index].installments.remove(at: at)
            operation = "delete installment"
        case 10:
            guard let index = anyExpense() else { return "no expense" }
            try saved(await budget.markPaid(expenses[index].id), "mark paid")
            expenses[index].paymentStatus = .paid
            operation = "mark paid"
        case 11:
            guard let index = expenses.indices.first(where: { expenses[$0].paymentStatus == .paid }) else { return "none paid" }
            try saved(await budget.markUnpaid(expenses[index].id), "mark not paid")
            expenses[index].paymentStatus = .pending
            operation = "mark not paid"
        case 12:
            guard let index = anyExpense() else { return "no expense" }
            var expense = current(index)
            var others = categories.filter { $0.id != expense.categoryID }
            var allocations: [ExpenseAllocation] = []
            for _ in 0..<dice.int(in: 0...2) {
                let category = others.remove(at: dice.int(in: 0...others.count - 1))
                let share: AllocationShare = dice.chance(50)
                    ? .amount(Money(minorUnits: Int64(dice.int(in: 1...max(1, Int(expense.amount.minorUnits) / 3)))))
                    : .percent(basisPoints: dice.int(in: 1...5_000))
                allocations.append(ExpenseAllocation(categoryID: category.id, share: share))
            }
            expense.allocations = allocations
            if !Reference.sharesFit(expense) { expense.allocations = [] }
            try saved(await budget.updateExpense(expense), "split")
            expenses[index] = expense
            operation = expense.allocations.isEmpty ? "unsplit" : "split"
        case 13:
            let index = dice.int(in: 0...categories.count - 1)
            var category = budget.category(categories[index].id)!
            category.allocated = dice.money(upTo: 1_500_000)
            try saved(await budget.updateCategory(category), "allocate")
            categories[index] = category
            operation = "allocate"
        case 14:
            guard !undoable.isEmpty else { return "nothing to undo" }
            try saved(await budget.undo(), "undo")
            (expenses, categories) = undoable.removeLast()
            return "undo"
        case 15:
            let index = dice.int(in: 0...vendors.count - 1)
            var vendor = session.vendors.vendor(vendors[index].id)!
            vendor.status = dice.chance(60) ? .booked : .quoted
            vendor.quotedAmount = dice.chance(80) ? dice.money(upTo: 1_000_000) : nil
            vendor.isArchived = dice.chance(10)
            try saved(await session.vendors.update(vendor), "book or unbook vendor")
            vendors[index] = vendor
            return "book or unbook vendor"
        case 16:
            let gift = Gift(from: name(), giftKind: dice.chance(70) ? .money : .item, value: dice.money(upTo: 50_000),
                            countsAsIncome: dice.chance(60), createdAt: Sample.start)
            try saved(await session.gifts.createGift(gift), "gift")
            gifts.append(gift)
            return "gift"
        case 17:
            let amount = dice.money(upTo: 200_000)
            let entry = MoneyOwed(person: name(), direction: dice.chance(50) ? .toCouple : .byCouple, amount: amount,
                                  settled: dice.money(upTo: amount.minorUnits), countsAsIncome: dice.chance(60), createdAt: Sample.start)
            try saved(await session.gifts.createOwed(entry), "money owed")
            owed.append(entry)
            return "money owed"
        case 18:
            var stored = session.wedding.wedding!
            stored.totalBudget = dice.money(upTo: 4_000_000)
            try saved(await session.wedding.update(stored), "total budget")
            wedding = stored
            return "total budget"
        default:
            let days = dice.int(in: 0...10)
            harness.clock.advance(by: .seconds(days * 86_400))
            today = today.adding(days: days)
            return "days pass"
        }
        // A change that changed nothing (a payment taken back that was never made) is no step to undo.
        if before.expenses.map(Reference.held) != expenses.map(Reference.held)
            || before.categories.map(Reference.held) != categories.map(Reference.held) {
            undoable.append(before)
            if undoable.count > UndoStep.historyLimit { undoable.removeFirst() }
        }
        return operation
    }

    private mutating func anyExpense() -> Int? { expenses.isEmpty ? nil : dice.int(in: 0...expenses.count - 1) }

    private mutating func anyInstallment() -> (Int, Int)? {
        let holders = expenses.indices.filter { !expenses[$0].installments.isEmpty }
        guard !holders.isEmpty else { return nil }
        let index = dice.pick(holders)
        return (index, dice.int(in: 0...expenses[index].installments.count - 1))
    }
}

/// The reference: each rule written out as plainly as possible, apart from the code it checks.
@MainActor
private enum Reference {
    struct Owed: Hashable {
        var uid: String
        var amount: Money
        var date: CalendarDate?
        var overdue: Bool
    }

    static func counts(_ expense: Expense) -> Bool { expense.paymentStatus != .cancelled && expense.paymentStatus != .refunded }

    static func paid(_ expense: Expense) -> Money {
        guard counts(expense) else { return .zero }
        if expense.paymentStatus == .paid { return expense.amount }
        return expense.installments.filter { $0.paidDate != nil }.sum(\.amount)
    }

    /// Each unpaid installment in full on its date, and the rest on the expense's due date
    /// (today for one marked overdue without a date; `nil`, undated, otherwise).
    static func owed(_ expense: Expense, today: CalendarDate) -> [Owed] {
        guard counts(expense), expense.paymentStatus != .paid else { return [] }
        let marked = expense.paymentStatus == .overdue
        let unpaid = expense.installments.filter { $0.paidDate == nil && $0.amount > .zero }
        var result = unpaid.map {
            Owed(uid: WeddingCalendar.uid(.installment, $0.id), amount: $0.amount, date: $0.dueDate, overdue: marked || $0.dueDate < today)
        }
        let rest = expense.amount - paid(expense) - unpaid.sum(\.amount)
        if rest > .zero {
            let date = expense.dueDate ?? (marked ? today : nil)
            result.append(Owed(uid: WeddingCalendar.uid(.expense, expense.id), amount: rest, date: date,
                               overdue: marked || (date.map { $0 < today } ?? false)))
        }
        return result
    }

    static func standing(_ expense: Expense, today: CalendarDate) -> PaymentStanding {
        let owing = owed(expense, today: today)
        if !counts(expense) { return expense.paymentStatus == .cancelled ? .cancelled : .refunded }
        if owing.isEmpty { return .paid }
        if owing.contains(where: \.overdue) { return .overdue }
        return paid(expense) > .zero ? .partlyPaid : .due
    }

    /// The percentage shares, together, take their summed percentage of the amount (half a cent
    /// up), each its own part rounded down, the cents left over going one each to the largest
    /// remainders (the earlier share first on a tie); fixed shares then take their amount from
    /// what is left, in order; the expense's own category keeps the rest.
    static func shares(_ expense: Expense) -> [UUID: Money] {
        let whole = expense.amount.minorUnits
        var amounts = [Int64](repeating: 0, count: expense.allocations.count)
        var remainders: [(index: Int, remainder: Int64)] = []
        var basisPoints: Int64 = 0
        for (index, allocation) in expense.allocations.enumerated() {
            guard case .percent(let points) = allocation.share else { continue }
            basisPoints += Int64(points)
            amounts[index] = whole * Int64(points) / 10_000
            remainders.append((index, whole * Int64(points) % 10_000))
        }
        var leftOver = (whole * basisPoints + 5_000) / 10_000 - amounts.reduce(0, +)
        for entry in remainders.sorted(by: { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }) {
            guard leftOver > 0 else { break }
            amounts[entry.index] += 1
            leftOver -= 1
        }
        var left = whole - amounts.reduce(0, +)
        for (index, allocation) in expense.allocations.enumerated() {
            guard case .amount(let fixed) = allocation.share else { continue }
            amounts[index] = min(fixed.minorUnits, max(0, left))
            left -= amounts[index]
        }
        var result = [expense.categoryID: Money(minorUnits: left)]
        for (index, allocation) in expense.allocations.enumerated() {
            result[allocation.categoryID, default: .zero] += Money(minorUnits: amounts[index])
        }
        return result
    }

    /// Whether the shares fit in the amount, as the planner requires of a split.
    static func sharesFit(_ expense: Expense) -> Bool {
        var fixed: Int64 = 0, basisPoints: Int64 = 0
        for allocation in expense.allocations {
            switch allocation.share {
            case .amount(let amount): fixed += amount.minorUnits
            case .percent(let points): basisPoints += Int64(points)
            }
        }
        let whole = expense.amount.minorUnits
        return basisPoints <= 10_000 && fixed + (whole * basisPoints + 5_000) / 10_000 <= whole
    }

    /// The money figures every screen shows, as the reference works them out.
    struct Figures: Equatable, CustomStringConvertible {
        var committed, paid, income, remaining, allocated, overAllocated, overdue, dueNext30Days: Money
        var overBudget: Set<UUID>

        init(committed: Money, paid: Money, income: Money, remaining: Money, allocated: Money, overAllocated: Money,
             overdue: Money, dueNext30Days: Money, overBudget: Set<UUID>) {
            (self.committed, self.paid, self.income, self.remaining) = (committed, paid, income, remaining)
            (self.allocated, self.overAllocated, self.overdue, self.dueNext30Days) = (allocated, overAllocated, overdue, dueNext30Days)
            self.overBudget = overBudget
        }

        init(_ summary: BudgetSummary) {
            self.init(committed: summary.committed, paid: summary.paid, income: summary.income, remaining: summary.remaining,
                      allocated: summary.allocated, overAllocated: summary.overAllocated, overdue: summary.overdueTotal,
                      dueNext30Days: summary.dueNext30DaysTotal, overBudget: Set(summary.overBudgetCategories.map(\.categoryID)))
        }

        var description: String {
            "committed \(committed), paid \(paid), income \(income), remaining \(remaining), allocated \(allocated), "
                + "overAllocated \(overAllocated), overdue \(overdue), dueNext30Days \(dueNext30Days), overBudget \(overBudget.count)"
        }
    }

    static func figures(_ world: World) -> Figures {
        let today = world.today, expenses = world.expenses
        let committedExpenses = expenses.filter(counts).sum(\.amount)
        let quoted = world.vendors.filter { $0.status == .booked && !$0.isArchived }.sum { vendor in
            max(.zero, (vendor.quotedAmount ?? .zero) - expenses.filter { $0.vendorID == vendor.id && counts($0) }.sum(\.amount))
        }
        let income = world.gifts.filter { $0.giftKind == .money && $0.countsAsIncome }.sum { $0.value ?? .zero }
            + world.owed.filter { $0.direction == .toCouple && $0.countsAsIncome }.sum(\.settled)
        let allocated = world.categories.sum(\.allocated)
        let dated = expenses.flatMap { owed($0, today: today) }.filter { $0.date != nil }
        let horizon = today.adding(days: 30)
        var spent: [UUID: Money] = [:]
        for expense in expenses where counts(expense) {
            for (category, amount) in shares(expense) { spent[category, default: .zero] += amount }
        }
        return Figures(committed: committedExpenses + quoted, paid: expenses.sum(paid), income: income,
                       remaining: world.wedding.totalBudget + income - committedExpenses - quoted, allocated: allocated,
                       overAllocated: max(.zero, allocated - world.wedding.totalBudget),
                       overdue: dated.filter(\.overdue).sum(\.amount),
                       dueNext30Days: dated.filter { !$0.overdue && $0.date! <= horizon }.sum(\.amount),
                       overBudget: Set(world.categories.filter { (spent[$0.id] ?? .zero) > $0.allocated }.map(\.id)))
    }

    /// A record without its bookkeeping (version, times), to compare what it holds.
    static func held<R: Record>(_ record: R) -> R {
        var copy = record
        copy.createdAt = Sample.start
        copy.updatedAt = Sample.start
        copy.version = 0
        return copy
    }

    static func check(_ world: World, session: WeddingSession, dashboard: DashboardStore, harness: Harness,
                      context: String) async throws {
        let today = world.today, budget = session.budget
        try expect(budget.today, today, "the stores' today", context)
        try expect(Dictionary(uniqueKeysWithValues: budget.expenses.map { ($0.id, held($0)) }),
                   Dictionary(uniqueKeysWithValues: world.expenses.map { ($0.id, held($0)) }), "expenses held", context)
        let reference = figures(world)

        try expect(budget.summary.map { Figures($0) }, reference, "budget header", context)
        let board = dashboard.dashboard
        try expect(board.overAllocated, reference.overAllocated, "dashboard over-allocated", context)
        try expect(board.overduePayments.sum(\.amount), reference.overdue, "dashboard overdue", context)
        try expect(board.paymentsDueSoon.sum(\.amount), reference.dueNext30Days, "dashboard due in 30 days", context)
        let stats = try await harness.context.budget.budgetSummary(asOf: today, in: harness.weddingID)
        try expect(Figures(stats), reference, "stats --json budget", context)

        for expense in budget.expenses {
            try expect(expense.standing(today: today), standing(expense, today: today), "status of \(expense.name)", context)
        }
        if world.expenses.count % 7 == 0 {
            let kept = budget.filter
            budget.filter = ExpenseFilter(standing: .init([.overdue, .partlyPaid], on: today))
            try expect(Set(budget.visibleExpenses.map(\.id)),
                       Set(world.expenses.filter { [.overdue, .partlyPaid].contains(standing($0, today: today)) }.map(\.id)),
                       "the status filter's rows", context)
            budget.filter = kept
        }

        for vendor in world.vendors {
            let linked = world.expenses.filter { $0.vendorID == vendor.id }
            let ledger = VendorLedger(vendor: session.vendors.vendor(vendor.id)!, expenses: budget.expenses, today: session.vendors.today)
            let linkedOwed = linked.flatMap { owed($0, today: today) }
            try expect(ledger.committed, linked.filter(counts).sum(\.amount), "\(vendor.name) committed", context)
            try expect(ledger.paid, linked.sum(paid), "\(vendor.name) paid", context)
            try expect(ledger.outstanding, linkedOwed.sum(\.amount), "\(vendor.name) outstanding", context)
            try expect(ledger.due.sum(\.payment.amount), linkedOwed.filter { $0.date != nil }.sum(\.amount), "\(vendor.name) due", context)
            try expect(ledger.overdueTotal, linkedOwed.filter { $0.date != nil && $0.overdue }.sum(\.amount),
                       "\(vendor.name) overdue", context)
        }

        let (wedding, expenses, vendors) = try await harness.stored { ($0.wedding, $0.expenses.records, $0.vendors.records) }
        let calendar = try WeddingCalendar(wedding: wedding, expenses: expenses, vendors: vendors, deadlines: .toDos).document()
        var toDos: [String: String] = [:]
        for component in calendar.components where component.uid.hasPrefix("expense-") || component.uid.hasPrefix("installment-") {
            toDos[component.uid] = component.summary
        }
        var expected: [String: String] = [:]
        for expense in world.expenses {
            // The calendar has no "today": the rest of an undated expense marked overdue is not on it.
            for payment in owed(expense, today: today) where expense.dueDate != nil || payment.uid.hasPrefix("installment-") {
                expected[payment.uid] = "Pay \(expense.name): \(world.wedding.currency.format(payment.amount))"
            }
        }
        try expect(toDos, expected, "calendar to-dos", context)
    }

    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    static func expect<T: Equatable>(_ actual: T, _ reference: T, _ figure: String, _ context: String) throws {
        guard actual != reference else { return }
        throw Mismatch(description: "\(context): \(figure) is \(actual), the reference model says \(reference)")
    }
}
