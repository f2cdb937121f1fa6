/// What became of an intent that changes data.
public enum EditOutcome: Equatable, Sendable {
    /// Written. The change, shown at once, stays.
    case saved
    /// Someone else changed the record first. Nothing was written; the store's conflict holds
    /// both versions until the caller resolves it by reloading or overwriting.
    case conflict
    /// Nothing was written, and the change shown at once was rolled back.
    case failed(StoreError)
}
