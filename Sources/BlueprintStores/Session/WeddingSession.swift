import BlueprintDomain

/// The stores of one open wedding, kept live: every change to the wedding, from this process
/// or another, is patched into the stores whose kinds of record it touched. A change that does
/// not say what it changed, or a gap in the wedding's sequence of changes (a change missed),
/// reloads them instead. Every such change arrives as a `SessionMessage` and is made in
/// `handle(_:)`, in the order the front end's inbox hands them over. A session stays live until
/// `close()` (`AppModel` closes the previous one when it opens another).
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
    /// Where the session's parts post their messages (see `SessionMessage`).
    private var post: SessionPost = { _ in }
    /// The tasks that follow the change feed and the connection; they only post messages.
    private var followers: [Task<Void, Never>] = []
    private var closed = false
    /// The sequence of the last change handled, to see a gap (changes missed).
    private var lastSequence: UInt64?
    /// What you may do with the wedding: read when it opens (`readAccess()`) and again when it
    /// is read anew; until then, and without a source of access, the owner's. A viewer's writes
    /// are refused before they are sent (see `AccessCheckedHost`), and the front end says so.
    public private(set) var access = WeddingAccess.owner

    /// Makes the stores (nothing is loaded yet; see `CacheWarmer`) and subscribes to the
    /// wedding's changes at once, so none is missed between opening and loading.
    ///
    /// - Parameter deliver: where the session's messages go, with the session they are for: the
    ///   front end's inbox, which must pass each to that session's `handle(_:)` in the order
    ///   posted. Without it, each is handled at once.
    public init(wedding: WeddingID, context: StoreContext,
                deliver: (@MainActor (WeddingSession, SessionMessage) -> Void)? = nil) {
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
        post = { [weak self] message in
            guard let self else { return message.landAwaited() }
            if let deliver { deliver(self, message) } else { self.handle(message) }
        }
        for store in stores {
            store.receivesChanges = true
            store.post = post
        }
        activity.post = post
        presence?.post = post
        offlineConflicts?.post = post
        follow()
        presence?.start()
        offlineConflicts?.start()
    }

    /// Follows the change feed and the connection, posting what arrives.
    private func follow() {
        let changes = context.changes.changes(in: weddingID)
        let connections = context.changes.connectionChanges(in: weddingID)
        let post = post
        followers = [
            Task {
                for await change in changes { post(.committed(change)) }
            },
            Task {
                for await connection in connections { post(.connection(connection)) }
            },
        ]
    }

    /// Makes the state change `message` carries, and says what the user should be told of it.
    /// The one place the session's state changes other than while a key is handled (an intent
    /// shows its edit at once; what follows its write's answer comes back here). A message for a
    /// closed session changes nothing, but a load or an intent awaited is let go.
    @discardableResult
    public func handle(_ message: SessionMessage) -> SessionNotice? {
        switch message {
        case .loaded, .answered:
            // Even when closed: whoever awaits the load or the intent goes on.
            message.landAwaited()
            return nil
        case _ where closed:
            return nil
        case .committed(let change):
            return received(change)
        case .connection(let connection):
            switch connection {
            case .live:
                // The link went live (first reached, or back): read access and the offline
                // conflicts again, so neither depends on a notice that may have come before.
                Task { await self.readAccess() }
                if let offlineConflicts { Task { await offlineConflicts.refresh() } }
                return nil
            case .refused(let reason):
                return .refused(reason)
            default:
                return nil
            }
        case .accessRead(let read):
            guard read != access else { return nil }
            access = read
            wedding.noteChange()
            return nil
        case .presenceRead(let read):
            presence?.land(read)
            return nil
        case .offlineConflictsRead(let read):
            guard let offlineConflicts, offlineConflicts.land(read) else { return nil }
            return .offlineConflicts(offlineConflicts.conflicts)
        case .activityRead(let read):
            activity.land(read)
            return nil
        }
    }

    /// Patches a committed change into every store, or reloads them after a gap in the
    /// wedding's sequence of changes.
    private func received(_ change: RepositoryChange) -> SessionNotice? {
        let missedSome = lastSequence.map { change.sequence != $0 + 1 } ?? false
        lastSequence = change.sequence
        for store in stores {
            if missedSome { store.reloadEverything() } else { store.receive(change) }
        }
        activity.receive(change, missedSome: missedSome)
        // Read anew (a reconnection, a write that failed): the role may have changed too.
        if change.operation == "reread" { Task { await self.readAccess() } }
        return change.origin == .external ? .externalChange(change) : nil
    }

    /// Asks what you may do with the wedding now, and posts the answer, which the stores take
    /// in its turn. A failure to ask keeps what was known (the stores' loads report
    /// the failure).
    public func readAccess() async {
        guard let source = context.access, let read = try? await source.accessRights(to: weddingID), !closed else { return }
        post(.accessRead(read))
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

    public var isClosed: Bool { closed }

    /// How other sessions' changes to the wedding reach the stores: as they happen (`.live`),
    /// else only once a store reloads (see `ChangeFeed.connection`).
    public var connection: FeedConnection { context.changes.connection(weddingID) }

    /// The wedding's `connection` each time it changes (see `ChangeFeed.connectionChanges`).
    public func connectionChanges() -> AsyncStream<FeedConnection> { context.changes.connectionChanges(in: weddingID) }

    /// Unsubscribes and closes every store: loads still in flight land nowhere, and the stores'
    /// update streams end. The session's presence stops at once and its entry is taken off the
    /// board in the background (await `presence.withdraw()` first where the process is about to exit).
    public func close() {
        guard !closed else { return }
        closed = true
        if let presence, presence.leave() { Task { await presence.takeEntryDown() } }
        for follower in followers { follower.cancel() }
        followers = []
        offlineConflicts?.close()
        for store in stores { store.receivesChanges = false }
        for store in stores { store.close() }
    }
}
