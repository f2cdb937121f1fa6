import BlueprintCache
import BlueprintDomain

/// Loads every store of a newly opened wedding at once (the wedding, guests, budget, vendors,
/// tasks, timeline, gifts, seating, notes and documents), at launch and on switching weddings, and times each load.
///
/// The original app had a warmer that nothing called; the app calls this one right after
/// `AppModel.open`. Each store's time goes to the `PerformanceMonitor` as "warm <domain>".
@MainActor
public struct CacheWarmer {
    public let monitor: PerformanceMonitor

    public init(monitor: PerformanceMonitor = .shared) {
        self.monitor = monitor
    }

    /// Starts loading every store of `session` concurrently and returns once the store of
    /// `first` (the one on screen) has landed or failed, while the others go on loading; with
    /// `first` `nil` it returns at once. One store failing stops none of the others.
    ///
    /// - Returns: a task that ends with every store's timing once all have landed.
    @discardableResult
    public func warm(_ session: WeddingSession, first: StoreDomain? = nil) async -> Task<WarmUpReport, Never> {
        let clock = session.context.clock, monitor = self.monitor
        let start = clock.uptime()
        let loads = session.stores.map { store in
            (store.domain, Task { () -> WarmUpReport.Entry in
                await store.load()
                let duration = clock.uptime() - start
                monitor.recordLatency("warm \(store.domain)", duration: duration)
                var error: StoreError?
                if case let .failed(reason) = store.loadState { error = reason }
                return WarmUpReport.Entry(domain: store.domain, duration: duration, error: error)
            })
        }
        if let first, let shown = loads.first(where: { $0.0 == first }) {
            _ = await shown.1.value
        }
        return Task {
            var entries: [WarmUpReport.Entry] = []
            for (_, load) in loads { entries.append(await load.value) }
            return WarmUpReport(entries: entries)
        }
    }
}
