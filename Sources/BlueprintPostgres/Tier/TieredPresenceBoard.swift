import BlueprintConfiguration
import BlueprintDomain
import BlueprintStorage
import Foundation
import Logging
import Synchronization

/// Presence of a database's weddings with the local file board as its offline tier: what the
/// planner gets when a database is configured (the file board alone sees only this machine).
///
/// - Every announcement and withdrawal goes to both boards: the local one (the copy's wedding
///   folders, see `TieredWeddingHost`), so the sessions on this machine know of each other
///   whatever happens to the database, and the database's, where every machine looks.
/// - `others` is the database's answer; once the database has failed (it cannot be reached),
///   the local board's (sessions on this machine) until it answers again. Nothing of it throws
///   into the planner for want of the database: failures are logged.
/// - The database's statements of this board run one at a time, in order, each sending the
///   session's latest entry, so a late one never puts an older "now editing" back.
/// - When the database answers again (an announcement lands, or its listener listens again),
///   every session whose entry did not land announces again, and every `changes(in:)` stream
///   wakes, as it does when the board goes offline: the others come from another board then.
/// - A withdrawal (the way out of the planner) waits for the database at most `withdrawalWait`,
///   and offline it is not sent at all: a server that does not answer never holds up quitting.
///   The session's row there then goes stale after `Presence.staleAfter` and is swept.
/// - Made `held` (the planner's, like its `TieredWeddingHost.Start.fromTheCopy`), it asks nothing
///   of the database until `connect()` (once the first frame is on the screen): meanwhile it is
///   the local board, and then it sends what was announced and follows the database.
/// - `close()` sends what was asked for before it (a withdrawal), and then nothing: what wakes
///   the subscribers is cancelled and waited for, so nothing of the board runs after it.
public final class TieredPresenceBoard: PresenceBoard {
    private struct State {
        var offline = false
        /// Nothing is asked of the database until `connect()`.
        var held = false
        /// Nothing more is sent once `close()` has begun.
        var closed = false
        /// This process's sessions' latest entries, by wedding.
        var latest: [WeddingID: [UUID: Presence]] = [:]
        /// The sessions whose latest entry is not in the database yet, by wedding.
        var unsent: [WeddingID: Set<UUID>] = [:]
        var subscribers: [WeddingID: [UUID: AsyncStream<Void>.Continuation]] = [:]
        /// The database statement sent last (each waits for the one before).
        var queue: Task<Void, Never>?
    }

    /// What wakes the subscribers, by the token of each.
    private enum Waking: Hashable, Sendable {
        /// On this machine's board's changes, while the database has failed.
        case fromHere(UUID)
        /// On the database's notices.
        case fromDatabase(UUID)
    }

    private let database: PostgresPresenceBoard
    private let local: any PresenceBoard
    private let withdrawalWait: Duration
    private let logger = Logger(label: "blueprint.presence")
    private let state = Mutex(State())
    private let waking = BackgroundWork<Waking>()

    /// A board on the database at `url`, with a file board on the local copies at `localRoot`
    /// (the `TieredWeddingHost`'s copy, whose folders hold the weddings opened here); `held`, it
    /// waits for `connect()` before it asks the database anything.
    public convenience init(url: DatabaseURL, localRoot: String, held: Bool = false) {
        self.init(database: PostgresPresenceBoard(url: url), local: FilePresenceBoard(root: localRoot), held: held)
    }

    /// A board on `database`, with `local` as its offline tier; a withdrawal waits for the
    /// database at most `withdrawalWait`; `held`, it waits for `connect()` before it asks the
    /// database anything.
    public init(database: PostgresPresenceBoard, local: any PresenceBoard, withdrawalWait: Duration = .seconds(2),
                held: Bool = false) {
        self.database = database
        self.local = local
        self.withdrawalWait = withdrawalWait
        state.withLock { state in
            state.held = held
            state.offline = held
        }
    }

    /// Lets a `held` board reach the database: sends the entries announced meanwhile and follows
    /// the database's notices for every stream asked for. Returns at once.
    public func connect() {
        let (waiting, unsent) = state.withLock { state -> ([(WeddingID, UUID, AsyncStream<Void>.Continuation)], [(WeddingID, UUID)]) in
            guard state.held else { return ([], []) }
            state.held = false
            return (state.subscribers.flatMap { wedding, streams in streams.map { (wedding, $0.key, $0.value) } },
                    state.unsent.flatMap { wedding, sessions in sessions.map { (wedding, $0) } })
        }
        for (wedding, token, continuation) in waiting { follow(wedding, as: token, waking: continuation) }
        for (wedding, session) in unsent { _ = enqueue { [self] in await send(session, in: wedding) } }
    }

    /// Whether the others come from the local board, the database having failed.
    public var isOffline: Bool { state.withLock { $0.offline } }

    public func announce(_ presence: Presence, in wedding: WeddingID) async throws {
        do {
            try await local.announce(presence, in: wedding)
        } catch {
            logger.debug("cannot announce this session on this machine", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        }
        let session = presence.sessionID
        state.withLock { $0.latest[wedding, default: [:]][session] = presence }
        await inOrder { [self] in await send(session, in: wedding) }
    }

    public func withdraw(_ session: UUID, from wedding: WeddingID) async throws {
        do {
            try await local.withdraw(session, from: wedding)
        } catch {
            logger.debug("cannot withdraw this session on this machine", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        }
        let offline = state.withLock { state in
            state.latest[wedding]?[session] = nil
            state.unsent[wedding]?.remove(session)
            return state.offline
        }
        guard !offline else { return }
        let (outcomes, outcome) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .bufferingOldest(1))
        let withdrawing = enqueue { [self] in
            do {
                try await database.withdraw(session, from: wedding)
            } catch {
                failed(error, doing: "withdraw this session", in: wedding)
            }
            outcome.yield(true)
        }
        guard withdrawing != nil else { return }
        if await !Self.finished(outcomes, telling: outcome, within: withdrawalWait) {
            logger.notice("presence: the database did not take this session's withdrawal in time; its entry goes stale there",
                          metadata: ["wedding": "\(wedding)"])
        }
    }

    public func others(in wedding: WeddingID, excluding session: UUID) async throws -> [Presence] {
        if !isOffline {
            do {
                return try await database.others(in: wedding, excluding: session)
            } catch {
                failed(error, doing: "read who else is here", in: wedding)
            }
        }
        return try await local.others(in: wedding, excluding: session)
    }

    public func changes(in wedding: WeddingID) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let token = UUID()
        let held = state.withLock { state in
            state.subscribers[wedding, default: [:]][token] = continuation
            return state.held
        }
        let fromHere = local.changes(in: wedding)
        waking.request(.fromHere(token)) { [weak self] in
            for await _ in fromHere where self?.isOffline == true { continuation.yield() }
        }
        if !held { follow(wedding, as: token, waking: continuation) }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            state.withLock { _ = $0.subscribers[wedding]?.removeValue(forKey: token) }
            waking.cancel(.fromHere(token))
            waking.cancel(.fromDatabase(token))
        }
        return stream
    }

    /// Wakes the subscriber `token` on each of the database's notices of `wedding`, while it subscribes.
    private func follow(_ wedding: WeddingID, as token: UUID, waking continuation: AsyncStream<Void>.Continuation) {
        let fromDatabase = database.changes(in: wedding)
        waking.request(.fromDatabase(token)) { [weak self] in
            guard self?.subscribes(token, to: wedding) == true else { return }
            for await _ in fromDatabase {
                // Its listener listens: the database answers.
                self?.answered()
                continuation.yield()
            }
        }
    }

    private func subscribes(_ token: UUID, to wedding: WeddingID) -> Bool {
        state.withLock { $0.subscribers[wedding]?[token] != nil }
    }

    /// Sends the statements asked for before it, then nothing more: stops waking the
    /// subscribers (and waits for that) and closes the database's connections.
    public func close() async {
        let asked = state.withLock { state in
            state.closed = true
            return state.queue
        }
        await waking.close()
        await asked?.value
        await database.close()
    }

    // MARK: Sending

    /// Runs `body` after every database statement asked for before it, and waits for it.
    private func inOrder(_ body: @escaping @Sendable () async -> Void) async {
        await enqueue(body)?.value
    }

    /// Runs `body` after every database statement asked for before it; once closing has begun,
    /// nothing runs (nil).
    private func enqueue(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
        state.withLock { state in
            guard !state.closed else { return nil }
            let previous = state.queue
            let task = Task {
                await previous?.value
                await body()
            }
            state.queue = task
            return task
        }
    }

    /// Whether the work that yields `true` to `outcome` when it finishes did so within `limit`
    /// (it goes on either way).
    private static func finished(_ outcomes: AsyncStream<Bool>, telling outcome: AsyncStream<Bool>.Continuation,
                                 within limit: Duration) async -> Bool {
        await withTaskGroup(of: Void.self) { timer in
            timer.addTask {
                try? await Task.sleep(for: limit)
                outcome.yield(false)
            }
            var first = outcomes.makeAsyncIterator()
            let finished = await first.next() ?? false
            timer.cancelAll()
            return finished
        }
    }

    /// Sends `session`'s latest entry to the database, if it has one (not withdrawn).
    private func send(_ session: UUID, in wedding: WeddingID) async {
        let (presence, held) = state.withLock { state in
            if state.held, state.latest[wedding]?[session] != nil { state.unsent[wedding, default: []].insert(session) }
            return (state.latest[wedding]?[session], state.held)
        }
        guard let presence, !held else { return }
        do {
            try await database.announce(presence, in: wedding)
            state.withLock { _ = $0.unsent[wedding]?.remove(session) }
            answered()
        } catch RepositoryError.weddingNotFound {
            // The database answered: this role may not see the wedding (or it is gone). Sending
            // the entry again would not help.
            logger.warning("the database has no such wedding for this session's presence", metadata: ["wedding": "\(wedding)"])
        } catch {
            state.withLock { state in
                if state.latest[wedding]?[session] != nil { state.unsent[wedding, default: []].insert(session) }
            }
            failed(error, doing: "announce this session", in: wedding)
        }
    }

    // MARK: Online and offline

    /// The database answered: back online if it was not, with every entry that did not land sent again.
    private func answered() {
        let unsent = state.withLock { state -> [(WeddingID, UUID)]? in
            guard state.offline else { return nil }
            state.offline = false
            return state.unsent.flatMap { wedding, sessions in sessions.map { (wedding, $0) } }
        }
        guard let unsent else { return }
        logger.notice("presence: the database answers again")
        wakeAll()
        for (wedding, session) in unsent { _ = enqueue { [self] in await send(session, in: wedding) } }
    }

    /// A database statement failed: the others come from this machine's board until it answers.
    private func failed(_ error: any Error, doing what: String, in wedding: WeddingID) {
        let changed = state.withLock { state in
            defer { state.offline = true }
            return !state.offline
        }
        logger.log(level: changed ? .notice : .debug, "presence: cannot \(what) in the database; showing the sessions on this machine",
                   metadata: ["wedding": "\(wedding)", "error": "\(error)"])
        if changed { wakeAll() }
    }

    private func wakeAll() {
        for continuation in state.withLock({ $0.subscribers.values.flatMap(\.values) }) { continuation.yield() }
    }
}
