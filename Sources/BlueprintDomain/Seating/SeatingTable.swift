import Foundation

/// A table at the reception: its number (which guests' `table` names), a name and how many
/// it seats. Guests may sit at a number with no table record: it then has no name or capacity.
public struct SeatingTable: Record {
    public static let kind = RecordKind.seatingTable

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    /// The number guests are seated at; unique among the wedding's tables.
    public var number: Int
    /// "Head table", "Garden 2"; empty for none.
    public var name: String
    /// Seats at the table, plus-ones included.
    public var capacity: Int
    public var notes: String

    public init(id: UUID = UUID(), number: Int, name: String = "", capacity: Int, notes: String = "",
                createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.number = number
        self.name = name
        self.capacity = capacity
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    /// "Table 4 · Garden", or "Table 4".
    public var title: String { name.isEmpty ? "Table \(number)" : "Table \(number) · \(name)" }
}
