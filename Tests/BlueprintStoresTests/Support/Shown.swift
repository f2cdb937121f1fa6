import BlueprintDomain
@testable import BlueprintStores

/// Everything the stores of a session show, to compare before and after, or with another
/// session: the records in table order, the rows in their order, the figures and search matches,
/// the timeline and the dashboard.
struct Shown: Equatable {
    let wedding: Wedding?
    let guests: [Guest], categories: [BudgetCategory], expenses: [Expense], vendors: [Vendor], tasks: [WeddingTask]
    let visibleGuests: [Guest], guestStats: GuestStats, guestMatches: SearchMatches
    let visibleVendors: [Vendor], vendorStats: VendorStats
    let visibleTasks: [WeddingTask], taskStats: TaskStats
    let visibleExpenses: [Expense], summary: BudgetSummary?, categoryMetrics: [CategoryMetrics]
    let milestones: [Milestone], runSheet: [RunSheetItem], clashes: [RunSheetClash]
    let dashboard: Dashboard

    @MainActor init(_ session: WeddingSession) {
        wedding = session.wedding.wedding
        guests = Array(session.guests.guests)
        categories = Array(session.budget.categories)
        expenses = Array(session.budget.expenses)
        vendors = Array(session.vendors.vendors)
        tasks = Array(session.tasks.tasks)
        visibleGuests = Array(session.guests.visibleGuests)
        guestStats = session.guests.stats
        guestMatches = session.guests.searchMatches
        visibleVendors = Array(session.vendors.visibleVendors)
        vendorStats = session.vendors.stats
        visibleTasks = Array(session.tasks.visibleTasks)
        taskStats = session.tasks.stats
        visibleExpenses = Array(session.budget.visibleExpenses)
        summary = session.budget.summary
        categoryMetrics = session.budget.categoryMetrics
        milestones = Array(session.timeline.milestones)
        runSheet = Array(session.timeline.runSheet)
        clashes = session.timeline.clashes
        dashboard = session.dashboard.dashboard
    }
}
