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
    /// A change to a wedding waits for another session's change to it to end (its row lock),
    /// `holder`'s if the database says whose; `waited` so far.
    case waiting(for: LockHolder?, waited: Duration)
}

/// A session holding a wedding's row lock, as far as the database shows it to every role.
public struct LockHolder: Sendable, Equatable, CustomStringConvertible {
    /// The PostgreSQL role it connected as: who it is, as the database knows (and no program can
    /// claim otherwise).
    public let role: String
    /// The program a session not blueprint's names (`application_name`), if any.
    public let program: String?
    /// How long its transaction has been open; nil where the database does not show it (another
    /// role's session, to a role without `pg_read_all_stats`).
    public let heldFor: Duration?

    /// "mei's change", "sam's change (psql)".
    public var description: String {
        "\(role)'s change" + (program.map { " (\($0))" } ?? "")
    }
}
