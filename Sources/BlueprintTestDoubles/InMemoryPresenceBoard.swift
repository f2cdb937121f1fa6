import BlueprintDomain
import Foundation
import Synchronization

/// A presence board kept in memory, for tests of the layers above storage: entries are listed
/// by the same rules as the file board (`Presence.others`, by `clock`), and every announcement
/// or withdrawal wakes `changes(in:)`.
public final class InMemoryPresenceBoard: PresenceBoard {
    private let entries = Mutex<[WeddingID: [UUID: Presence]]>([:])
    private let signals = Mutex<[WeddingID: [UUID: AsyncStream<Void>.Continuation]]>([:])
    private let clock: any TimeSource

    public init(clock: any TimeSource = SystemClock()) { self.clock = clock }

    public func announce(_ presence: Presence, in wedding: WeddingID) async throws {
        entries.withLock { $0[wedding, default: [:]][presence.sessionID] = presence }
        wake(wedding)
    }

    public func withdraw(_ session: UUID, from wedding: WeddingID) async throws {
        entries.withLock { _ = $0[wedding]?.removeValue(forKey: session) }
        wake(wedding)
    }

    public func others(in wedding: WeddingID, excluding session: UUID) async throws -> [Presence] {
        Presence.others(Array(entries.withLock { $0[wedding]?.values ?? [:].values }), excluding: session, at: clock.now())
    }

    /// Every entry of `wedding`, this session's included, stale or not.
    public func entries(in wedding: WeddingID) -> [Presence] {
        Array(entries.withLock { $0[wedding]?.values ?? [:].values })
    }

    public func changes(in wedding: WeddingID) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let token = UUID()
        signals.withLock { $0[wedding, default: [:]][token] = continuation }
        continuation.onTermination = { [weak self] _ in self?.signals.withLock { _ = $0[wedding]?.removeValue(forKey: token) } }
        return stream
    }

    private func wake(_ wedding: WeddingID) {
        for continuation in signals.withLock({ Array(($0[wedding] ?? [:]).values) }) { continuation.yield() }
    }
}
