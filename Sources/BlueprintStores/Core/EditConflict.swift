import BlueprintDomain

/// An edit that lost to someone else's: the record as you saved it and as it is stored now.
public struct EditConflict<R: Record>: Equatable, Sendable {
    /// Your record: your changes on the version you had (`yours.version` is that version).
    public let yours: R
    /// The record as it is stored now, with the other change.
    public let current: R
}

/// A part of a store that can hold an open conflict (see `DomainStore.resolveConflictByOverwriting`).
@MainActor
protocol ConflictHolder: AnyObject {
    /// Forgets the open conflict.
    func dismissConflict()
    /// Saves your version over the current one.
    func overwriteConflict() async -> EditOutcome
}
