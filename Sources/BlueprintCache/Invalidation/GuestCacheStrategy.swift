/// Guests: the list, its statistics and the seating chart are all computed from the guests.
public struct GuestCacheStrategy: CacheInvalidationStrategy {
    public init() {}

    public func resources(invalidatedBy action: CacheOperation.Action) -> Set<CacheResource> {
        switch action {
        case .guestCreated, .guestUpdated, .guestDeleted, .guestsImported:
            return [.guests, .guestStats, .seatingChart]
        default:
            return []
        }
    }
}
