/// Where the tiered host stands with its database: one state at a time, changed only by the
/// transitions below (each says whether it applied), so "online and refused" or "offline without
/// a reason" cannot be written down. `Database` is the database host (`PostgresWeddingHost`; a
/// fake in tests).
enum TierLink<Database: Sendable>: Sendable {
    /// Opened `.fromTheCopy`: the first attempt waits for `connect()`.
    case held
    /// The first attempt to reach the database is running.
    case connecting
    /// The database answers.
    case online(Database)
    /// The database cannot be reached (why, and the host it was reached through, if ever):
    /// the copy is used alone and the database is retried.
    case offline(DatabaseUnreachable, database: Database?)
    /// The database answered and refused this process (`DatabaseRefusal`, or a schema of another
    /// version): the copy reads, every write is refused with it, and it is retried no more.
    case refused(any Error, database: Database?)
    /// The host is closed.
    case closed

    /// The database while it answers.
    var database: Database? {
        if case let .online(database) = self { return database }
        return nil
    }

    /// The database host reached at some point, whether or not it answers now (to probe, or to close).
    var known: Database? {
        switch self {
        case let .online(database): database
        case let .offline(_, database), let .refused(_, database): database
        case .held, .connecting, .closed: nil
        }
    }

    /// Whether the first attempt has not ended yet.
    var isConnecting: Bool {
        switch self {
        case .held, .connecting: true
        default: false
        }
    }

    /// Whether the copy is used alone (unreachable or refused).
    var isOffline: Bool {
        switch self {
        case .offline, .refused: true
        default: false
        }
    }

    /// Why the database cannot be reached, while it cannot (not when it refused).
    var unreachable: DatabaseUnreachable? {
        if case let .offline(unreachable, _) = self { return unreachable }
        return nil
    }

    /// Why the database must not be used, once it refused.
    var refusal: (any Error)? {
        if case let .refused(error, _) = self { return error }
        return nil
    }

    var isClosed: Bool {
        if case .closed = self { return true }
        return false
    }

    /// `connect()`: the held first attempt begins.
    mutating func release() -> Bool {
        guard case .held = self else { return false }
        self = .connecting
        return true
    }

    /// The database answers, first or again (a closed host takes it no more).
    mutating func answered(by database: Database) -> Bool {
        guard !isClosed else { return false }
        self = .online(database)
        return true
    }

    /// The database stopped answering, or did not answer the first attempt. Once offline or
    /// refused, nothing changes (a retry that fails again says so with `stillUnreachable`).
    mutating func lost(because unreachable: DatabaseUnreachable) -> Bool {
        switch self {
        case .connecting: self = .offline(unreachable, database: nil)
        case let .online(database): self = .offline(unreachable, database: database)
        default: return false
        }
        return true
    }

    /// A retry found the database still unreachable: the reason is the newest one.
    mutating func stillUnreachable(_ unreachable: DatabaseUnreachable) {
        if case let .offline(_, database) = self { self = .offline(unreachable, database: database) }
    }

    /// The database refused this process: it is used no more.
    mutating func refuse(_ error: any Error) -> Bool {
        guard !isClosed else { return false }
        self = .refused(error, database: known)
        return true
    }

    /// Closes the link; returns the database host to close, if one was reached.
    mutating func close() -> Database? {
        defer { self = .closed }
        return known
    }
}
