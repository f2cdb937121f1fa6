import BlueprintDomain
import Foundation

/// Makes a believable demo wedding (couple, guests, budget, vendors, tasks, milestones, the
/// day's run sheet, gifts, seating, scenarios, notes and documents) for trying the app, for
/// screenshots and for benchmarks.
///
/// Deterministic: the same options give the identical dataset, ids and timestamps included,
/// because everything is drawn from a seeded generator and dated from `options.today`.
/// Guests, budget, vendors and tasks each draw from their own stream, so asking for more
/// guests leaves the vendors as they were. Every record passes the domain's validation.
public enum DemoWeddingGenerator {
    /// The demo wedding the options describe.
    public static func make(_ options: DemoWeddingOptions) throws(DemoWeddingOptionsError) -> WeddingDataset {
        let issues = options.validationIssues
        guard issues.isEmpty else { throw DemoWeddingOptionsError(issues: issues) }
        var random = SeededRandom(seed: options.seed, stream: Stream.wedding)
        let couple = random.pick(DemoCouple.all)
        let timeline = DemoTimeline(today: options.today, random: &random)

        var budgetRandom = SeededRandom(seed: options.seed, stream: Stream.budget)
        let budget = DemoBudget(plannedGuests: max(options.guests, 30), timeline: timeline, random: &budgetRandom)
        var vendorRandom = SeededRandom(seed: options.seed, stream: Stream.vendors)
        var opinionRandom = SeededRandom(seed: options.seed, stream: Stream.vendorOpinions)
        let vendors = DemoVendors.make(count: options.vendors, budget: budget, timeline: timeline, random: &vendorRandom,
                                       opinionRandom: &opinionRandom)
        let expenses = DemoExpenses.make(count: options.expenses, budget: budget, vendors: vendors, timeline: timeline,
                                         random: &budgetRandom)
        var taskRandom = SeededRandom(seed: options.seed, stream: Stream.tasks)
        let tasks = DemoTasks.make(count: options.tasks, couple: couple, budget: budget, vendors: vendors,
                                   timeline: timeline, random: &taskRandom)
        var guestRandom = SeededRandom(seed: options.seed, stream: Stream.guests)
        let (guests, givers) = DemoGuests.make(count: options.guests, couple: couple, timeline: timeline, random: &guestRandom)
        var giftRandom = SeededRandom(seed: options.seed, stream: Stream.gifts)
        let gifts = DemoGifts.make(givers: DemoGifts.atLeastTwo(givers, among: guests), guests: guests, timeline: timeline, random: &giftRandom)
        let moneyOwed = DemoGifts.contributions(couple: couple, timeline: timeline, random: &giftRandom)
        var scheduleRandom = SeededRandom(seed: options.seed, stream: Stream.schedule)
        let milestones = DemoSchedule.milestones(timeline: timeline, random: &scheduleRandom)
        let runSheet = DemoSchedule.runSheet(timeline: timeline, couple: couple, vendors: vendors, random: &scheduleRandom)

        var seatingRandom = SeededRandom(seed: options.seed, stream: Stream.seating)
        let tables = DemoSeating.tables(for: guests, timeline: timeline, random: &seatingRandom)
        let rules = DemoSeating.rules(for: guests, timeline: timeline, random: &seatingRandom)
        let totalBudget = totalBudget(categories: budget.categories, expenses: expenses)
        let scenarios = DemoScenarios.make(categories: budget.categories, totalBudget: totalBudget, timeline: timeline,
                                           random: &seatingRandom)

        var wedding = Wedding(id: WeddingID(random.uuid()), name: options.name ?? couple.weddingName,
                              partner1Name: "\(couple.partner1.givenName) \(couple.partner1.familyName)",
                              partner2Name: "\(couple.partner2.givenName) \(couple.partner2.familyName)",
                              weddingDate: timeline.weddingDate, currency: .usd,
                              totalBudget: totalBudget,
                              mealOptions: DemoGuests.mealOptions, rsvpDeadline: timeline.rsvpDeadline)
        timeline.stamp(&wedding, createdBy: timeline.planningStart, random: &random)
        var dataset = WeddingDataset(wedding: wedding, guests: guests, categories: budget.categories, expenses: expenses,
                                     vendors: vendors, tasks: tasks, milestones: milestones, runSheet: runSheet, gifts: gifts,
                                     moneyOwed: moneyOwed, scenarios: scenarios, seatingTables: tables, seatingRules: rules)
        var attachmentRandom = SeededRandom(seed: options.seed, stream: Stream.attachments)
        dataset.notes = RecordTable(DemoAttachments.notes(dataset: dataset, couple: couple, timeline: timeline,
                                                          random: &attachmentRandom))
        dataset.documents = RecordTable(DemoAttachments.documents(dataset: dataset, couple: couple, timeline: timeline,
                                                                  random: &attachmentRandom))
        var invitationRandom = SeededRandom(seed: options.seed, stream: Stream.invitations)
        dataset.invitations = RecordTable(DemoInvitations.make(guests: guests, timeline: timeline, random: &invitationRandom))
        return dataset
    }

    /// The demo wedding the options describe, under an id of its own: the seed decides the
    /// content, and a second demo with the same seed can live in the same data directory.
    public static func makeWithNewID(_ options: DemoWeddingOptions) throws(DemoWeddingOptionsError) -> WeddingDataset {
        var dataset = try make(options)
        dataset.wedding.weddingID = WeddingID()
        return dataset
    }

    /// The generator streams, one per part of the wedding.
    private enum Stream {
        static let wedding: UInt64 = 1, budget: UInt64 = 2, vendors: UInt64 = 3, tasks: UInt64 = 4, guests: UInt64 = 5
        static let schedule: UInt64 = 6, vendorOpinions: UInt64 = 7, gifts: UInt64 = 8, seating: UInt64 = 9
        static let attachments: UInt64 = 10, invitations: UInt64 = 11
    }

    /// What the couple set aside: the allocations plus a little unallocated, or, if the spending
    /// has outgrown that, the spending plus a margin; rounded up to a thousand dollars.
    private static func totalBudget(categories: [BudgetCategory], expenses: [Expense]) -> Money {
        let allocated = categories.sum(\.allocated)
        let committed = expenses.sum(\.committed)
        let planned = max(allocated + DemoMoney.percent(3, of: allocated), committed + DemoMoney.percent(5, of: committed))
        let thousand = DemoMoney.dollars(1_000).minorUnits
        return Money(minorUnits: (planned.minorUnits + thousand - 1) / thousand * thousand)
    }
}
