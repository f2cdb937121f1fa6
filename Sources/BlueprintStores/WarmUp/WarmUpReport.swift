/// How long warming each store took, for the diagnostics view.
public struct WarmUpReport: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public let domain: StoreDomain
        /// From the start of warming to the store's load landing (or failing).
        public let duration: Duration
        /// Why the load failed; `nil` when it loaded.
        public let error: StoreError?
    }

    /// One entry per store, in `StoreDomain` order.
    public let entries: [Entry]

    /// The longest entry: how long warming took, since the loads run at once.
    public var total: Duration { entries.map(\.duration).max() ?? .zero }

    public func entry(for domain: StoreDomain) -> Entry? { entries.first { $0.domain == domain } }
}
