import Foundation

/// What every stored record has: a stable id, creation and update times, and a version that
/// each update increments. An update carrying a stale version is a conflict, never an overwrite.
public protocol Record: Identifiable, Hashable, Sendable, Codable where ID == UUID {
    var id: UUID { get }
    var createdAt: Timestamp { get set }
    var updatedAt: Timestamp { get set }
    var version: Int { get set }

    /// The collection this record type lives in, for messages and the journal.
    static var kind: RecordKind { get }
}

/// The kinds of record a wedding holds.
public enum RecordKind: String, Sendable, Codable, CaseIterable {
    case wedding, guest, category, expense, vendor, task, milestone, runSheetItem
    case gift, moneyOwed, scenario, seatingTable, seatingRule
    case note, document
    case invitation

    /// Lower-case noun for messages: "guest", "budget category".
    public var noun: String {
        switch self {
        case .category: return "budget category"
        case .runSheetItem: return "run-sheet item"
        case .moneyOwed: return "money-owed entry"
        case .scenario: return "budget scenario"
        case .seatingTable: return "table"
        case .seatingRule: return "seating rule"
        default: return rawValue
        }
    }
}
