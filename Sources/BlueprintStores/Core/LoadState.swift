/// Where a store's data stands.
public enum LoadState: Equatable, Sendable {
    /// Nothing has been asked for yet.
    case idle
    /// A load is running. Rows loaded before stay shown until it lands.
    case loading
    case loaded
    /// The last load failed. Rows loaded before (if any) stay shown.
    case failed(StoreError)
}
