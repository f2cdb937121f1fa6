import BlueprintConfiguration
import BlueprintDomain
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// Presence kept in the database (the `presence` table, see `DatabaseSchema.presence`), so the
/// sessions of every machine that opens a wedding see each other: one row per session, its
/// `Presence` as JSON text, and a heartbeat the server stamps (`now()`), so whether an entry is
/// stale (`Presence.staleAfter`) is decided by the server's clock, not the machines'.
///
/// - `announce` upserts the session's row; in the same statement it deletes the wedding's stale
///   rows (sessions that died without withdrawing) and `NOTIFY`s the wedding's presence channel
///   (its notice channel with `_presence` appended, which only its members can read) with the
///   wedding's id. A wedding this role cannot see (a stranger's, or none) is
///   `RepositoryError.weddingNotFound`.
/// - `withdraw` deletes the session's row and notifies, in one statement; another role's row is
///   not there for it (row-level security), so nothing happens.
/// - `others` lists the wedding's rows whose heartbeat is recent by the server's clock, the
///   caller's session left out, oldest arrival first. Each is named by the role that wrote it
///   (the row's `member`, which the database sets), whatever name its entry claims: a session
///   cannot pass for another person.
/// - `changes(in:)` wakes on each notice of the wedding, from a connection of its own that listens
///   on the presence channels of the weddings asked for, from the first call until `close()` (a
///   `NoticeListener`: made again with backoff when it breaks); every stream also wakes each time
///   it listens (again), as entries may have changed while nothing listened.
///
/// Statements are parameterised; every failure comes out in words naming the server (`DatabaseLink`).
public final class PostgresPresenceBoard: PresenceBoard {
    /// What is appended to a wedding's notice channel for its presence notices (the payload is
    /// the wedding's id).
    static let channelSuffix = "_presence"

    private let link: DatabaseLink
    private let notices: NoticeListener
    private let logger: Logger
    private let subscribers = Mutex<[WeddingID: [UUID: AsyncStream<Void>.Continuation]]>([:])

    /// A board on the database at `url`.
    public convenience init(url: DatabaseURL, logger: Logger = Logger(label: "blueprint.presence")) {
        self.init(url: url, logger: logger, listenerPolicy: .listener)
    }

    /// A board whose listener's reconnections are paced by `listenerPolicy` (for tests).
    init(url: DatabaseURL, logger: Logger, listenerPolicy: RetryPolicy) {
        link = DatabaseLink(url: url, logger: logger)
        notices = NoticeListener(url: url, purpose: "presence", logger: logger, policy: listenerPolicy)
        self.logger = logger
    }

    /// A board dropped without `close()` stops listening (its connections close with their links).
    deinit { notices.cancel() }

    /// `Presence.staleAfter`, in seconds, for the server to compare heartbeats with.
    private static let staleSeconds = Double(Presence.staleAfter.components.seconds)
        + Double(Presence.staleAfter.components.attoseconds) / 1e18

    public func announce(_ presence: Presence, in wedding: WeddingID) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let entry = String(decoding: try encoder.encode(presence), as: UTF8.self)
        let (session, id) = (presence.sessionID, wedding.rawValue)
        let swept = try await link.withConnection { connection in
            // One statement, one transaction: the notice goes out with the row, or not at all.
            let rows = try await connection.statement("""
                WITH announced AS (
                    INSERT INTO presence (session_id, wedding_id, entry)
                    SELECT \(session), w.id, \(entry) FROM weddings AS w WHERE w.id = \(id)
                    ON CONFLICT (session_id) DO UPDATE
                        SET wedding_id = EXCLUDED.wedding_id, entry = EXCLUDED.entry, heartbeat = now()
                    RETURNING wedding_id
                ), channel AS (
                    SELECT w.channel || \(Self.channelSuffix) AS name FROM weddings AS w WHERE w.id = \(id)
                ), swept AS (
                    DELETE FROM presence
                    WHERE wedding_id = \(id) AND session_id <> \(session)
                      AND heartbeat < now() - make_interval(secs => \(Self.staleSeconds))
                    RETURNING session_id
                )
                SELECT pg_notify(channel.name, wedding_id::text)::text, (SELECT count(*) FROM swept) FROM announced, channel
                """, logger: logger)
            var swept: Int64?
            for try await (_, count) in rows.decode((String, Int64).self) { swept = count }
            return swept
        }
        guard let swept else { throw RepositoryError.weddingNotFound(wedding.description) }
        if swept > 0 {
            logger.info("removed the presence of sessions that stopped announcing", metadata: [
                "wedding": "\(wedding)", "count": "\(swept)",
            ])
        }
    }

    public func withdraw(_ session: UUID, from wedding: WeddingID) async throws {
        try await link.withConnection { connection in
            _ = try await connection.statement("""
                WITH withdrawn AS (
                    DELETE FROM presence WHERE session_id = \(session) AND wedding_id = \(wedding.rawValue)
                    RETURNING wedding_id
                )
                SELECT pg_notify(w.channel || \(Self.channelSuffix), w.id::text)
                FROM withdrawn JOIN weddings AS w ON w.id = withdrawn.wedding_id
                """, logger: logger)
        }
    }

    public func others(in wedding: WeddingID, excluding session: UUID) async throws -> [Presence] {
        let entries = try await link.withConnection { connection in
            let rows = try await connection.statement("""
                SELECT member, entry FROM presence
                WHERE wedding_id = \(wedding.rawValue) AND session_id <> \(session)
                  AND heartbeat >= now() - make_interval(secs => \(Self.staleSeconds))
                """, logger: logger)
            var entries: [(member: String, entry: String)] = []
            for try await entry in rows.decode((String, String).self) { entries.append(entry) }
            return entries
        }
        let decoder = JSONDecoder()
        return Presence.inArrivalOrder(entries.compactMap { member, entry in
            do {
                var presence = try decoder.decode(Presence.self, from: Data(entry.utf8))
                presence.name = member
                return presence
            } catch {
                logger.warning("a presence entry in the database does not decode; ignored", metadata: [
                    "wedding": "\(wedding)", "error": "\(error)",
                ])
                return nil
            }
        })
    }

    public func changes(in wedding: WeddingID) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let token = UUID()
        let newWedding = subscribers.withLock { subscribers in
            defer { subscribers[wedding, default: [:]][token] = continuation }
            return subscribers[wedding] == nil
        }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { subscribers in
                subscribers[wedding]?[token] = nil
                if subscribers[wedding]?.isEmpty == true { subscribers[wedding] = nil }
            }
        }
        let started = notices.start(.init(
            channels: { [weak self] connection in
                guard let self else { return [] }
                let weddings = Set(subscribers.withLock { $0.keys })
                return try await ChangeNotice.channels(of: weddings, on: connection, logger: logger).values
                    .map { $0 + Self.channelSuffix }
            },
            listening: { [weak self] in self?.wake(nil) },
            notice: { [weak self] payload in
                guard let wedding = WeddingID(string: payload) else { return }
                self?.wake(wedding)
            },
            broke: {}))
        if !started, newWedding { notices.relisten() }
        return stream
    }

    /// Stops listening, ends every `changes(in:)` stream and closes the connections.
    public func close() async {
        await notices.stop()
        for continuation in subscribers.withLock({ subscribers in
            defer { subscribers = [:] }
            return subscribers.values.flatMap(\.values)
        }) {
            continuation.finish()
        }
        await link.close()
    }

    /// Wakes the streams of `wedding` (nil: of every wedding).
    private func wake(_ wedding: WeddingID?) {
        let woken = subscribers.withLock { subscribers in
            wedding.map { subscribers[$0].map { Array($0.values) } ?? [] } ?? subscribers.values.flatMap(\.values)
        }
        for continuation in woken { continuation.yield() }
    }
}
