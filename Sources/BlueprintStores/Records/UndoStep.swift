/// One saved change a store can take back.
struct UndoStep {
    /// How many steps a store keeps; older ones are forgotten.
    static let historyLimit = 100

    /// What the change was, for the front end: "delete guest", "RSVP".
    let title: String
    /// Writes the inverse change (it is not itself recorded for undo).
    let revert: @MainActor () async -> EditOutcome
}
