import BlueprintDomain
import Foundation
import Synchronization

/// Fans changes out to every open `AsyncStream` of a wedding. Subscribing is synchronous, so a
/// change published right after `changes(in:)` returns is never missed.
public final class ChangeBroadcaster: Sendable {
    private let subscribers = Mutex<[WeddingID: [UUID: AsyncStream<RepositoryChange>.Continuation]]>([:])

    public init() {}

    /// A new stream of `wedding`'s changes; it unsubscribes itself when the consumer stops.
    public func stream(for wedding: WeddingID) -> AsyncStream<RepositoryChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: RepositoryChange.self, bufferingPolicy: .bufferingNewest(256))
        let token = UUID()
        subscribers.withLock { $0[wedding, default: [:]][token] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { _ = $0[wedding]?.removeValue(forKey: token) }
        }
        return stream
    }

    public func publish(_ change: RepositoryChange) {
        let continuations = subscribers.withLock { Array(($0[change.wedding] ?? [:]).values) }
        for continuation in continuations { continuation.yield(change) }
    }

    /// Ends every stream of `wedding` (it was deleted or closed).
    public func finish(_ wedding: WeddingID) {
        let continuations = subscribers.withLock { $0.removeValue(forKey: wedding).map { Array($0.values) } ?? [] }
        for continuation in continuations { continuation.finish() }
    }
}
