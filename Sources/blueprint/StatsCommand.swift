import ArgumentParser
import BlueprintDomain
import BlueprintRepositories
import BlueprintText
import BlueprintTUI
import Foundation

/// `blueprint stats`: the domains' figures and the timeline's, as text or as stable JSON for scripts.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show the wedding's guest, budget, vendor, task, timeline and gift figures.",
        discussion: "The vendors' figures leave out archived vendors, which are only counted (archived).\n\n"
            + "The timeline's figures: milestones, those done, those overdue (past their date and not done) and "
            + "the next one (the earliest not done, today or later); run-sheet items, and their clashes (two items at "
            + "overlapping times in one place, or one vendor in two places at once).\n\n"
            + "The gifts' figures: gifts, the thank-yous still to write, the value of the money gifts, and the money "
            + "owed still outstanding each way (to the couple, and by the couple), amounts in minor units in JSON."
    )

    @OptionGroup var options: WeddingOptions
    @Flag(help: "Print JSON (stable keys; amounts in minor units of `currency`).") var json = false

    func run() async throws {
        let (data, wedding) = try await options.open()
        let repositories = data.repositories
        let report = try await StatsReport.make(wedding: wedding, repositories: repositories, today: .today)
        if json {
            try JSONOutput.print(report)
        } else {
            try CommandOutput.print(report.text(currency: wedding.currency))
        }
    }
}

/// The figures `stats` prints. Its JSON shape is a documented interface (README): add keys; a
/// renamed key is a breaking change, listed in CHANGELOG.md.
struct StatsReport: Encodable {
    struct WeddingPart: Encodable {
        let id: String
        let name: String
        let date: String?
        let daysToGo: Int?
        let currency: String
        let minorDigits: Int
    }

    struct GuestPart: Encodable {
        /// The `mealCounts` key of the people coming who have not chosen a meal.
        static let notChosen = "notChosen"

        let invited, attending, attendingHeadcount, declined, pending: Int
        let responseRate: Double
        /// People coming (plus-ones included) per meal, and `notChosen`.
        let mealCounts: [String: Int]
        /// Seats taken per table number: attending guests and their plus-ones.
        let seatsPerTable: [String: Int]
    }

    struct BudgetPart: Encodable {
        let totalBudget, income, allocated, overAllocated, committed, paid, remaining, dueNext30Days, overdue: Int64
        let overBudgetCategories: [String]
        let amountsBeyondLimit: [String]
    }

    struct VendorPart: Encodable {
        let total: Int
        let byStatus: [String: Int]
        let byCategory: [String: Int]
        let totalQuoted, bookedCost: Int64
        let archived: Int
    }

    struct TaskPart: Encodable {
        let total, overdue, dueWithin7Days: Int
        let byStatus: [String: Int]
    }

    struct MilestonePart: Encodable {
        struct Next: Encodable {
            let title: String
            let date: String
            let daysUntil: Int
        }

        let total, done, overdue: Int
        /// Written as `null` when no open milestone is ahead, so the key is always there.
        let next: Next?

        private enum CodingKeys: String, CodingKey { case total, done, overdue, next }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(total, forKey: .total)
            try container.encode(done, forKey: .done)
            try container.encode(overdue, forKey: .overdue)
            try container.encode(next, forKey: .next)
        }
    }

    struct RunSheetPart: Encodable {
        let items, clashes: Int
    }

    let wedding: WeddingPart
    let guests: GuestPart
    let budget: BudgetPart
    let vendors: VendorPart
    let tasks: TaskPart
    struct GiftPart: Encodable {
        let count, thankYousToWrite: Int
        let moneyGifts, owedToCouple, owedByCouple: Int64
    }

    let milestones: MilestonePart
    let runSheet: RunSheetPart
    let gifts: GiftPart

    static func make(wedding: Wedding, repositories: Repositories, today: CalendarDate) async throws -> StatsReport {
        let id = wedding.weddingID
        async let guestStats = repositories.guests.guestStats(in: id)
        async let summary = repositories.budget.budgetSummary(asOf: today, in: id)
        async let vendorStats = repositories.vendors.vendorStats(in: id)
        async let taskStats = repositories.tasks.taskStats(asOf: today, in: id)
        async let milestones = repositories.records(Milestone.self).fetchAll(in: id)
        async let runSheet = repositories.records(RunSheetItem.self).fetchAll(in: id)
        async let gifts = repositories.records(Gift.self).fetchAll(in: id)
        async let owed = repositories.records(MoneyOwed.self).fetchAll(in: id)
        let (g, b, v, t, m, r) = try await (guestStats, summary, vendorStats, taskStats, milestones, runSheet)
        let timeline = TimelineStats(milestones: m, runSheet: r, today: today)
        let giftSummary = GiftSummary(gifts: try await gifts, owed: try await owed)
        return StatsReport(
            wedding: WeddingPart(id: id.description, name: wedding.name, date: wedding.weddingDate?.description,
                                 daysToGo: wedding.weddingDate?.days(since: today), currency: wedding.currency.code,
                                 minorDigits: wedding.currency.minorDigits),
            guests: GuestPart(invited: g.invited, attending: g.attending, attendingHeadcount: g.attendingHeadcount,
                              declined: g.declined, pending: g.pending, responseRate: g.responseRate,
                              mealCounts: Dictionary(g.mealCounts.map { ($0.key.isEmpty ? GuestPart.notChosen : $0.key, $0.value) },
                                                     uniquingKeysWith: +),
                              seatsPerTable: Dictionary(uniqueKeysWithValues: g.seatsPerTable.map { (String($0.key), $0.value) })),
            budget: BudgetPart(totalBudget: b.totalBudget.minorUnits, income: b.income.minorUnits, allocated: b.allocated.minorUnits,
                               overAllocated: b.overAllocated.minorUnits,
                               committed: b.committed.minorUnits, paid: b.paid.minorUnits,
                               remaining: b.remaining.minorUnits, dueNext30Days: b.dueNext30DaysTotal.minorUnits,
                               overdue: b.overdueTotal.minorUnits, overBudgetCategories: b.overBudgetCategories.map(\.name),
                               amountsBeyondLimit: b.amountsBeyondLimit),
            vendors: VendorPart(total: v.total,
                                byStatus: Dictionary(uniqueKeysWithValues: v.byStatus.map { ($0.key.rawValue, $0.value) }),
                                byCategory: Dictionary(uniqueKeysWithValues: v.byCategory.map { ($0.key.rawValue, $0.value) }),
                                totalQuoted: v.totalQuoted.minorUnits, bookedCost: v.bookedCost.minorUnits,
                                archived: v.archived),
            tasks: TaskPart(total: t.total, overdue: t.overdue, dueWithin7Days: t.dueWithin7Days,
                            byStatus: Dictionary(uniqueKeysWithValues: t.byStatus.map { ($0.key.rawValue, $0.value) })),
            milestones: MilestonePart(total: timeline.milestones, done: timeline.milestonesDone,
                                      overdue: timeline.milestonesOverdue,
                                      next: timeline.nextMilestone.map {
                                          MilestonePart.Next(title: $0.title, date: $0.date.description, daysUntil: $0.daysUntil)
                                      }),
            runSheet: RunSheetPart(items: timeline.runSheetItems, clashes: timeline.runSheetClashes),
            gifts: GiftPart(count: giftSummary.gifts, thankYousToWrite: giftSummary.thankYousToWrite,
                            moneyGifts: giftSummary.moneyGifts.minorUnits, owedToCouple: giftSummary.owedToCouple.minorUnits,
                            owedByCouple: giftSummary.owedByCouple.minorUnits))
    }

    /// A plain-text rendering for people.
    func text(currency: Currency) -> String {
        func money(_ minor: Int64) -> String { currency.format(Money(minorUnits: minor)) }
        let percent = Int((guests.responseRate * 100).rounded())
        let safe = TerminalSanitizer.sanitize
        var lines = ["\(safe(wedding.name))" + (wedding.date.map { " — \($0)" } ?? "")
                        + (wedding.daysToGo.map { $0 >= 0 ? " (" + CountPhrase.of($0, "day") + " to go)" : "" } ?? "")]
        lines.append("")
        lines.append("Guests   \(guests.invited) invited, \(guests.attending) attending (\(CountPhrase.of(guests.attendingHeadcount, "person")) with plus-ones), "
                     + "\(guests.declined) declined, \(guests.pending) pending; \(percent)% responded")
        if !guests.mealCounts.isEmpty {
            lines.append("         meals: " + guests.mealCounts.sorted { $0.key < $1.key }
                .map { "\($0.key == GuestPart.notChosen ? "not chosen" : safe($0.key)) \($0.value)" }.joined(separator: ", "))
        }
        lines.append("Budget   \(money(budget.totalBudget)) total, "
                     + (budget.income == 0 ? "" : "+ \(money(budget.income)) gifts and contributions, ")
                     + "\(money(budget.allocated)) allocated, "
                     + (budget.overAllocated == 0 ? "" : "\(money(budget.overAllocated)) beyond the total, ")
                     + "\(money(budget.committed)) committed, \(money(budget.paid)) paid, \(money(budget.remaining)) remaining")
        lines.append("         due in 30 days \(money(budget.dueNext30Days)), overdue \(money(budget.overdue))"
                     + (budget.overBudgetCategories.isEmpty ? "" : "; over budget: " + budget.overBudgetCategories.map(safe).joined(separator: ", ")))
        if !budget.amountsBeyondLimit.isEmpty {
            lines.append("         amounts beyond the limit, to correct: " + budget.amountsBeyondLimit.map(safe).joined(separator: ", "))
        }
        lines.append("Vendors  \(vendors.total) total, \(vendors.byStatus["booked"] ?? 0) booked; quoted \(money(vendors.totalQuoted)), "
                     + "booked cost \(money(vendors.bookedCost))"
                     + (vendors.archived == 0 ? "" : "; \(vendors.archived) archived, left out"))
        lines.append("Tasks    \(tasks.total) total, \(tasks.byStatus["completed"] ?? 0) completed, \(tasks.overdue) overdue, "
                     + "\(tasks.dueWithin7Days) due within 7 days")
        lines.append("Timeline \(CountPhrase.of(milestones.total, "milestone")), \(milestones.done) done, \(milestones.overdue) overdue"
                     + (milestones.next.map { "; next: \(safe($0.title)) on \($0.date) (\(Formats.due(inDays: $0.daysUntil)))" } ?? ""))
        lines.append("         run sheet: " + CountPhrase.of(runSheet.items, "item") + ", " + CountPhrase.of(runSheet.clashes, "clash"))
        lines.append("Gifts    " + CountPhrase.of(gifts.count, "gift") + ", " + CountPhrase.of(gifts.thankYousToWrite, "thank-you")
                     + " to write; money gifts \(money(gifts.moneyGifts)); "
                     + "owed to the couple \(money(gifts.owedToCouple)), by the couple \(money(gifts.owedByCouple))")
        return lines.joined(separator: "\n")
    }
}
