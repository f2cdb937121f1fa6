import BlueprintDomain

/// How long an entry of each resource stays valid when `set` is given no TTL of its own.
public struct TimeToLiveTable: Sendable, Equatable {
    private var durations: [Duration]

    /// The defaults: lists that change often and every statistic 60 s, budget categories 5 min,
    /// vendors 10 min (the original app's table), wedding settings and the timeline 5 min (the
    /// original's timeline strategy kept milestones longest: they change least); gifts and
    /// seating 60 s like the guest list they hang on, budget scenarios 5 min like the categories;
    /// documents 2 min (the original's table), notes and invitations 60 s.
    public static let defaults = TimeToLiveTable { resource in
        switch resource {
        case .guests, .guestStats, .seatingChart, .seatingTables, .seatingRules: return .seconds(60)
        case .gifts, .moneyOwed: return .seconds(60)
        case .expenses, .budgetSummary, .categoryMetrics, .vendorPaymentTotals: return .seconds(60)
        case .tasks, .taskStats, .vendorStats: return .seconds(60)
        case .budgetCategories, .wedding, .milestones, .runSheet, .budgetScenarios: return .seconds(300)
        case .vendors: return .seconds(600)
        case .documents: return .seconds(120)
        case .notes, .invitations: return .seconds(60)
        }
    }

    /// A table with `duration(resource)` for every resource.
    public init(_ duration: (CacheResource) -> Duration) {
        durations = CacheResource.allCases.map(duration)
        precondition(durations.allSatisfy { $0 >= .zero }, "a time to live cannot be negative")
    }

    public subscript(resource: CacheResource) -> Duration {
        get { durations[resource.rawValue] }
        set {
            precondition(newValue >= .zero, "the time to live of \(resource) cannot be negative (\(newValue))")
            durations[resource.rawValue] = newValue
        }
    }
}
