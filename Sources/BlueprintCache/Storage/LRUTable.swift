/// Cache entries by key, in least-recently-used order, with O(1) lookup, touch, insert, remove
/// and eviction, and a running total of their cost.
///
/// Hand-written because swift-collections has no LRU structure. The entries sit in one array
/// and link to each other by index (an intrusive doubly linked list over a dictionary from key to
/// slot), so touching an entry moves and allocates nothing; freed slots are reused.
struct LRUTable {
    private struct Slot {
        var entry: CacheEntry?
        var newer: Int
        var older: Int
    }

    private static let none = -1

    private var slots: [Slot] = []
    private var slotOfKey: [CacheKey: Int] = [:]
    private var freeSlots: [Int] = []
    private var newest = LRUTable.none
    private var oldest = LRUTable.none
    private(set) var totalCost = 0

    var count: Int { slotOfKey.count }

    /// The slot holding `key`, without changing its recency.
    func slot(of key: CacheKey) -> Int? { slotOfKey[key] }

    func entry(at slot: Int) -> CacheEntry { slots[slot].entry! }

    /// The least recently used entry, the next to evict.
    var leastRecentlyUsed: CacheEntry? { oldest == Self.none ? nil : slots[oldest].entry }

    /// Marks the entry in `slot` as the most recently used.
    mutating func touch(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    /// Stores `entry` as the most recently used, replacing any entry with its key.
    mutating func insert(_ entry: CacheEntry) {
        if let existing = slotOfKey[entry.key] { remove(at: existing) }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot].entry = entry
        } else {
            slot = slots.count
            slots.append(Slot(entry: entry, newer: Self.none, older: Self.none))
        }
        slotOfKey[entry.key] = slot
        totalCost += entry.cost
        linkAsNewest(slot)
    }

    @discardableResult
    mutating func remove(_ key: CacheKey) -> CacheEntry? {
        slotOfKey[key].map { remove(at: $0) }
    }

    @discardableResult
    mutating func remove(at slot: Int) -> CacheEntry {
        let entry = slots[slot].entry!
        unlink(slot)
        slots[slot].entry = nil
        slotOfKey[entry.key] = nil
        freeSlots.append(slot)
        totalCost -= entry.cost
        return entry
    }

    mutating func removeAll() {
        self = LRUTable()
    }

    /// Every entry, most recently used first.
    var entriesByRecency: [CacheEntry] {
        var result: [CacheEntry] = []
        result.reserveCapacity(count)
        var slot = newest
        while slot != Self.none {
            result.append(slots[slot].entry!)
            slot = slots[slot].older
        }
        return result
    }

    private mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer, older = slots[slot].older
        if newer == Self.none { newest = older } else { slots[newer].older = older }
        if older == Self.none { oldest = newer } else { slots[older].newer = newer }
        slots[slot].newer = Self.none
        slots[slot].older = Self.none
    }

    private mutating func linkAsNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = Self.none
        if newest != Self.none { slots[newest].newer = slot }
        newest = slot
        if oldest == Self.none { oldest = slot }
    }
}
