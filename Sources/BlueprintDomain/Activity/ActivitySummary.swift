import Foundation

/// What happened to one record in a commit, as the activity feed tells it.
public enum ActivityWrite: String, Sendable, Codable, CaseIterable {
    case added, changed, deleted

    /// What a mutation did, known only by the version it stored (`nil` for a deletion): a record
    /// stored at version 1 was added. For commits whose records as they were are not known.
    public init(storedVersion: Int?) {
        self = switch storedVersion { case nil: .deleted; case 1?: .added; default: .changed }
    }
}

/// One record a commit changed, described when it was changed (so the feed still names a
/// guest after they are renamed or deleted).
public struct ActivityChange: Sendable, Equatable, Codable {
    public var kind: RecordKind
    public var id: UUID
    /// The record's name as it was: after the change, or before a deletion.
    public var name: String
    public var write: ActivityWrite
    /// For a change: the declared fields that changed ("email", "table"), in declaration order.
    public var fields: [String]
    /// For a change of settings: the new value of each field that tells one, by field ("RSVP
    /// deadline": "22 May 2027").
    public var values: [String: String]
    /// For a change of a status alone: its new state ("attending", "booked", "paid").
    public var marked: String?
    /// For a change: what the person did besides, each told whole ("archived DJ Ñandú", "made
    /// scenario “Smaller venue” live").
    public var actions: [String]
    /// Whether `name` says the kind itself ("a keep-apart rule for Ana Ruiz and Ben Ng"), so the
    /// kind's noun is not put before it.
    public var namesItsKind: Bool

    public init(kind: RecordKind, id: UUID, name: String, write: ActivityWrite, fields: [String] = [],
                values: [String: String] = [:], marked: String? = nil, actions: [String] = [], namesItsKind: Bool = false) {
        self.kind = kind
        self.id = id
        self.name = name
        self.write = write
        self.fields = fields
        self.values = values
        self.marked = marked
        self.actions = actions
        self.namesItsKind = namesItsKind
    }

    /// The action as its undo tells it ("undid: made scenario “Smaller venue” live"); the undo of
    /// an undo (a redo) tells the action again.
    public var takenBack: ActivityChange {
        var undone = self
        undone.actions = actions.map { $0.hasPrefix(Self.undid) ? String($0.dropFirst(Self.undid.count)) : Self.undid + $0 }
        return undone
    }

    private static let undid = "undid: "

    private enum CodingKeys: String, CodingKey { case kind, id, name, write, fields, values, marked, actions, namesItsKind }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(RecordKind.self, forKey: .kind)
        id = try container.decode(UUID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        write = try container.decode(ActivityWrite.self, forKey: .write)
        fields = try container.decodeIfPresent([String].self, forKey: .fields) ?? []
        values = try container.decodeIfPresent([String: String].self, forKey: .values) ?? [:]
        marked = try container.decodeIfPresent(String.self, forKey: .marked)
        actions = try container.decodeIfPresent([String].self, forKey: .actions) ?? []
        namesItsKind = try container.decodeIfPresent(Bool.self, forKey: .namesItsKind) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !actions.isEmpty { try container.encode(actions, forKey: .actions) }
        if !fields.isEmpty { try container.encode(fields, forKey: .fields) }
        if !values.isEmpty { try container.encode(values, forKey: .values) }
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(marked, forKey: .marked)
        try container.encode(name, forKey: .name)
        if namesItsKind { try container.encode(namesItsKind, forKey: .namesItsKind) }
        try container.encode(write, forKey: .write)
    }
}

/// How many records of one kind a commit added, changed or deleted.
public struct ActivityCount: Sendable, Equatable, Codable {
    public var kind: RecordKind
    public var write: ActivityWrite
    public var count: Int
    /// Whether these followed from deleting another record (unlinked, or deleted with it).
    public var followed: Bool

    public init(kind: RecordKind, write: ActivityWrite, count: Int, followed: Bool) {
        self.kind = kind
        self.write = write
        self.count = count
        self.followed = followed
    }
}

/// What one commit did, for the activity feed: its first changes described, and every change counted.
///
/// Made by the transaction that commits the change (it alone still has each record as it was),
/// journaled on the same line as the mutations and published with them, so the feed is the
/// commits themselves and cannot disagree with the data.
public struct ActivitySummary: Sendable, Equatable, Codable {
    /// How many changes are described one by one; a larger commit (an import) is counted.
    public static let describedLimit = 5

    /// The first changes the user made (not what followed from them), described.
    public private(set) var changes: [ActivityChange] = []
    /// Every change, counted by kind and write, in the order each group first appeared.
    public private(set) var counts: [ActivityCount] = []
    /// The one action a person took that made all the changes, when it is told as a whole
    /// ("made scenario “Smaller venue” live") rather than by the records it changed.
    public private(set) var action: ActivityChange?
    /// What else the feed says of the commit, after what it changed ("merged with Mei's change
    /// to phone"). Names are as typed: sanitise before drawing.
    public private(set) var remark: String?

    public init(changes: [ActivityChange] = [], counts: [ActivityCount] = [], action: ActivityChange? = nil,
                remark: String? = nil) {
        self.changes = changes
        self.counts = counts
        self.action = action
        self.remark = remark
    }

    /// Tells the commit as the one action `action`, whatever records it changed.
    mutating func tell(_ action: ActivityChange) {
        self.action = action
    }

    /// Says `remark` after what the commit changed.
    mutating func remark(_ remark: String) {
        self.remark = remark
    }

    public var isEmpty: Bool { counts.isEmpty }

    /// Counts a change, and keeps `describe()` of it while fewer than `describedLimit` of the
    /// user's own changes are kept (the description is made only then).
    mutating func record(_ kind: RecordKind, _ write: ActivityWrite, followed: Bool, describe: () -> ActivityChange) {
        count(kind, write, followed: followed)
        if !followed, changes.count < Self.describedLimit { changes.append(describe()) }
    }

    /// Counts a change without describing it: for a commit whose records as they were are no
    /// longer known.
    public mutating func count(_ kind: RecordKind, _ write: ActivityWrite, followed: Bool = false) {
        if let index = counts.lastIndex(where: { $0.kind == kind && $0.write == write && $0.followed == followed }) {
            counts[index].count += 1
        } else {
            counts.append(ActivityCount(kind: kind, write: write, count: 1, followed: followed))
        }
    }

    /// The record the entry is about, when the user changed exactly one: what opening the entry shows.
    public var subject: ActivityChange? {
        if let action { return action }
        return counts.filter { !$0.followed }.reduce(0) { $0 + $1.count } == 1 ? changes.first : nil
    }
}
