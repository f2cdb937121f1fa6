import BlueprintDomain

/// What some mutations make stale, including the dependent values of other domains.
///
/// A strategy only answers for its own actions (an empty set for any other), so each action has
/// exactly one strategy; the records' dependencies are written down once, in their declarations.
public protocol CacheInvalidationStrategy: Sendable {
    /// The resources of the action's wedding that `action` makes stale.
    func resources(invalidatedBy action: CacheOperation.Action) -> Set<CacheResource>
}
