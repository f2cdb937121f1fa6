import BlueprintDomain
import Foundation

/// The demo's expenses: a hand-written list covering every payment situation (paid, deposits
/// paid with a balance to come, payments due within 30 days, an overdue one, a cancelled one,
/// two categories pushed over budget), then small purchases.
enum DemoExpenses {
    /// How an expense is being paid.
    private enum Payment {
        /// Paid in full on that day.
        case paid(DemoDay)
        /// Deposits (share of the amount in percent, day paid) paid, the rest due on a day to come.
        case partial(deposits: [(percent: Int, paid: DemoDay)], balanceDue: DemoDay)
        /// Nothing paid yet; installments (share, due day) all to come.
        case scheduled([(percent: Int, due: DemoDay)])
        /// Nothing paid yet, one payment due on that day.
        case due(DemoDay)
        /// Its day has passed unpaid.
        case overdue(DemoDay)
        case cancelled
    }

    private struct Plan {
        var name: String
        var line: DemoBudgetLine
        var vendor: VendorCategory?
        /// The amount, as a share of the budget line's allocation.
        var percent: Int
        var payment: Payment
        /// Priced to the cent (a shop's bill) rather than in round contract figures.
        var cents = false
        var method: String
        var notes = ""
    }

    private static let plans: [Plan] = [
        Plan(name: "Wedding dress & alterations", line: .dress, vendor: .attire, percent: 115,
             payment: .partial(deposits: [(50, .fromToday(-95))], balanceDue: .fromToday(21)), method: "Credit card",
             notes: "Alterations pushed this over budget"),
        Plan(name: "Venue hire", line: .venue, vendor: .venue, percent: 95,
             payment: .partial(deposits: [(30, .fromToday(-200)), (30, .fromToday(-45))], balanceDue: .beforeWedding(14)),
             method: "Bank transfer"),
        Plan(name: "Dinner service", line: .catering, vendor: .catering, percent: 88,
             payment: .scheduled([(25, .fromToday(9)), (75, .beforeWedding(10))]), method: "Bank transfer",
             notes: "Per-head price; final numbers 14 days out"),
        Plan(name: "Photography package", line: .photography, vendor: .photography, percent: 72,
             payment: .partial(deposits: [(30, .fromToday(-160))], balanceDue: .beforeWedding(30)), method: "Credit card"),
        Plan(name: "Cake tasting & deposit", line: .cake, vendor: .cake, percent: 15, payment: .overdue(.fromToday(-6)),
             method: "Zelle", notes: "The bakery sent a reminder 📩"),
        Plan(name: "Vintage car hire", line: .transport, vendor: .transport, percent: 70, payment: .cancelled,
             method: "Credit card", notes: "Cancelled: no cars on our date; looking at shuttles"),
        Plan(name: "Invitations & printing", line: .stationery, vendor: .stationery, percent: 55,
             payment: .paid(.fromToday(-70)), cents: true, method: "Credit card"),
        Plan(name: "Florals: ceremony & reception", line: .flowers, vendor: .florist, percent: 82,
             payment: .scheduled([(50, .fromToday(25)), (50, .beforeWedding(7))]), method: "Check",
             notes: "Arch, bouquets and centerpieces"),
        Plan(name: "Band: reception sets", line: .music, vendor: .music, percent: 70,
             payment: .partial(deposits: [(25, .fromToday(-120))], balanceDue: .beforeWedding(7)), method: "Bank transfer"),
        Plan(name: "Wedding bands", line: .rings, percent: 96, payment: .paid(.fromToday(-50)), cents: true,
             method: "Credit card", notes: "Engraving included 💍"),
        Plan(name: "Officiant fee", line: .ceremony, vendor: .officiant, percent: 55, payment: .due(.beforeWedding(14)),
             method: "Check"),
        Plan(name: "Suit tailoring", line: .suits, vendor: .attire, percent: 45, payment: .paid(.fromToday(-30)),
             cents: true, method: "Credit card"),
        Plan(name: "Hair & makeup trial", line: .beauty, vendor: .hairAndMakeup, percent: 14,
             payment: .paid(.fromToday(-12)), method: "Cash"),
        Plan(name: "Postage for invitations", line: .stationery, percent: 18, payment: .paid(.fromToday(-68)),
             cents: true, method: "Debit card"),
        Plan(name: "Bar package", line: .bar, vendor: .catering, percent: 90, payment: .due(.beforeWedding(10)),
             method: "Bank transfer", notes: "Beer, wine and a signature cocktail 🍹"),
        Plan(name: "Table & chair rentals", line: .rentals, vendor: .rentals, percent: 75,
             payment: .scheduled([(30, .fromToday(16)), (70, .beforeWedding(5))]), method: "Credit card"),
        Plan(name: "DJ for the after-party", line: .music, percent: 22, payment: .due(.beforeWedding(3)), method: "Zelle"),
        Plan(name: "Centerpiece upgrade", line: .flowers, vendor: .florist, percent: 30, payment: .due(.beforeWedding(7)),
             method: "Check", notes: "Peonies instead of roses"),
        Plan(name: "Welcome bags", line: .favors, percent: 60, payment: .paid(.fromToday(-20)), cents: true,
             method: "Credit card"),
        Plan(name: "Marriage license", line: .ceremony, percent: 12, payment: .paid(.fromToday(-15)), cents: true,
             method: "Debit card"),
        Plan(name: "Videographer retainer", line: .photography, vendor: .videography, percent: 25,
             payment: .paid(.fromToday(-100)), method: "Credit card"),
        Plan(name: "Shoes & accessories", line: .attire, percent: 90, payment: .paid(.fromToday(-40)), cents: true,
             method: "Credit card"),
        Plan(name: "Linens & napkins", line: .rentals, vendor: .rentals, percent: 15, payment: .paid(.fromToday(-25)),
             cents: true, method: "Credit card"),
        Plan(name: "Custom candles for favors", line: .favors, percent: 35, payment: .due(.beforeWedding(21)),
             cents: true, method: "Credit card"),
        Plan(name: "Rehearsal dinner deposit", line: .catering, percent: 5, payment: .paid(.fromToday(-10)),
             method: "Credit card"),
        Plan(name: "Tips & gratuities", line: .contingency, percent: 25, payment: .due(.beforeWedding(0)), method: "Cash",
             notes: "Envelopes for the vendors on the day"),
        Plan(name: "Late-night snacks", line: .catering, vendor: .catering, percent: 4, payment: .due(.beforeWedding(10)),
             method: "Bank transfer", notes: "Tacos at 11 pm 🌮"),
        Plan(name: "Guest book & signage", line: .stationery, percent: 12, payment: .paid(.fromToday(-8)), cents: true,
             method: "Credit card"),
        Plan(name: "Makeup for the wedding party", line: .beauty, vendor: .hairAndMakeup, percent: 70,
             payment: .due(.fromToday(28)), method: "Credit card"),
        Plan(name: "Bubbles & sparklers", line: .favors, percent: 10, payment: .paid(.fromToday(-5)), cents: true,
             method: "Cash"),
    ]

    private static let smallPurchases = [
        "Extra postage", "Craft supplies for signs", "Printing the seating chart", "Ribbon & twine",
        "Batteries for candles", "Emergency kit", "Umbrellas for guests", "Card box", "Cake knife & server",
        "Garment bags", "Steamer", "Tea lights",
    ]

    /// `count` expenses over `budget`'s categories, paid to the first vendor of their kind.
    static func make(count: Int, budget: DemoBudget, vendors: [Vendor], timeline: DemoTimeline,
                     random: inout SeededRandom) -> [Expense] {
        let vendorByCategory = DemoVendors.firstByCategory(vendors)
        var expenses: [Expense] = []
        expenses.reserveCapacity(count)
        for index in 0..<count {
            let plan = index < plans.count ? plans[index] : smallPurchase(random: &random)
            expenses.append(expense(plan, vendorID: plan.vendor.flatMap { vendorByCategory[$0] }, budget: budget,
                                    timeline: timeline, random: &random))
        }
        return expenses
    }

    private static func smallPurchase(random: inout SeededRandom) -> Plan {
        let payment: Payment = random.chance(60) ? .paid(.fromToday(-random.int(in: 1...200)))
            : .due(.beforeWedding(random.int(in: 7...140)))
        return Plan(name: random.pick(smallPurchases), line: random.pick(DemoBudgetLine.allCases),
                    percent: random.int(in: 1...4), payment: payment, cents: true,
                    method: random.pick(["Credit card", "Debit card", "Cash"]))
    }

    private static func expense(_ plan: Plan, vendorID: UUID?, budget: DemoBudget, timeline: DemoTimeline,
                                random: inout SeededRandom) -> Expense {
        let amount = DemoMoney.share(of: budget.allocation(plan.line), percent: plan.percent,
                                     step: plan.cents ? nil : 50, random: &random)
        var status: PaymentStatus
        var dueDate: CalendarDate?
        var installments: [Installment] = []
        var firstPaid: CalendarDate?
        /// Appends an installment of `percent` of the amount, or of what the others leave.
        func schedule(_ percent: Int?, due: DemoDay, paid: Bool) {
            let date = due.date(in: timeline)
            let share = percent.map { DemoMoney.percent($0, of: amount) } ?? amount - installments.sum(\.amount)
            let next = Installment(id: random.uuid(), amount: share, dueDate: date, paidDate: paid ? date : nil)
            installments.append(next)
        }
        switch plan.payment {
        case .paid(let day):
            status = .paid
            dueDate = day.date(in: timeline)
            firstPaid = dueDate
        case let .partial(deposits, balanceDue):
            status = .partial
            for deposit in deposits { schedule(deposit.percent, due: deposit.paid, paid: true) }
            schedule(nil, due: balanceDue, paid: false)
            dueDate = balanceDue.date(in: timeline)
            firstPaid = installments.first?.paidDate
        case .scheduled(let parts):
            status = .pending
            for (index, part) in parts.enumerated() {
                schedule(index == parts.count - 1 ? nil : part.percent, due: part.due, paid: false)
            }
            dueDate = installments.first?.dueDate
        case .due(let day):
            status = .pending
            dueDate = day.date(in: timeline)
        case .overdue(let day):
            status = .overdue
            dueDate = day.date(in: timeline)
        case .cancelled:
            status = .cancelled
        }
        var expense = Expense(id: random.uuid(), name: plan.name, categoryID: budget.id(plan.line), vendorID: vendorID,
                              amount: amount, dueDate: dueDate, paymentStatus: status, paymentMethod: plan.method,
                              notes: plan.notes, installments: installments)
        timeline.stamp(&expense, createdBy: firstPaid, random: &random)
        return expense
    }
}
