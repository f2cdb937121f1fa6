import BlueprintDomain
import Logging
import PostgresNIO

/// What a commit announces to every process listening on the database (`NOTIFY`): which
/// wedding, and the sequence it reached, or that the wedding was created or deleted. Receivers
/// catch up from the `changes` rows, which carry every record's id and version, so the notice
/// stays a few dozen bytes (far under NOTIFY's 8000) whatever the size of the commit.
///
/// The payload is plain text: `<wedding uuid> <sequence>`, `<wedding uuid> created` or
/// `<wedding uuid> deleted`.
struct ChangeNotice: Equatable, Sendable {
    /// The channel every blueprint process listens on.
    static let channel = "blueprint_changes"

    enum Event: Equatable, Sendable {
        /// The wedding's commits reached this sequence.
        case committed(sequence: Int64)
        case created
        case deleted
    }

    let wedding: WeddingID
    let event: Event

    /// The notice's text, as sent.
    var payload: String {
        let id = wedding.description
        switch event {
        case let .committed(sequence): return "\(id) \(sequence)"
        case .created: return "\(id) created"
        case .deleted: return "\(id) deleted"
        }
    }

    init(wedding: WeddingID, event: Event) {
        self.wedding = wedding
        self.event = event
    }

    /// Sends the notice in the transaction on `connection` (delivered when it commits, never if
    /// it rolls back).
    func send(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.statement("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
    }

    /// Reads a payload; nil if it is not one blueprint sends (another program's, or garbled).
    init?(payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count == 2, let wedding = WeddingID(string: String(parts[0])) else { return nil }
        switch parts[1] {
        case "created": event = .created
        case "deleted": event = .deleted
        default:
            guard let sequence = Int64(parts[1]), sequence > 0 else { return nil }
            event = .committed(sequence: sequence)
        }
        self.wedding = wedding
    }
}
