/// Everything the repositories cache, one case per kind of value. Each is cached per wedding.
///
/// Named in the domain so that a record kind's declaration (`TableRecord`) can say which of
/// them its changes make stale; the cache itself (keys, TTLs, invalidation) is `BlueprintCache`.
///
/// The raw value is a dense index (for per-resource tables); `name` is the spelling in keys.
public enum CacheResource: Int, CaseIterable, Sendable, CustomStringConvertible {
    case wedding
    case guests, guestStats, seatingChart
    case budgetCategories, expenses, budgetSummary, categoryMetrics, vendorPaymentTotals
    case vendors, vendorStats
    case tasks, taskStats
    case milestones, runSheet
    case gifts, moneyOwed
    case budgetScenarios
    case seatingTables, seatingRules
    case notes, documents
    case invitations

    /// The resource part of a key: `guest_stats`.
    public var name: String {
        switch self {
        case .wedding: return "wedding"
        case .guests: return "guests"
        case .guestStats: return "guest_stats"
        case .seatingChart: return "seating_chart"
        case .budgetCategories: return "budget_categories"
        case .expenses: return "expenses"
        case .budgetSummary: return "budget_summary"
        case .categoryMetrics: return "category_metrics"
        case .vendorPaymentTotals: return "vendor_payment_totals"
        case .vendors: return "vendors"
        case .vendorStats: return "vendor_stats"
        case .tasks: return "tasks"
        case .taskStats: return "task_stats"
        case .milestones: return "milestones"
        case .runSheet: return "run_sheet"
        case .gifts: return "gifts"
        case .moneyOwed: return "money_owed"
        case .budgetScenarios: return "budget_scenarios"
        case .seatingTables: return "seating_tables"
        case .seatingRules: return "seating_rules"
        case .notes: return "notes"
        case .documents: return "documents"
        case .invitations: return "invitations"
        }
    }

    public var description: String { name }
}
