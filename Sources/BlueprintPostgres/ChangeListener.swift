import BlueprintConfiguration
import BlueprintDomain
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// Brings other processes' commits to this process's change streams as they happen: a
/// connection of its own that `LISTEN`s on the channel of each wedding whose changes someone
/// here watches (see `ChangeNotice`). A notice makes the wedding catch up (its `changes` rows
/// are the journal; the notice only says where to look); a wedding whose channel moved is
/// listened to on its new one.
///
/// - Notices that arrive while a wedding catches up are folded into one more catch-up, not one
///   each; a notice of this process's own commit finds its sequence applied and costs nothing.
/// - The connection (a `NoticeListener`) is made when the first wedding is watched and kept
///   until `stop()`. When it breaks, the state is `.reconnecting` and it is made again with
///   backoff and jitter (`RetryPolicy.listener`), for as long as it takes. Each time it listens
///   (again), every watched wedding catches up first, so what was committed while nothing
///   listened is published, in order; then the state is `.live`.
final class ChangeListener: Sendable {
    /// Where the listener is.
    enum Phase: Equatable, Sendable {
        /// Not started (nothing watched yet), or stopped.
        case idle
        /// Making its first connection.
        case connecting
        case live
        /// Its connection broke (or could not be made); trying again.
        case reconnecting
    }

    /// What the listener asks of its host.
    struct Actions: Sendable {
        /// Brings a wedding up to the sequence noticed (`nil`: whatever the database holds).
        let catchUp: @Sendable (WeddingID, Int64?) async throws -> Void
        /// Another process deleted the wedding.
        let deleted: @Sendable (WeddingID) -> Void
    }

    private struct State {
        var phase = Phase.idle
        var watched: Set<WeddingID> = []
        var stopped = false
        /// The highest sequence noticed per wedding, not yet caught up with.
        var pending: [WeddingID: Int64] = [:]
        /// The weddings whose catch-up task is running.
        var draining: Set<WeddingID> = []
        var subscribers: [UUID: Subscriber] = [:]
    }

    private struct Subscriber {
        let wedding: WeddingID
        let continuation: AsyncStream<FeedConnection>.Continuation
        var last: FeedConnection
    }

    private let notices: NoticeListener
    private let served = Mutex<Actions?>(nil)
    private let logger: Logger
    private let state = Mutex(State())

    /// A listener on `url`'s database; `policy` paces its reconnections.
    init(url: DatabaseURL, logger: Logger, policy: RetryPolicy) {
        notices = NoticeListener(url: url, purpose: "other processes' changes", logger: logger, policy: policy)
        self.logger = logger
    }

    /// Says what to do on a notice (given once the host that owns the listener is made).
    func serve(_ actions: Actions) {
        served.withLock { $0 = actions }
    }

    /// How `wedding`'s changes from other processes arrive now.
    func connection(_ wedding: WeddingID) -> FeedConnection {
        state.withLock { Self.connection(wedding, in: $0) }
    }

    /// Each change of `wedding`'s connection, from now on; ends at `stop()`.
    func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection> {
        let (stream, continuation) = AsyncStream.makeStream(of: FeedConnection.self, bufferingPolicy: .bufferingNewest(8))
        let token = UUID()
        let accepted = state.withLock { state in
            guard !state.stopped else { return false }
            state.subscribers[token] = Subscriber(wedding: wedding, continuation: continuation,
                                                  last: Self.connection(wedding, in: state))
            return true
        }
        guard accepted else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.subscribers.removeValue(forKey: token) } }
        return stream
    }

    /// Someone here opened a change stream of `wedding`: its notices count from now until
    /// `stop()`, and the listener starts if it has not.
    func watch(_ wedding: WeddingID) {
        state.withLock { state in
            guard !state.stopped, state.watched.insert(wedding).inserted else { return }
            // Started under the lock, so a `cancel()` at the same moment finds it.
            let started = notices.start(.init(
                channels: { [self] connection in
                    Array(try await ChangeNotice.channels(of: self.state.withLock { $0.watched }, on: connection,
                                                          logger: logger).values)
                },
                listening: { [self] in
                    await catchUpWatched()
                    set(.live)
                },
                notice: { [self] in receive($0) },
                broke: { [self] in set(.reconnecting) }))
            if started {
                state.phase = .connecting
            } else {
                notices.relisten()
            }
        }
        announce()
    }

    /// Stops listening, closes the connection and ends every `connectionChanges` stream.
    func stop() async {
        cancel()
        await notices.stop()
    }

    /// Stops listening without waiting (a host dropped without `close()`): once its task has
    /// ended, nothing holds the listener, and its connection is closed with its link.
    @discardableResult
    func cancel() -> Task<Void, Never>? {
        let subscribers = state.withLock { state in
            state.stopped = true
            state.phase = .idle
            defer { state.subscribers = [:] }
            return state.subscribers.values.map(\.continuation)
        }
        for subscriber in subscribers { subscriber.finish() }
        return notices.cancel()
    }

    // MARK: Listening

    /// Catches every watched wedding up (a connection just started listening: what was
    /// committed before is not announced to it).
    private func catchUpWatched() async {
        for wedding in state.withLock({ $0.watched }) {
            await catchUp(wedding, to: nil)
        }
    }

    /// Acts on one notice's payload (internal for tests, which feed notices without a server).
    func receive(_ payload: String) {
        guard let notice = ChangeNotice(payload: payload) else {
            logger.debug("ignored a notice blueprint does not send", metadata: ["payload": "\(payload)"])
            return
        }
        switch notice.event {
        case .moved:
            notices.relisten()
        case .deleted:
            guard state.withLock({ $0.watched.contains(notice.wedding) }) else { return }
            served.withLock { $0 }?.deleted(notice.wedding)
        case let .committed(sequence):
            let start = state.withLock { state -> Bool in
                guard state.watched.contains(notice.wedding) else { return false }
                state.pending[notice.wedding] = max(state.pending[notice.wedding] ?? 0, sequence)
                return state.draining.insert(notice.wedding).inserted
            }
            if start { Task { [self] in await drain(notice.wedding) } }
        }
    }

    /// Catches `wedding` up until no notice of it is pending: notices that arrive meanwhile
    /// make one more catch-up between them.
    private func drain(_ wedding: WeddingID) async {
        while let sequence = state.withLock({ state -> Int64? in
            guard let sequence = state.pending.removeValue(forKey: wedding) else {
                state.draining.remove(wedding)
                return nil
            }
            return sequence
        }) {
            await catchUp(wedding, to: sequence)
        }
    }

    /// Catches `wedding` up. A failure (already retried by the database link if it could pass)
    /// is logged and left to the next notice or read, which try again.
    private func catchUp(_ wedding: WeddingID, to sequence: Int64?) async {
        guard let actions = served.withLock({ $0 }) else { return }
        do {
            try await actions.catchUp(wedding, sequence)
        } catch RepositoryError.weddingNotFound {
            actions.deleted(wedding)
        } catch {
            logger.warning("catching up with other processes' changes failed",
                           metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        }
    }

    // MARK: State

    private func set(_ phase: Phase) {
        let changed = state.withLock { state -> Bool in
            guard !state.stopped, state.phase != phase else { return false }
            state.phase = phase
            return true
        }
        if changed { announce() }
    }

    /// Tells each `connectionChanges` stream its wedding's connection, if it changed.
    /// (Yielded under the lock, so two changes at once reach every stream in the order made.)
    private func announce() {
        state.withLock { state in
            for (token, subscriber) in state.subscribers {
                let now = Self.connection(subscriber.wedding, in: state)
                guard now != subscriber.last else { continue }
                state.subscribers[token]?.last = now
                subscriber.continuation.yield(now)
            }
        }
    }

    private static func connection(_ wedding: WeddingID, in state: State) -> FeedConnection {
        guard state.watched.contains(wedding) else { return .notWatched }
        switch state.phase {
        case .idle, .connecting: return .notWatched
        case .live: return .live
        case .reconnecting: return .reconnecting
        }
    }
}
