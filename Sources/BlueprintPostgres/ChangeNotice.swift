import BlueprintDomain
import Foundation
import Logging
import PostgresNIO

/// What a commit announces to the processes listening on the database (`NOTIFY`): which
/// wedding, and the sequence it reached, or that the wedding was deleted or its channel moved.
/// Receivers catch up from the `changes` rows, which carry every record's id and version, so the
/// notice stays a few dozen bytes (far under NOTIFY's 8000) whatever the size of the commit.
///
/// Each wedding's notices go on its own channel (`weddings.channel`, a random name only its
/// members can read, see `DatabaseSchema.hardening`), so a role that is no member cannot listen
/// for them. The payload is plain text: `<wedding uuid> <sequence>`, `<wedding uuid> deleted`
/// or `<wedding uuid> moved` (unshared: the wedding has a new channel, which its members read
/// again).
struct ChangeNotice: Equatable, Sendable {
    enum Event: Equatable, Sendable {
        /// The wedding's commits reached this sequence.
        case committed(sequence: Int64)
        case deleted
        /// The wedding was given a new channel; this one is heard no more.
        case moved
    }

    let wedding: WeddingID
    let event: Event

    /// The notice's text, as sent.
    var payload: String {
        let id = wedding.description
        switch event {
        case let .committed(sequence): return "\(id) \(sequence)"
        case .deleted: return "\(id) deleted"
        case .moved: return "\(id) moved"
        }
    }

    init(wedding: WeddingID, event: Event) {
        self.wedding = wedding
        self.event = event
    }

    /// Sends the notice on the wedding's channel in the transaction on `connection` (delivered
    /// when it commits, never if it rolls back).
    func send(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.statement(
            "SELECT pg_notify(channel, \(payload)) FROM weddings WHERE id = \(wedding.rawValue)", logger: logger)
    }

    /// Sends the notice on `channel` (the wedding's, read before it was deleted or moved).
    func send(to channel: String, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.statement("SELECT pg_notify(\(channel), \(payload))", logger: logger)
    }

    /// The notice channel of each of `weddings` that the connected role may see (a member's).
    static func channels(of weddings: Set<WeddingID>, on connection: PostgresConnection, logger: Logger) async throws
        -> [WeddingID: String] {
        guard !weddings.isEmpty else { return [:] }
        var channels: [WeddingID: String] = [:]
        let rows = try await connection.statement(
            "SELECT id, channel FROM weddings WHERE id = ANY(\(weddings.map(\.rawValue))::uuid[])", logger: logger)
        for try await (id, channel) in rows.decode((UUID, String).self) { channels[WeddingID(id)] = channel }
        return channels
    }

    /// Reads a payload; nil if it is not one blueprint sends (another program's, or garbled).
    init?(payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count == 2, let wedding = WeddingID(string: String(parts[0])) else { return nil }
        switch parts[1] {
        case "deleted": event = .deleted
        case "moved": event = .moved
        default:
            guard let sequence = Int64(parts[1]), sequence > 0 else { return nil }
            event = .committed(sequence: sequence)
        }
        self.wedding = wedding
    }
}
