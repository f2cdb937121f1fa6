import Foundation

/// What a seating rule asks.
public enum SeatingRuleKind: String, Sendable, Codable, CaseIterable {
    /// The guests sit at one table.
    case together
    /// No two of the guests sit at one table.
    case apart
}

/// A rule between guests that the seating chart is checked against and suggestions respect.
public struct SeatingRule: Record {
    public static let kind = RecordKind.seatingRule

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    public var ruleKind: SeatingRuleKind
    /// Two or more different guests.
    public var guestIDs: [UUID]
    /// Why: "exes", "Grandma needs her sister near".
    public var note: String

    public init(id: UUID = UUID(), ruleKind: SeatingRuleKind, guestIDs: [UUID], note: String = "",
                createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.ruleKind = ruleKind
        self.guestIDs = guestIDs
        self.note = note
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }
}
