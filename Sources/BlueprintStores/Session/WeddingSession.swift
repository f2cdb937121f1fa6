import BlueprintDomain

/// The stores of one open wedding, kept live: every change to the wedding, from this process
/// or another, is patched into the stores whose kinds of record it touched. A change that does
/// not say what it changed, or a gap in the wedding's sequence of changes (a change missed),
/// reloads them instead. A session stays live until `close()` (`AppModel` closes the previous
/// one when it opens another).
@MainActor
public final class WeddingSession {
    public let weddingID: WeddingID
    public let wedding: WeddingStore
    public let guests: GuestStore
    public let budget: BudgetStore
    public let vendors: VendorStore
    public let tasks: TaskStore
    public let timeline: TimelineStore
    public let gifts: GiftStore
    public let seating: SeatingStore
    public let notes: NotesStore
    public let documents: DocumentsStore
    /// Who changed what, newest first: read when first shown, then followed.
    public let activity: ActivityFeed
    /// What needs the couple now, derived from the stores above.
    public let dashboard: DashboardStore
    /// Who else has the wedding open; nil without a presence board.
    public let presence: PresenceModel?
    /// Edits made offline that conflict with changes made since; nil where there are none.
    public let offlineConflicts: OfflineConflictsModel?
    let context: StoreContext
    private var feed: Task<Void, Never>?
    /// Reads access and the offline conflicts again each time the wedding's link goes live
    /// (first reached, or back), so neither depends on a notice that may have come before.
    private var liveWatch: Task<Void, Never>?
    /// What you may do with the wedding: read when it opens (`readAccess()`) and again when it
    /// is read anew; until then, and without a source of access, the owner's. A viewer's writes
    /// are refused before they are sent (see `AccessCheckedHost`), and the front end says so.
    public private(set) var access = WeddingAccess.owner
    /// Told of each change another process made, once the stores show it (the front end says so).
    public var onExternalChange: (@MainActor (RepositoryChange) -> Void)?

    /// Makes the stores (nothing is loaded yet; see `CacheWarmer`) and subscribes to the
    /// wedding's changes at once, so none is missed between opening and loading.
    public init(wedding: WeddingID, context: StoreContext) {
        weddingID = wedding
        self.context = context
        self.wedding = WeddingStore(wedding: wedding, context: context)
        guests = GuestStore(wedding: wedding, context: context)
        budget = BudgetStore(wedding: wedding, context: context)
        vendors = VendorStore(wedding: wedding, context: context)
        tasks = TaskStore(wedding: wedding, context: context)
        timeline = TimelineStore(wedding: wedding, context: context)
        gifts = GiftStore(wedding: wedding, context: context)
        seating = SeatingStore(wedding: wedding, context: context, guests: guests)
        notes = NotesStore(wedding: wedding, context: context)
        documents = DocumentsStore(wedding: wedding, context: context)
        activity = ActivityFeed(wedding: wedding, records: context.records)
        guests.notes = notes
        vendors.notes = notes
        tasks.notes = notes
        notes.onNotesChanged = { [unowned guests, unowned vendors, unowned tasks] in
            guests.notesChanged()
            vendors.notesChanged()
            tasks.notesChanged()
        }
        dashboard = DashboardStore(wedding: self.wedding, guests: guests, budget: budget, vendors: vendors, tasks: tasks,
                                   timeline: timeline, gifts: gifts)
        offlineConflicts = context.offlineConflicts.map { OfflineConflictsModel(source: $0, wedding: wedding) }
        presence = context.presence.map { PresenceModel(board: $0, wedding: wedding, identity: context.identity, clock: context.clock) }
        for store in stores { store.receivesChanges = true }
        presence?.start()
        offlineConflicts?.start()
        let changes = context.changes.changes(in: wedding)
        feed = Task {
            var lastSequence: UInt64?
            for await change in changes {
                let missedSome = lastSequence.map { change.sequence != $0 + 1 } ?? false
                lastSequence = change.sequence
                for store in self.stores {
                    if missedSome { store.reloadEverything() } else { store.receive(change) }
                }
                self.activity.receive(change, missedSome: missedSome)
                // Read anew (a reconnection, a write that failed): the role may have changed too.
                if change.operation == "reread" { Task { await self.readAccess() } }
                if change.origin == .external { self.onExternalChange?(change) }
            }
        }
        let connections = context.changes.connectionChanges(in: wedding)
        liveWatch = Task {
            for await connection in connections where connection == .live {
                await self.readAccess()
                await self.offlineConflicts?.refresh()
            }
        }
    }

    /// Asks what you may do with the wedding now; the stores' observers are told if it changed.
    /// A failure to ask keeps what was known (the stores' loads report the failure).
    public func readAccess() async {
        guard let source = context.access, let read = try? await source.accessRights(to: weddingID), !isClosed,
              read != access else { return }
        access = read
        wedding.signalUpdate()
    }

    /// Shows `preview` (the wedding, the guest figures and first guests) in the stores not
    /// loaded yet, so a first frame can be drawn before the guest list is read; their loads
    /// replace it as they land.
    public func show(_ preview: WeddingPreview) {
        wedding.show(preview)
        guests.show(preview)
    }

    /// Every store, in `StoreDomain` order.
    public var stores: [DomainStore] { [wedding, guests, budget, vendors, tasks, timeline, gifts, seating, notes, documents] }

    public func store(for domain: StoreDomain) -> DomainStore {
        switch domain {
        case .wedding: return wedding
        case .guests: return guests
        case .budget: return budget
        case .vendors: return vendors
        case .tasks: return tasks
        case .timeline: return timeline
        case .gifts: return gifts
        case .seating: return seating
        case .notes: return notes
        case .documents: return documents
        }
    }

    public var isClosed: Bool { feed == nil }

    /// How other sessions' changes to the wedding reach the stores: as they happen (`.live`),
    /// else only once a store reloads (see `ChangeFeed.connection`).
    public var connection: FeedConnection { context.changes.connection(weddingID) }

    /// The wedding's `connection` each time it changes (see `ChangeFeed.connectionChanges`).
    public func connectionChanges() -> AsyncStream<FeedConnection> { context.changes.connectionChanges(in: weddingID) }

    /// Unsubscribes and closes every store: loads still in flight land nowhere, and the stores'
    /// update streams end. The session's presence is withdrawn in the background (await
    /// `presence.withdraw()` first where the process is about to exit).
    public func close() {
        if let presence { Task { await presence.withdraw() } }
        feed?.cancel()
        feed = nil
        liveWatch?.cancel()
        liveWatch = nil
        offlineConflicts?.close()
        for store in stores { store.receivesChanges = false }
        for store in stores { store.close() }
        activity.close()
    }
}
