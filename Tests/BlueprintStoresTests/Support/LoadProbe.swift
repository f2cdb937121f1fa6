import BlueprintDomain
import Foundation
@testable import BlueprintStores

/// Watches and steers the repository calls the stores make: counts them, holds them open
/// until released, or makes them fail.
actor LoadProbe {
    /// A kind of call: the reads a store loads with, any write of a store's records, or a
    /// store's revalidation (catching up with the change feed).
    enum Point: Hashable, Sendable {
        case read(StoreDomain)
        case write(StoreDomain)
        case catchUp
    }

    private struct Hold: Hashable {
        let point: Point
        let wedding: WeddingID?
    }

    private var counts: [Point: Int] = [:]
    private var holds: Set<Hold> = []
    private var held: [Hold: [CheckedContinuation<Void, Never>]] = [:]
    private var failures: [Point: RepositoryError] = [:]
    private var countWaiters: [UUID: (point: Point, count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]

    /// How many calls reached `point`.
    func count(_ point: Point) -> Int { counts[point, default: 0] }

    /// How many reads each store's domain has made so far.
    func readCounts() -> [StoreDomain: Int] {
        Dictionary(uniqueKeysWithValues: StoreDomain.allCases.map { ($0, counts[.read($0), default: 0]) })
    }

    /// Calls to `point` (of `wedding`, or any) wait until `release` from now on.
    func hold(_ point: Point, in wedding: WeddingID? = nil) { holds.insert(Hold(point: point, wedding: wedding)) }

    /// Lets the held calls to `point` go on, and stops holding new ones.
    func release(_ point: Point, in wedding: WeddingID? = nil) {
        let hold = Hold(point: point, wedding: wedding)
        holds.remove(hold)
        for continuation in held.removeValue(forKey: hold) ?? [] { continuation.resume() }
    }

    /// The next call to `point` throws `error`.
    func failNext(_ point: Point, with error: RepositoryError = .storage("disk unplugged")) { failures[point] = error }

    /// Returns once `count` calls have reached `point` (held ones included), or when the
    /// waiting task is cancelled (by the test's time limit).
    func waitForCalls(_ point: Point, count: Int = 1) async {
        guard counts[point, default: 0] < count else { return }
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { countWaiters[id] = (point, count, $0) }
        } onCancel: {
            Task { await self.stopWaiting(id) }
        }
    }

    private func stopWaiting(_ id: UUID) {
        countWaiters.removeValue(forKey: id)?.continuation.resume()
    }

    /// Every intercepted call passes here first.
    func enter(_ point: Point, wedding: WeddingID) async throws {
        counts[point, default: 0] += 1
        for (id, waiter) in countWaiters where waiter.point == point && waiter.count <= counts[point]! {
            countWaiters.removeValue(forKey: id)
            waiter.continuation.resume()
        }
        for hold in [Hold(point: point, wedding: wedding), Hold(point: point, wedding: nil)] where holds.contains(hold) {
            await withCheckedContinuation { held[hold, default: []].append($0) }
        }
        if let error = failures.removeValue(forKey: point) { throw error }
    }
}
