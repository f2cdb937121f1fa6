import BlueprintDomain
import Foundation
import Synchronization

/// Who is told of something about a wedding (its connection, its offline conflicts): each
/// `watch` is a stream told every `tell` for its wedding until its consumer stops or `finish`.
final class WeddingWatchers<Element: Sendable>: Sendable {
    private let streams = Mutex<[WeddingID: [UUID: AsyncStream<Element>.Continuation]]>([:])

    /// A new stream of what `wedding`'s watchers are told.
    func watch(_ wedding: WeddingID) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        let key = UUID()
        streams.withLock { $0[wedding, default: [:]][key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.streams.withLock { _ = $0[wedding]?.removeValue(forKey: key) }
        }
        return stream
    }

    /// The weddings someone watches.
    var weddings: [WeddingID] { streams.withLock { Array($0.keys) } }

    func tell(_ element: Element, to wedding: WeddingID) {
        for stream in streams.withLock({ Array(($0[wedding] ?? [:]).values) }) { stream.yield(element) }
    }

    /// Ends every stream.
    func finish() {
        let all = streams.withLock { streams in
            defer { streams = [:] }
            return streams.values.flatMap(\.values)
        }
        for stream in all { stream.finish() }
    }
}
