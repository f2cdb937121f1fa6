import BlueprintDomain

/// One saved change a store can take back.
struct UndoStep {
    /// How many steps a store keeps; older ones are forgotten.
    static let historyLimit = 100

    /// What the change was, for the front end: "delete guest", "RSVP".
    let title: String
    /// For a change set: the set that takes it back, so that a change following from it can be
    /// taken back in the same transaction (see `DomainStore.commitJoiningLastStep`).
    var inverse: RecordChangeSet?
    /// Writes the inverse change (it is not itself recorded for undo).
    let revert: @MainActor () async -> EditOutcome
    /// When the step was recorded, among every store's steps: higher is newer.
    var order = 0

    init(title: String, inverse: RecordChangeSet? = nil, revert: @escaping @MainActor () async -> EditOutcome) {
        self.title = title
        self.inverse = inverse
        self.revert = revert
    }
}
