import BlueprintDomain

/// Where a calendar to-do stands, written as its `STATUS` (and `COMPLETED`, when known).
public enum ToDoStatus: Hashable, Sendable {
    /// `STATUS:NEEDS-ACTION`.
    case needsAction
    /// `STATUS:COMPLETED`, with `COMPLETED` set to the instant it was done when that is known.
    case completed(at: Timestamp?)
}
