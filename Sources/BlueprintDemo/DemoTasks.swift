import BlueprintDomain
import Foundation

/// The demo's checklist: four tasks that show each state around today (overdue, due this week,
/// long done, cancelled), then a planning timeline counted back from the wedding, then
/// follow-ups with vendors.
enum DemoTasks {
    private struct Plan {
        var title: String
        var due: DemoDay
        var priority: TaskPriority
        var vendor: VendorCategory?
        var line: DemoBudgetLine?
        /// Indices into the couple's helpers: 0 and 1 the partners, 2 the planner, 3 the relative.
        var assignees: [Int]
        /// Step titles; `{1}` and `{2}` stand for the partners' names.
        var subtasks: [String] = []
        /// The status, when the plan fixes it rather than leaving it to the due date.
        var status: TaskStatus?
        var details = ""
    }

    private static let plans: [Plan] = [
        Plan(title: "Send save-the-dates", due: .fromToday(-5), priority: .high, vendor: .stationery, line: .stationery,
             assignees: [0, 1], subtasks: ["Finalize the address list", "Order the cards", "Stamp and post them"],
             status: .inProgress, details: "The cards arrived; half are addressed"),
        Plan(title: "Book the hair & makeup trial", due: .fromToday(3), priority: .medium, vendor: .hairAndMakeup,
             line: .beauty, assignees: [0], subtasks: ["Pick two looks", "Confirm the time"], status: .notStarted),
        Plan(title: "Book the venue", due: .fromToday(-205), priority: .urgent, vendor: .venue, line: .venue,
             assignees: [0, 1, 2], subtasks: ["Tour three venues", "Compare contracts", "Pay the deposit"],
             status: .completed),
        Plan(title: "Hire a calligrapher for the envelopes", due: .fromToday(-12), priority: .low, line: .stationery,
             assignees: [3], subtasks: ["Ask for samples"], status: .cancelled,
             details: "Printing the addresses instead"),
        Plan(title: "Set the overall budget", due: .beforeWedding(330), priority: .high, line: .contingency,
             assignees: [0, 1], subtasks: ["Agree on a total", "Split it into categories"]),
        Plan(title: "Draft the guest list", due: .beforeWedding(320), priority: .high, assignees: [0, 1],
             subtasks: ["{1}'s side", "{2}'s side", "Mutual friends"]),
        Plan(title: "Book the photographer", due: .beforeWedding(290), priority: .high, vendor: .photography,
             line: .photography, assignees: [0, 2], subtasks: ["Review portfolios", "Sign the contract"]),
        Plan(title: "Book the caterer", due: .beforeWedding(280), priority: .high, vendor: .catering, line: .catering,
             assignees: [1, 2], subtasks: ["Tasting 🍽️", "Choose the menu", "Sign the contract"]),
        Plan(title: "Create the wedding website", due: .beforeWedding(260), priority: .medium, assignees: [1],
             subtasks: ["Pick a template", "Add travel information", "Share the link"]),
        Plan(title: "Book the band", due: .beforeWedding(250), priority: .medium, vendor: .music, line: .music,
             assignees: [1], subtasks: ["See them play live", "Agree on the first-dance song 💃"]),
        Plan(title: "Find the wedding dress", due: .beforeWedding(240), priority: .high, vendor: .attire, line: .dress,
             assignees: [0, 3], subtasks: ["Book boutique appointments", "First fitting", "Second fitting"]),
        Plan(title: "Book the officiant", due: .beforeWedding(210), priority: .medium, vendor: .officiant,
             line: .ceremony, assignees: [0, 1]),
        Plan(title: "Reserve a hotel room block", due: .beforeWedding(200), priority: .medium, vendor: .other,
             assignees: [2], subtasks: ["Compare two hotels", "Share the booking link"]),
        Plan(title: "Book the florist", due: .beforeWedding(180), priority: .medium, vendor: .florist, line: .flowers,
             assignees: [0, 2], subtasks: ["Build a mood board", "Review the quote"]),
        Plan(title: "Arrange a videographer", due: .beforeWedding(160), priority: .low, vendor: .videography,
             line: .photography, assignees: [1]),
        Plan(title: "Order the wedding bands", due: .beforeWedding(150), priority: .medium, line: .rings,
             assignees: [0, 1], subtasks: ["Get ring sizes", "Choose the engraving"]),
        Plan(title: "Book table & chair rentals", due: .beforeWedding(130), priority: .medium, vendor: .rentals,
             line: .rentals, assignees: [2]),
        Plan(title: "Plan the rehearsal dinner", due: .beforeWedding(120), priority: .medium, line: .catering,
             assignees: [3], subtasks: ["Pick a restaurant", "Send the invitations"]),
        Plan(title: "Order suits", due: .beforeWedding(110), priority: .medium, vendor: .attire, line: .suits,
             assignees: [1], subtasks: ["Measurements", "Fitting"]),
        Plan(title: "Book transport", due: .beforeWedding(100), priority: .low, vendor: .transport, line: .transport,
             assignees: [2], subtasks: ["Get quotes", "Confirm pick-up times"]),
        Plan(title: "Book hair & makeup for the day", due: .beforeWedding(90), priority: .medium,
             vendor: .hairAndMakeup, line: .beauty, assignees: [0]),
        Plan(title: "Mail the invitations", due: .beforeWedding(84), priority: .high, vendor: .stationery,
             line: .stationery, assignees: [0, 1], subtasks: ["Address the envelopes", "Weigh for postage", "Post them"]),
        Plan(title: "Choose the cake", due: .beforeWedding(75), priority: .medium, vendor: .cake, line: .cake,
             assignees: [0, 1], subtasks: ["Tasting 🎂", "Pick the flavors"]),
        Plan(title: "Plan the ceremony readings", due: .beforeWedding(60), priority: .low, vendor: .officiant,
             line: .ceremony, assignees: [0, 1, 3], subtasks: ["Pick two readings", "Ask the readers"]),
        Plan(title: "Choose the first-dance song", due: .beforeWedding(50), priority: .low, vendor: .music,
             line: .music, assignees: [0, 1]),
        Plan(title: "Write the vows", due: .beforeWedding(45), priority: .high, assignees: [0, 1],
             subtasks: ["{1}'s first draft", "{2}'s first draft", "Read them to a friend"]),
        Plan(title: "Order the welcome bags", due: .beforeWedding(40), priority: .low, line: .favors, assignees: [3]),
        Plan(title: "Plan the after-party", due: .beforeWedding(40), priority: .low, line: .music, assignees: [1, 3]),
        Plan(title: "Chase missing RSVPs", due: .beforeWedding(38), priority: .high, assignees: [3],
             subtasks: ["Call the households still pending", "Update the guest list"]),
        Plan(title: "Apply for the marriage license", due: .beforeWedding(30), priority: .urgent, line: .ceremony,
             assignees: [0, 1], subtasks: ["Book the appointment", "Bring ID and birth certificates"]),
        Plan(title: "Finalize the menu & meal counts", due: .beforeWedding(28), priority: .high, vendor: .catering,
             line: .catering, assignees: [2], subtasks: ["Export the meal choices", "Send the counts to the caterer"]),
        Plan(title: "Make the seating chart", due: .beforeWedding(21), priority: .high, assignees: [0, 1],
             subtasks: ["Draft the tables", "Check dietary notes", "Print place cards"]),
        Plan(title: "Buy gifts for the wedding party", due: .beforeWedding(20), priority: .low, line: .favors,
             assignees: [0, 1]),
        Plan(title: "Final dress fitting", due: .beforeWedding(14), priority: .high, vendor: .attire, line: .dress,
             assignees: [0, 3]),
        Plan(title: "Confirm timings with every vendor", due: .beforeWedding(10), priority: .urgent, assignees: [2],
             subtasks: ["Send the run sheet", "Collect confirmations"]),
        Plan(title: "Break in the wedding shoes 👟", due: .beforeWedding(10), priority: .low, line: .attire,
             assignees: [0]),
        Plan(title: "Pay the final balances", due: .beforeWedding(7), priority: .urgent, line: .contingency,
             assignees: [0, 1], subtasks: ["Venue", "Caterer", "Band"]),
        Plan(title: "Pack for the honeymoon", due: .beforeWedding(3), priority: .low, assignees: [0, 1],
             subtasks: ["Passports 🛂", "Chargers"]),
        Plan(title: "Return the rentals", due: .beforeWedding(-2), priority: .medium, vendor: .rentals, line: .rentals,
             assignees: [3], subtasks: ["Count the chairs", "Schedule the pick-up"]),
        Plan(title: "Send thank-you notes", due: .beforeWedding(-60), priority: .medium, assignees: [0, 1],
             subtasks: ["List the gifts received", "Write the cards", "Post them"]),
    ]

    /// Follow-ups with a vendor, whose name replaces `{vendor}`.
    private static let followUps = ["Follow up with {vendor}", "Confirm delivery times with {vendor}",
                                    "Send the final headcount to {vendor}", "Check the invoice from {vendor}"]
    private static let chores = ["Review the budget", "Check new RSVPs", "Update the seating chart",
                                 "Answer guest questions", "Tidy the shared planning folder"]

    /// `count` tasks for `couple`, linked to `vendors` and `budget`.
    static func make(count: Int, couple: DemoCouple, budget: DemoBudget, vendors: [Vendor], timeline: DemoTimeline,
                     random: inout SeededRandom) -> [WeddingTask] {
        let vendorByCategory = DemoVendors.firstByCategory(vendors)
        var tasks: [WeddingTask] = []
        tasks.reserveCapacity(count)
        for index in 0..<count {
            var plan: Plan
            var vendorID: UUID?
            if index < plans.count {
                plan = plans[index]
                vendorID = plan.vendor.flatMap { vendorByCategory[$0] }
            } else {
                plan = chore(timeline: timeline, random: &random)
                if !vendors.isEmpty, random.chance(70) {
                    let vendor = random.pick(vendors)
                    plan.title = random.pick(followUps).replacingOccurrences(of: "{vendor}", with: vendor.name)
                    vendorID = vendor.id
                    plan.line = DemoBudget.line(for: vendor.category)
                }
            }
            tasks.append(task(plan, vendorID: vendorID, couple: couple, budget: budget, timeline: timeline,
                              random: &random))
        }
        return tasks
    }

    /// A recurring chore due between a month ago and the wedding.
    private static func chore(timeline: DemoTimeline, random: inout SeededRandom) -> Plan {
        let span = timeline.weddingDate.days(since: timeline.today)
        return Plan(title: random.pick(chores), due: .fromToday(random.int(in: -30...span)),
                    priority: random.pick(TaskPriority.allCases), assignees: [random.below(4)])
    }

    private static func task(_ plan: Plan, vendorID: UUID?, couple: DemoCouple, budget: DemoBudget,
                             timeline: DemoTimeline, random: inout SeededRandom) -> WeddingTask {
        let dueDate = plan.due.date(in: timeline)
        let status = plan.status ?? (dueDate > timeline.weddingDate ? .notStarted
            : status(dueIn: dueDate.days(since: timeline.today), random: &random))
        let done: Int
        switch status {
        case .completed: done = plan.subtasks.count
        case .inProgress: done = (plan.subtasks.count + 1) / 2
        case .onHold, .cancelled: done = plan.subtasks.count / 2
        case .notStarted: done = 0
        }
        let subtasks = plan.subtasks.enumerated().map { index, title in
            Subtask(id: random.uuid(), title: title.replacingOccurrences(of: "{1}", with: couple.partner1.givenName)
                        .replacingOccurrences(of: "{2}", with: couple.partner2.givenName),
                    isDone: index < done)
        }
        var task = WeddingTask(id: random.uuid(), title: plan.title, details: plan.details, status: status,
                               priority: plan.priority, dueDate: dueDate,
                               assignees: plan.assignees.map { couple.helpers[$0] }, vendorID: vendorID,
                               budgetCategoryID: plan.line.map(budget.id), subtasks: subtasks)
        timeline.stamp(&task, createdBy: min(dueDate, timeline.today), random: &random)
        return task
    }

    /// Where a task due in `days` (negative: days ago) plausibly stands: long past mostly done,
    /// near ones under way, far ones not started.
    private static func status(dueIn days: Int, random: inout SeededRandom) -> TaskStatus {
        switch days {
        case ..<(-7): return random.pick(longPast)
        case ..<0: return random.pick(justPast)
        case ...30: return random.pick(comingUp)
        default: return random.pick(later)
        }
    }

    private static let longPast: WeightedChoices<TaskStatus> = [.completed: 85, .inProgress: 10, .onHold: 5]
    private static let justPast: WeightedChoices<TaskStatus> = [.completed: 50, .inProgress: 30, .notStarted: 20]
    private static let comingUp: WeightedChoices<TaskStatus> = [.notStarted: 45, .inProgress: 40, .completed: 15]
    private static let later: WeightedChoices<TaskStatus> = [.notStarted: 80, .inProgress: 12, .onHold: 8]
}
