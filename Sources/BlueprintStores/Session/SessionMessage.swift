import BlueprintDomain

/// Something that happened to an open wedding outside a key: a change committed, the link
/// changing, or the result of a read the session started. Every such state change of a
/// `WeddingSession` arrives as one of these and is made in `WeddingSession.handle(_:)` alone;
/// the tasks that follow the feeds and run the reads only post them (as bubbletea's commands
/// return messages), so the front end handles them in one order with its keys, and a test
/// feeds them in the order it chooses.
public enum SessionMessage {
    /// A change committed to the wedding, by this session or another, in the feed's order
    /// (each change's `sequence`; a gap means some were missed).
    case committed(RepositoryChange)
    /// How other sessions' changes reach this one changed (see `FeedConnection`).
    case connection(FeedConnection)
    /// What you may do with the wedding, as just read.
    case accessRead(WeddingAccess)
    /// A store's load finished (see `StoreLoad`).
    case loaded(StoreLoad)
    /// The other sessions present, as read (see `PresenceModel`).
    case presenceRead(PresenceRead)
    /// The edits made offline that conflict, as read (see `OfflineConflictsModel`).
    case offlineConflictsRead(OfflineConflictsRead)
    /// The activity feed, as read (see `ActivityFeed`).
    case activityRead(ActivityRead)
    /// An intent's write has answered: the rest of the intent (see `DomainStore.landing(_:)`).
    case answered(IntentAnswer)
}

extension SessionMessage {
    /// Lands what someone awaits, whether or not its session is still there: a load in its
    /// store (which, closed, only lets its awaiter go), the rest of an intent. Anything else is
    /// dropped.
    @MainActor
    func landAwaited() {
        switch self {
        case .loaded(let load): load.store.land(load)
        case .answered(let answer): answer.resume()
        default: break
        }
    }
}

/// What handling a `SessionMessage` has to tell the user, beyond what the stores now show.
public enum SessionNotice: Equatable, Sendable {
    /// Another process changed the wedding; the stores show it.
    case externalChange(RepositoryChange)
    /// The database refused this machine (the reason in words): what is shown is the local copy.
    case refused(String)
    /// The edits made offline that conflict changed (oldest first; the front end offers the first).
    case offlineConflicts([OfflineConflict])
}

/// A store's load as it finished: the store, which load it was, how many invalidations had happened when
/// it started, and what it fetched (the work that shows it) or why it failed.
public struct StoreLoad {
    let store: DomainStore
    let number: Int
    let invalidationsAtStart: Int
    let result: Result<@MainActor () -> Void, any Error>
}

/// The rest of an intent once its write has answered: showing what it stored and recording how
/// to take it back, or taking back what it showed when the write failed. It runs when handled,
/// up to the intent's next write.
public struct IntentAnswer {
    let resume: @MainActor () -> Void
}

/// The other sessions present, as one read of the presence board found them. Reads are
/// numbered as they start, so one that a later read overtook lands nowhere.
public struct PresenceRead: Sendable {
    let number: Int
    let others: [Presence]
}

/// The edits made offline that conflict, as one read found them (numbered like `PresenceRead`).
public struct OfflineConflictsRead: Sendable {
    let number: Int
    let conflicts: [OfflineConflict]
}

/// The activity feed as read from the wedding's history, or why it could not be read.
public struct ActivityRead: Sendable {
    let result: Result<ActivityLog, StoreError>
}

/// Where the parts of a session post their messages: the session's `handle(_:)` at once, or
/// the front end's inbox, which handles them in order with its keys.
typealias SessionPost = @MainActor (SessionMessage) -> Void
