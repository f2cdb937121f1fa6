import BlueprintDomain
import Foundation

/// What the stores work with: the repositories, their change feed, and the time.
///
/// The app builds one from `Repositories` (which is also the change feed); tests pass
/// repositories over an in-memory host, or test doubles, and a `ManualClock`.
public struct StoreContext: Sendable {
    public var weddings: any WeddingRepository
    public var guests: any GuestRepository
    public var budget: any BudgetRepository
    public var vendors: any VendorRepository
    public var tasks: any TaskRepository
    /// The kinds with no queries of their own (milestones, the run sheet, gifts, scenarios,
    /// seating): plain record repositories.
    public var records: any RecordRepositories
    /// The attached documents and their stored files.
    public var documents: any DocumentRepository
    /// Changes to a wedding from this process and others; the cache must already have dropped
    /// what a change made stale when it is delivered (as `Repositories.changes(in:)` does).
    public var changes: any ChangeFeed
    /// Where sessions say who has which wedding open; nil shows no one (presence is optional).
    public var presence: (any PresenceBoard)?
    /// Who this session is, as the presence board shows it to the others.
    public var identity: PresenceIdentity
    /// What this process may do with a wedding (the repositories, asking their host); nil: the
    /// owner may do everything, as with a data directory.
    public var access: (any WeddingAccessSource)?
    /// Where edits made offline that conflict are kept (a database's weddings with their local
    /// copy); nil where there are none (a data directory).
    public var offlineConflicts: (any OfflineConflictSource)?
    public var clock: any TimeSource
    /// The time zone "today" is taken in (due dates, overdue tasks, payments due).
    public var timeZone: TimeZone

    public init(weddings: any WeddingRepository, guests: any GuestRepository, budget: any BudgetRepository,
                vendors: any VendorRepository, tasks: any TaskRepository, records: any RecordRepositories,
                documents: any DocumentRepository, changes: any ChangeFeed, presence: (any PresenceBoard)? = nil,
                identity: PresenceIdentity = PresenceIdentity(name: "me", account: "me@here", host: "here", pid: 0),
                access: (any WeddingAccessSource)? = nil, offlineConflicts: (any OfflineConflictSource)? = nil,
                clock: any TimeSource = SystemClock(), timeZone: TimeZone = .current) {
        self.presence = presence
        self.access = access
        self.offlineConflicts = offlineConflicts
        self.identity = identity
        self.weddings = weddings
        self.guests = guests
        self.budget = budget
        self.vendors = vendors
        self.tasks = tasks
        self.records = records
        self.documents = documents
        self.changes = changes
        self.clock = clock
        self.timeZone = timeZone
    }

    /// Today on the user's wall calendar, by `clock`.
    public var today: CalendarDate { CalendarDate(clock.now().date, in: timeZone) }
}
