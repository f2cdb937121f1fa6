import DequeModule

/// Durations of one kind of work: how many were recorded in all, and the median, 95th percentile
/// and maximum of the most recent ones (the rolling window).
public struct LatencySummary: Sendable, Equatable {
    /// Every duration ever recorded, including those that have left the window.
    public var count: Int
    public var p50: Duration
    public var p95: Duration
    public var max: Duration

    public static let empty = LatencySummary(count: 0, p50: .zero, p95: .zero, max: .zero)

    public init(count: Int, p50: Duration, p95: Duration, max: Duration) {
        self.count = count
        self.p50 = p50
        self.p95 = p95
        self.max = max
    }
}

/// The most recent durations of one kind of work, and how many there were in all.
struct LatencyWindow: Sendable {
    private let capacity: Int
    private var recent: Deque<Duration> = []
    private var total = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func add(_ duration: Duration) {
        if recent.count == capacity { recent.removeFirst() }
        recent.append(duration)
        total += 1
    }

    /// Nearest-rank percentiles over the window.
    var summary: LatencySummary {
        guard !recent.isEmpty else { return .empty }
        let sorted = recent.sorted()
        func percentile(_ percent: Int) -> Duration {
            let rank = (percent * sorted.count + 99) / 100
            return sorted[Swift.max(rank, 1) - 1]
        }
        return LatencySummary(count: total, p50: percentile(50), p95: percentile(95), max: sorted[sorted.count - 1])
    }
}
