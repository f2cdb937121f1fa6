import Foundation
import Synchronization

/// Tells the front end that a store changed, so it redraws only then and never polls.
///
/// Each stream holds at most one pending signal: a burst of changes before the consumer looks
/// costs it one redraw.
final class UpdateSignal: Sendable {
    private struct Subscribers {
        var continuations: [UUID: AsyncStream<Void>.Continuation] = [:]
        var isFinished = false
    }

    private let subscribers = Mutex(Subscribers())

    /// A new stream that yields after each change; it ends when the store closes.
    func stream() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let token = UUID()
        let added = subscribers.withLock { subscribers in
            guard !subscribers.isFinished else { return false }
            subscribers.continuations[token] = continuation
            return true
        }
        guard added else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { _ = $0.continuations.removeValue(forKey: token) }
        }
        return stream
    }

    func signal() {
        for continuation in subscribers.withLock({ Array($0.continuations.values) }) { continuation.yield() }
    }

    /// Ends every stream, now and for later subscribers.
    func finish() {
        let continuations = subscribers.withLock { subscribers in
            subscribers.isFinished = true
            defer { subscribers.continuations = [:] }
            return Array(subscribers.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
