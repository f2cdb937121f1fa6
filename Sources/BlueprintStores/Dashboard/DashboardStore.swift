import BlueprintDomain

/// The dashboard of the open wedding, derived from the session's other stores: it loads
/// nothing itself, so it is as current as they are (their loads, their patched changes, this
/// session's edits), and it is derived again only when one of them has changed or the day has.
@MainActor
public final class DashboardStore {
    private let wedding: WeddingStore
    private let guests: GuestStore
    private let budget: BudgetStore
    private let vendors: VendorStore
    private let tasks: TaskStore
    private let timeline: TimelineStore
    private let gifts: GiftStore
    private var derived: (key: [Int], today: CalendarDate, dashboard: Dashboard)?

    public init(wedding: WeddingStore, guests: GuestStore, budget: BudgetStore, vendors: VendorStore, tasks: TaskStore,
                timeline: TimelineStore, gifts: GiftStore) {
        self.wedding = wedding
        self.guests = guests
        self.budget = budget
        self.vendors = vendors
        self.tasks = tasks
        self.timeline = timeline
        self.gifts = gifts
    }

    /// The stores the dashboard reads, in `StoreDomain` order.
    public var sources: [DomainStore] { [wedding, guests, budget, vendors, tasks, timeline, gifts] }

    /// Whether every store it reads has something to show (a load, or the guests' preview).
    public var isReady: Bool { sources.allSatisfy { $0.lastLoadTime != nil || $0.isShowingPreview } }

    /// What needs the couple as of today.
    public var dashboard: Dashboard {
        let key = sources.map(\.changeCount), today = wedding.today
        if let derived, derived.key == key, derived.today == today { return derived.dashboard }
        // The summary as of today (the budget store's is as of its last change, which may be yesterday).
        let summary = budget.summary(asOf: today)
        let dashboard = Dashboard(wedding: wedding.wedding, guests: guests.stats, tasks: tasks.tasks, budget: summary,
                                  vendors: vendors.vendors, milestones: timeline.milestones, gifts: gifts.summary,
                                  today: today)
        derived = (key, today, dashboard)
        return dashboard
    }
}
