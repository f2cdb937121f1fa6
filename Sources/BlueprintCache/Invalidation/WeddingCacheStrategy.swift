import BlueprintDomain

/// The wedding's own settings, and the wedding as a whole.
public struct WeddingCacheStrategy: CacheInvalidationStrategy {
    public init() {}

    public func resources(invalidatedBy action: CacheOperation.Action) -> Set<CacheResource> {
        switch action {
        case .weddingSettingsUpdated:
            // The total budget feeds the budget summary; the meal options feed the meal counts.
            return [.wedding, .budgetSummary, .guestStats]
        case .weddingCreated, .weddingDeleted:
            return Set(CacheResource.allCases)
        default:
            return []
        }
    }
}
