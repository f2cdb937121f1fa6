import BlueprintDomain

/// What a database host tells the person waiting on it while it works: a command prints each on
/// standard error as it comes (the planner has its header and status line instead).
public enum DatabaseNotice: Sendable, Equatable {
    /// The database cannot be reached, so `wedding` is read from this machine's copy, last
    /// brought up to date with the database at `lastSynced` (nil: not known). Told once per
    /// wedding while offline.
    case workingOffline(DatabaseUnreachable, wedding: WeddingID, lastSynced: Timestamp?)
    /// A change to `wedding` was saved in this machine's copy only and queued for the database,
    /// which cannot be reached; it is sent when the database answers.
    case queued(DatabaseUnreachable, wedding: WeddingID)
}

