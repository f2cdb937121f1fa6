import BlueprintDomain
import Foundation
import Synchronization

/// Edits made offline that conflict, held in memory for tests of what shows and settles them:
/// `add` puts one up (as a reconnection that found it would), `settle` takes it down and
/// remembers how it was settled. The database side is tested against the real tier.
public final class InMemoryOfflineConflicts: OfflineConflictSource {
    private struct State {
        var edits: [ActivityEntry] = []
        var settled: [(edit: ActivityEntry, keptYours: Bool)] = []
        var watchers: [UUID: AsyncStream<Void>.Continuation] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Puts `edit` up as a conflict and, if `announced`, tells the watchers (a notice missed
    /// otherwise: only a later read finds it).
    public func add(_ edit: ActivityEntry, announced: Bool = true) {
        let watchers = state.withLock { state in
            state.edits.append(edit)
            return Array(state.watchers.values)
        }
        guard announced else { return }
        for watcher in watchers { watcher.yield() }
    }

    /// Each conflict settled so far, and whether yours was kept.
    public var settled: [(edit: ActivityEntry, keptYours: Bool)] { state.withLock { $0.settled } }

    public func offlineConflicts(in wedding: WeddingID) async throws -> [OfflineConflict] {
        state.withLock { $0.edits.enumerated().map { OfflineConflict(position: $0.offset, edit: $0.element) } }
    }

    public func settle(_ conflict: OfflineConflict, in wedding: WeddingID, keepingYours: Bool) async throws {
        let watchers = try state.withLock { state in
            guard state.edits.indices.contains(conflict.position), state.edits[conflict.position] == conflict.edit else {
                throw RepositoryError.storage("that edit made offline is settled already")
            }
            state.settled.append((state.edits.remove(at: conflict.position), keepingYours))
            return Array(state.watchers.values)
        }
        for watcher in watchers { watcher.yield() }
    }

    public func offlineConflictChanges(in wedding: WeddingID) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let key = UUID()
        state.withLock { $0.watchers[key] = continuation }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.watchers.removeValue(forKey: key) } }
        return stream
    }
}
