import Foundation

/// The record a session has open in a form or its details: what "Mei is editing this guest"
/// is about.
public struct PresenceSubject: Hashable, Sendable, Codable {
    public var kind: RecordKind
    public var id: UUID
    /// The record's name as the session showed it ("Ana Ruiz"); text as typed, sanitised when drawn.
    public var label: String

    public init(_ kind: RecordKind, id: UUID, label: String) {
        self.kind = kind
        self.id = id
        self.label = label
    }

    /// The subject for `record`, shown as `label`.
    public init<R: Record>(_ record: R, label: String) {
        self.init(R.kind, id: record.id, label: label)
    }

    /// Whether `other` is the same record (the labels may differ: one session may show an older name).
    public func isSameRecord(as other: PresenceSubject) -> Bool { kind == other.kind && id == other.id }
}

/// Who a session is: the person's name and where the process runs.
public struct PresenceIdentity: Hashable, Sendable {
    /// The name shown to others (the configuration's `name`, else the login name).
    public var name: String
    /// `user@host`, as changes are signed.
    public var account: String
    public var host: String
    public var pid: Int32

    public init(name: String, account: String, host: String, pid: Int32) {
        self.name = name
        self.account = account
        self.host = host
        self.pid = pid
    }
}

/// One session that has a wedding open: who, since when, the last sign of life, and what it is
/// looking at or editing. Each session announces its own and renews it every `heartbeat`; an
/// entry not renewed for `staleAfter` belongs to a session that died and is not shown.
public struct Presence: Hashable, Sendable, Codable {
    /// How often a live session renews its entry.
    public static let heartbeat: Duration = .seconds(30)
    /// How old a heartbeat may be before the entry counts as gone (three missed heartbeats).
    public static let staleAfter: Duration = .seconds(90)

    public var sessionID: UUID
    /// The person's display name; text as configured, sanitised when drawn.
    public var name: String
    /// `user@host` of the process.
    public var account: String
    public var pid: Int32
    public var host: String
    public var started: Timestamp
    public var lastHeartbeat: Timestamp
    /// The pane the session shows ("Guests"), if any.
    public var pane: String?
    /// The record whose form or details the session has open, if any.
    public var editing: PresenceSubject?

    public init(sessionID: UUID, identity: PresenceIdentity, started: Timestamp, lastHeartbeat: Timestamp,
                pane: String? = nil, editing: PresenceSubject? = nil) {
        self.sessionID = sessionID
        name = identity.name
        account = identity.account
        pid = identity.pid
        host = identity.host
        self.started = started
        self.lastHeartbeat = lastHeartbeat
        self.pane = pane
        self.editing = editing
    }

    /// Whether the entry's last heartbeat is more than `staleAfter` before `now`.
    public func isStale(at now: Timestamp) -> Bool {
        now.millisecondsSince1970 - lastHeartbeat.millisecondsSince1970 > Self.staleAfter.milliseconds
    }

    /// The live entries of `entries` other than `session`'s, oldest arrival first (a stable order
    /// for the header).
    public static func others(_ entries: [Presence], excluding session: UUID, at now: Timestamp) -> [Presence] {
        inArrivalOrder(entries.filter { $0.sessionID != session && !$0.isStale(at: now) })
    }

    /// `entries`, oldest arrival first (ties by session id): the order boards list them in.
    public static func inArrivalOrder(_ entries: [Presence]) -> [Presence] {
        entries.sorted { ($0.started, $0.sessionID.uuidString) < ($1.started, $1.sessionID.uuidString) }
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
