import Foundation
import Synchronization

/// Fans changes out to every open `AsyncStream` of a wedding. Subscribing is synchronous, so a
/// change published right after `stream(for:)` returns is never missed.
///
/// The optional hooks tell the owner when a wedding gains its first stream and loses its last
/// (the file store watches a wedding's folder only while someone listens).
public final class ChangeBroadcaster: Sendable {
    private struct State {
        var streams: [WeddingID: [UUID: AsyncStream<RepositoryChange>.Continuation]] = [:]
        var closed = false
    }

    private let state = Mutex(State())
    private let firstSubscriber: (@Sendable (WeddingID) -> Void)?
    private let lastSubscriberGone: (@Sendable (WeddingID) -> Void)?

    public init(onFirstSubscriber: (@Sendable (WeddingID) -> Void)? = nil,
                onLastSubscriberGone: (@Sendable (WeddingID) -> Void)? = nil) {
        firstSubscriber = onFirstSubscriber
        lastSubscriberGone = onLastSubscriberGone
    }

    /// A new stream of `wedding`'s changes; it unsubscribes itself when the consumer stops, and
    /// ends at once if the broadcaster is closed.
    public func stream(for wedding: WeddingID) -> AsyncStream<RepositoryChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: RepositoryChange.self, bufferingPolicy: .bufferingNewest(256))
        let token = UUID()
        let outcome: (accepted: Bool, first: Bool) = state.withLock { state in
            guard !state.closed else { return (false, false) }
            let first = state.streams[wedding, default: [:]].isEmpty
            state.streams[wedding, default: [:]][token] = continuation
            return (true, first)
        }
        guard outcome.accepted else {
            continuation.finish()
            return stream
        }
        if outcome.first { firstSubscriber?(wedding) }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(wedding, token) }
        return stream
    }

    public func publish(_ change: RepositoryChange) {
        let continuations = state.withLock { Array(($0.streams[change.wedding] ?? [:]).values) }
        for continuation in continuations { continuation.yield(change) }
    }

    /// Ends every stream of `wedding` (it was deleted).
    public func finish(_ wedding: WeddingID) {
        let continuations = state.withLock { $0.streams.removeValue(forKey: wedding).map { Array($0.values) } ?? [] }
        for continuation in continuations { continuation.finish() }
    }

    /// Ends every stream and refuses new ones.
    public func close() {
        let continuations = state.withLock { state in
            state.closed = true
            defer { state.streams = [:] }
            return state.streams.values.flatMap(\.values)
        }
        for continuation in continuations { continuation.finish() }
    }

    private func unsubscribe(_ wedding: WeddingID, _ token: UUID) {
        let wasLast: Bool = state.withLock { state in
            guard state.streams[wedding]?.removeValue(forKey: token) != nil else { return false }
            guard state.streams[wedding]?.isEmpty == true else { return false }
            state.streams[wedding] = nil
            return true
        }
        if wasLast { lastSubscriberGone?(wedding) }
    }
}
