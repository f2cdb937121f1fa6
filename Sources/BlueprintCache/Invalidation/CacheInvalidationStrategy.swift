/// What one domain's mutations make stale, including the dependent values of other domains.
///
/// A strategy only answers for its own domain's actions (an empty set for any other), so each
/// action has exactly one strategy and every dependency is written down in one place.
public protocol CacheInvalidationStrategy: Sendable {
    /// The resources of the action's wedding that `action` makes stale.
    func resources(invalidatedBy action: CacheOperation.Action) -> Set<CacheResource>
}
