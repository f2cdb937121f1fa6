import BlueprintDomain
import Foundation

/// What needs the couple now, as of one day: the days to go, the replies against the RSVP
/// deadline, the money due and overdue, the tasks overdue and due within a week, the next
/// milestones, the essential vendors not yet booked, and the thank-yous still to write.
///
/// Every figure is the domain's own: the replies are `GuestStats`, the money is `BudgetSummary`'s
/// `overdue` and `dueNext30Days`, the tasks are those `TaskStats` counts as `overdue` and
/// `dueWithin7Days`, the thank-yous are `GiftSummary.thankYousToWrite`. Nothing here defines a figure of its own that could disagree with them.
public struct Dashboard: Equatable, Sendable {
    /// The replies to the invitations, against the RSVP deadline.
    public struct Replies: Equatable, Sendable {
        /// The guest figures they come from.
        public var stats: GuestStats
        public var deadline: CalendarDate?
        /// Days from today to the deadline (negative once it has passed); `nil` without one.
        public var daysToDeadline: Int?

        /// Guests who answered yes or no.
        public var responded: Int { stats.attending + stats.declined }
        /// Whether the deadline has passed with guests still to answer.
        public var isLate: Bool { (daysToDeadline ?? 0) < 0 && stats.pending > 0 }
    }

    /// An essential kind of vendor with none booked yet.
    public struct VendorGap: Equatable, Sendable {
        public var category: VendorCategory
        /// Vendors of the category still in play (researching, contacted or quoted).
        public var candidates: Int
    }

    /// The kinds of vendor a wedding cannot do without; one of each should be booked.
    public static let essentialCategories: [VendorCategory] = [.venue, .catering, .photography, .officiant]
    /// How many of the next milestones are listed.
    public static let milestonesShown = 5

    public var today: CalendarDate
    public var weddingDate: CalendarDate?
    /// Days from today to the wedding (negative once it has passed); `nil` without a date.
    public var daysToGo: Int?
    public var replies: Replies
    /// Open tasks past their due date (`TaskStats.overdue`), the longest overdue first.
    public var overdueTasks: [WeddingTask]
    /// Open tasks due from today through 7 days ahead (`TaskStats.dueWithin7Days`), soonest first.
    public var tasksDueSoon: [WeddingTask]
    /// `BudgetSummary.overAllocated`: the allocations beyond the total budget.
    public var overAllocated: Money
    /// `BudgetSummary.overdue`: payments still owed past their date, or of expenses marked overdue.
    public var overduePayments: [DuePayment]
    /// `BudgetSummary.dueNext30Days`: unpaid payments due from today through 30 days ahead.
    public var paymentsDueSoon: [DuePayment]
    /// Milestones not done, soonest first (overdue ones lead), at most `milestonesShown`.
    public var nextMilestones: [Milestone]
    /// Essential categories without a booked vendor, in `essentialCategories` order.
    public var unbookedCategories: [VendorGap]
    /// Gifts whose thank-you is not sent yet (`GiftSummary.thankYousToWrite`).
    public var thankYousToWrite: Int

    /// The dashboard as of `today`; `milestones` come in timeline order, as `TimelineStore` keeps them.
    public init(wedding: Wedding?, guests: GuestStats, tasks: some Collection<WeddingTask>, budget: BudgetSummary?,
                vendors: some Collection<Vendor>, milestones: some Collection<Milestone>, gifts: GiftSummary,
                today: CalendarDate) {
        self.today = today
        weddingDate = wedding?.weddingDate
        daysToGo = wedding?.weddingDate.map { $0.days(since: today) }
        replies = Replies(stats: guests, deadline: wedding?.rsvpDeadline,
                          daysToDeadline: wedding?.rsvpDeadline.map { $0.days(since: today) })
        let byDue: (WeddingTask, WeddingTask) -> Bool = {
            ($0.dueDate!, $0.title.lowercased(), $0.id) < ($1.dueDate!, $1.title.lowercased(), $1.id)
        }
        overdueTasks = tasks.filter { $0.isOverdue(today: today) }.sorted(by: byDue)
        tasksDueSoon = tasks.filter { $0.isDueWithin7Days(today: today) }.sorted(by: byDue)
        overAllocated = budget?.overAllocated ?? .zero
        overduePayments = budget?.overdue ?? []
        paymentsDueSoon = budget?.dueNext30Days ?? []
        nextMilestones = Array(milestones.lazy.filter { !$0.isDone }.prefix(Self.milestonesShown))
        thankYousToWrite = gifts.thankYousToWrite
        // Archived vendors are put away: they neither book a category nor count as candidates.
        let current = vendors.filter { !$0.isArchived }
        let booked = Set(current.filter { $0.status == .booked }.map(\.category))
        unbookedCategories = Self.essentialCategories.filter { !booked.contains($0) }.map { category in
            VendorGap(category: category, candidates: current.count { vendor in
                vendor.category == category && [.researching, .contacted, .quoted].contains(vendor.status)
            })
        }
    }
}
