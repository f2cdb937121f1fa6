import BlueprintDomain
import Synchronization

/// Per-resource counters that are bumped without a lock (relaxed atomics), for the events a
/// cache hit path reports on every read.
final class ResourceCounters: @unchecked Sendable {
    // @unchecked: the buffer is allocated once, never reallocated, and only touched atomically.
    private let counters: UnsafeMutablePointer<Atomic<Int>>
    private let count = CacheResource.allCases.count

    init() {
        counters = .allocate(capacity: count)
        for index in 0..<count { (counters + index).initialize(to: Atomic(0)) }
    }

    deinit {
        counters.deinitialize(count: count)
        counters.deallocate()
    }

    func increment(_ resource: CacheResource) {
        counters[resource.rawValue].wrappingAdd(1, ordering: .relaxed)
    }

    subscript(resource: CacheResource) -> Int { counters[resource.rawValue].load(ordering: .relaxed) }
}
