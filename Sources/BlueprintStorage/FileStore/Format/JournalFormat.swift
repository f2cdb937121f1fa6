import BlueprintDomain

/// The first line of a journal file.
struct JournalHeader: Codable, Equatable {
    static let formatName = "blueprint-journal"

    var format = JournalHeader.formatName
    /// Counts compactions: each one starts a journal with the next generation.
    var generation: Int
}

/// One committed transaction: one line of the journal.
struct JournalEntry: Codable, Sendable {
    var at: Timestamp
    /// What the change was, as the caller named it ("update guest").
    var operation: String
    var mutations: [Mutation]
}
