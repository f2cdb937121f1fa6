import BlueprintDomain
import BlueprintStorage
import Foundation
import Testing

/// Random sequences of budget operations, checked after every step against a small reference
/// model written here: every money figure of the budget summary (the header, the dashboard and
/// `stats --json` show these), each expense's status, each vendor's ledger and the calendar's
/// payment to-dos. The seed is printed; `BLUEPRINT_MODEL_SEED=<seed>` replays a run.
@Suite("Budget model")
struct BudgetModelTests {
    static let steps = 4_000

    @Test("random budget operations keep every money figure equal to the reference model's")
    func randomOperations() throws {
        let seed = ProcessInfo.processInfo.environment["BLUEPRINT_MODEL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("Budget model seed: \(seed) (replay with BLUEPRINT_MODEL_SEED=\(seed))")
        var world = World(seed: seed)
        for step in 1...Self.steps {
            let operation = world.step()
            try Reference.check(world, context: "seed \(seed), step \(step) (\(operation))")
        }
    }
}

/// A deterministic generator (SplitMix64), so a seed replays the same run.
private struct Dice {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
    mutating func money(upTo cents: Int64) -> Money { Money(minorUnits: cents <= 0 ? 0 : Int64(int(0...Int(cents)))) }
}

/// The wedding's money records, changed the way the planner's intents change them.
private struct World {
    var dice: Dice
    var today = CalendarDate(year: 2026, month: 3, day: 1)!
    var wedding = Wedding(name: "Model", totalBudget: Money(minorUnits: 2_500_000))
    var categories: [BudgetCategory]
    var vendors: [Vendor]
    var expenses: [Expense] = []
    var gifts: [Gift] = []
    var owed: [MoneyOwed] = []
    private var serial = 0

    init(seed: UInt64) {
        dice = Dice(state: seed)
        categories = ["Venue", "Food", "Music", "Flowers"].map { BudgetCategory(name: $0, allocated: Money(minorUnits: 500_000)) }
        vendors = ["Hall", "Band", "Florist"].map { Vendor(name: $0) }
    }

    mutating func date() -> CalendarDate { today.adding(days: dice.int(-40...60)) }

    mutating func name() -> String {
        serial += 1
        return "E\(serial)"
    }

    /// Does one random operation; returns its name.
    mutating func step() -> String {
        switch dice.int(0...17) {
        case 0, 1:
            var expense = Expense(name: name(), categoryID: dice.pick(categories).id, amount: dice.money(upTo: 800_000),
                                  dueDate: dice.chance(80) ? date() : nil)
            expense.vendorID = dice.chance(60) ? dice.pick(vendors).id : nil
            expense.paymentStatus = dice.chance(10) ? .overdue : .pending
            expenses.append(expense)
            return "add expense"
        case 2:
            guard !expenses.isEmpty else { return "nothing to edit" }
            let index = dice.int(0...expenses.count - 1)
            let least = max(expenses[index].installments.sum(\.amount), fixedShares(expenses[index]))
            expenses[index].amount = least + dice.money(upTo: 300_000)
            expenses[index].dueDate = dice.chance(80) ? date() : nil
            expenses[index].vendorID = dice.chance(60) ? dice.pick(vendors).id : nil
            expenses[index].paymentStatus = dice.pick([PaymentStatus.pending, .partial, .overdue, .cancelled, .refunded, expenses[index].paymentStatus])
            return "edit expense"
        case 3:
            guard !expenses.isEmpty else { return "nothing to delete" }
            expenses.remove(at: dice.int(0...expenses.count - 1))
            return "delete expense"
        case 4, 5:
            guard let index = anyExpense() else { return "no expense" }
            let room = expenses[index].amount - expenses[index].installments.sum(\.amount)
            guard room > .zero else { return "no room for an installment" }
            expenses[index].installments.append(Installment(amount: dice.money(upTo: room.minorUnits), dueDate: date(),
                                                            paidDate: dice.chance(40) ? date() : nil))
            return "add installment"
        case 6:
            guard let (index, at) = anyInstallment() else { return "no installment" }
            let others = expenses[index].installments.sum(\.amount) - expenses[index].installments[at].amount
            expenses[index].installments[at].amount = dice.money(upTo: (expenses[index].amount - others).minorUnits)
            expenses[index].installments[at].dueDate = date()
            expenses[index].installments[at].paidDate = dice.chance(40) ? date() : nil
            return "edit installment"
        case 7:
            guard let (index, at) = anyInstallment() else { return "no installment" }
            // As `BudgetStore.markInstallmentPaid`.
            expenses[index].installments[at].paidDate = today
            if expenses[index].paymentStatus.isCommitted && expenses[index].paymentStatus != .paid {
                expenses[index].paymentStatus = expenses[index].outstanding == .zero ? .paid : .partial
            }
            return "pay installment"
        case 8:
            guard let (index, at) = anyInstallment() else { return "no installment" }
            expenses[index].installments.remove(at: at)
            return "delete installment"
        case 9:
            guard let index = anyExpense() else { return "no expense" }
            expenses[index].paymentStatus = .paid
            return "mark paid"
        case 10:
            guard let index = expenses.indices.first(where: { expenses[$0].paymentStatus == .paid }) else { return "none paid" }
            expenses[index].paymentStatus = .pending
            return "mark not paid"
        case 11:
            guard let index = anyExpense() else { return "no expense" }
            let others = categories.filter { $0.id != expenses[index].categoryID }
            var left = expenses[index].amount
            var allocations: [ExpenseAllocation] = []
            for _ in 0..<dice.int(0...2) {
                let amount = dice.money(upTo: left.minorUnits)
                left -= amount
                allocations.append(ExpenseAllocation(categoryID: dice.pick(others).id, share: .amount(amount)))
            }
            expenses[index].allocations = allocations
            return "split"
        case 12:
            let index = dice.int(0...categories.count - 1)
            categories[index].allocated = dice.money(upTo: 1_500_000)
            return "allocate"
        case 13:
            let index = dice.int(0...vendors.count - 1)
            vendors[index].status = dice.chance(60) ? .booked : .quoted
            vendors[index].quotedAmount = dice.chance(80) ? dice.money(upTo: 1_000_000) : nil
            vendors[index].isArchived = dice.chance(10)
            return "book or unbook vendor"
        case 14:
            gifts.append(Gift(from: name(), giftKind: dice.chance(70) ? .money : .item, value: dice.money(upTo: 50_000),
                              countsAsIncome: dice.chance(60)))
            return "gift"
        case 15:
            let amount = dice.money(upTo: 200_000)
            owed.append(MoneyOwed(person: name(), direction: dice.chance(50) ? .toCouple : .byCouple, amount: amount,
                                  settled: dice.money(upTo: amount.minorUnits), countsAsIncome: dice.chance(60)))
            return "money owed"
        case 16:
            wedding.totalBudget = dice.money(upTo: 4_000_000)
            return "total budget"
        default:
            today = today.adding(days: dice.int(0...10))
            return "days pass"
        }
    }

    private mutating func anyExpense() -> Int? { expenses.isEmpty ? nil : dice.int(0...expenses.count - 1) }

    private mutating func anyInstallment() -> (Int, Int)? {
        let holders = expenses.indices.filter { !expenses[$0].installments.isEmpty }
        guard !holders.isEmpty else { return nil }
        let index = dice.pick(holders)
        return (index, dice.int(0...expenses[index].installments.count - 1))
    }

    private func fixedShares(_ expense: Expense) -> Money {
        expense.allocations.sum { if case .amount(let amount) = $0.share { amount } else { .zero } }
    }
}

/// The reference: each rule written out as plainly as possible, apart from the code it checks.
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

    static func check(_ world: World, context: String) throws {
        let today = world.today, expenses = world.expenses
        let summary = BudgetSummary(wedding: world.wedding, categories: world.categories, expenses: expenses, vendors: world.vendors,
                                    gifts: world.gifts, moneyOwed: world.owed, today: today)
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
            var own = expense.amount
            for allocation in expense.allocations {
                guard case .amount(let amount) = allocation.share else { continue }
                spent[allocation.categoryID, default: .zero] += amount
                own -= amount
            }
            spent[expense.categoryID, default: .zero] += own
        }
        let overBudget = Set(world.categories.filter { (spent[$0.id] ?? .zero) > $0.allocated }.map(\.id))

        try expect(summary.committed, committedExpenses + quoted, "committed", context)
        try expect(summary.paid, expenses.sum(paid), "paid", context)
        try expect(summary.income, income, "income", context)
        try expect(summary.remaining, world.wedding.totalBudget + income - committedExpenses - quoted, "remaining", context)
        try expect(summary.allocated, allocated, "allocated", context)
        try expect(summary.overAllocated, max(.zero, allocated - world.wedding.totalBudget), "overAllocated", context)
        try expect(summary.overdueTotal, dated.filter(\.overdue).sum(\.amount), "overdue", context)
        try expect(summary.dueNext30DaysTotal, dated.filter { !$0.overdue && $0.date! <= horizon }.sum(\.amount), "dueNext30Days", context)
        try expect(Set(summary.overBudgetCategories.map(\.categoryID)), overBudget, "overBudgetCategories", context)

        for expense in expenses {
            let owing = owed(expense, today: today)
            let standing: PaymentStanding
            if !counts(expense) {
                standing = expense.paymentStatus == .cancelled ? .cancelled : .refunded
            } else if owing.isEmpty {
                standing = .paid
            } else if owing.contains(where: \.overdue) {
                standing = .overdue
            } else {
                standing = paid(expense) > .zero ? .partlyPaid : .due
            }
            try expect(expense.standing(today: today), standing, "status of \(expense.name)", context)
        }

        for vendor in world.vendors {
            let linked = expenses.filter { $0.vendorID == vendor.id }
            let ledger = VendorLedger(vendor: vendor, expenses: expenses, today: today)
            let linkedOwed = linked.flatMap { owed($0, today: today) }
            try expect(ledger.committed, linked.filter(counts).sum(\.amount), "\(vendor.name) committed", context)
            try expect(ledger.paid, linked.sum(paid), "\(vendor.name) paid", context)
            try expect(ledger.outstanding, linkedOwed.sum(\.amount), "\(vendor.name) outstanding", context)
            try expect(ledger.due.sum(\.payment.amount), linkedOwed.filter { $0.date != nil }.sum(\.amount), "\(vendor.name) due", context)
            try expect(ledger.overdueTotal, linkedOwed.filter { $0.date != nil && $0.overdue }.sum(\.amount),
                       "\(vendor.name) overdue", context)
        }

        let calendar = try WeddingCalendar(wedding: world.wedding, expenses: expenses, vendors: world.vendors, deadlines: .toDos).document()
        var toDos: [String: String] = [:]
        for component in calendar.components where component.uid.hasPrefix("expense-") || component.uid.hasPrefix("installment-") {
            toDos[component.uid] = component.summary
        }
        var expected: [String: String] = [:]
        for expense in expenses {
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
