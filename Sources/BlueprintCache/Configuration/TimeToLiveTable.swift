import BlueprintDomain

/// How long an entry of each resource stays valid when `set` is given no TTL of its own.
public struct TimeToLiveTable: Sendable, Equatable {
    private var durations: [Duration]

    /// The defaults: lists that change often and every statistic 60 s, budget categories 5 min,
    /// vendors 10 min (the original app's table), wedding settings and the timeline 5 min (the
    /// original's timeline strategy kept milestones longest: they change least).
    public static let defaults = TimeToLiveTable { resource in
        switch resource {
        case .guests, .guestStats, .seatingChart: return .seconds(60)
        case .expenses, .budgetSummary, .categoryMetrics, .vendorPaymentTotals: return .seconds(60)
        case .tasks, .taskStats, .vendorStats: return .seconds(60)
        case .budgetCategories, .wedding, .milestones, .runSheet: return .seconds(300)
        case .vendors: return .seconds(600)
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
