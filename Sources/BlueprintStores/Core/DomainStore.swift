import BlueprintDomain
import Foundation

/// What every store of one wedding shares: loading and validity, live changes, observation,
/// undo and conflict resolution. `GuestStore`, `BudgetStore`, `VendorStore`, `TaskStore`,
/// `TimelineStore`, `GiftStore` and `WeddingStore` add their records, figures, list state and intents.
///
/// A store serves one wedding for its whole life; opening another wedding makes new stores
/// (`AppModel`), so nothing loaded for one wedding can reach another's.
@MainActor
public class DomainStore: CacheableStore {
    public let weddingID: WeddingID
    public let domain: StoreDomain
    public let cacheValidityDuration: Duration
    /// The kinds of record shown; a change to any of them is patched into the store.
    public let recordKinds: Set<RecordKind>
    public private(set) var loadState: LoadState = .idle
    public private(set) var lastLoadTime: Timestamp?
    /// Whether what is shown is the wedding's preview (see `WeddingSession.show`), until the
    /// first load lands: a pane can draw it, but nothing can be edited yet.
    public internal(set) var isShowingPreview = false
    /// Closed stores load nothing and change nothing.
    public private(set) var isClosed = false
    let context: StoreContext

    /// A load in flight: its number, and how many invalidations had happened when it started.
    private struct Flight {
        let number: Int
        let invalidations: Int
        let task: Task<Void, Never>
    }

    private var flight: Flight?
    private var reloadWhenLanded = false
    /// Changes published while a load was in flight, to apply once it lands.
    private var changesDuringLoad: [RecordChange] = []
    private var loadsStarted = 0
    private var newestLoadShown = 0
    private var invalidations = 0
    /// `invalidations` when the load shown started; the store is valid only while it is unchanged.
    private var validAsOf: Int?
    /// Uptime when the load shown landed.
    private var loadedAt: Duration?
    private var undoSteps: [UndoStep] = []
    /// Steps that take back an undo, newest last; a new change clears them.
    private var redoSteps: [UndoStep] = []
    private var undoStepsRecorded = 0
    /// Who last changed each record from elsewhere (see `writer(of:)`).
    private var writers: [UUID: ChangeWriter] = [:]
    private weak var conflictHolder: (any ConflictHolder)?

    init(weddingID: WeddingID, domain: StoreDomain, validity: Duration, recordKinds: Set<RecordKind>, context: StoreContext) {
        self.weddingID = weddingID
        self.domain = domain
        self.cacheValidityDuration = validity
        self.recordKinds = recordKinds
        self.context = context
    }

    // MARK: Validity and loading

    public var isCacheValid: Bool {
        guard let loadedAt, validAsOf == invalidations else { return false }
        return context.clock.uptime() - loadedAt < cacheValidityDuration
    }

    public func invalidate() { invalidations += 1 }

    public func load(force: Bool) async {
        guard !isClosed else { return }
        if !force && isCacheValid { return }
        if !force, await revalidated() { return }
        // A load that started after the last invalidation will bring fresh data: join it.
        if !force, let flight, flight.invalidations == invalidations {
            await flight.task.value
            return
        }
        await startLoad().value
    }

    /// Whether the store, valid but for its age, is confirmed current without loading again:
    /// it gets the wedding's changes as they happen (a live session's store), so catching up
    /// with the change feed, which publishes anything missed, is all it takes.
    private func revalidated() async -> Bool {
        guard receivesChanges, flight == nil, loadedAt != nil, validAsOf == invalidations,
              context.changes.isLive(weddingID) else { return false }
        let invalidationsAtStart = invalidations
        do {
            try await context.changes.catchUp(on: weddingID)
        } catch {
            return false
        }
        guard !isClosed, invalidations == invalidationsAtStart else { return false }
        lastLoadTime = context.clock.now()
        loadedAt = context.clock.uptime()
        return true
    }

    /// Whether a session gives the store every change of its wedding as it happens.
    var receivesChanges = false

    /// Whether a load is in flight.
    var isLoading: Bool { flight != nil }

    /// Today on the user's wall calendar.
    public var today: CalendarDate { context.today }

    /// Fetches the store's records from the repositories and returns the work that shows them.
    /// The returned closure runs only if the load is still wanted (not superseded by a newer
    /// load that landed first, and the store still open). Subclasses override this.
    func fetchRecords() async throws -> @MainActor () -> Void {
        preconditionFailure("\(type(of: self)) must override fetchRecords()")
    }

    @discardableResult
    private func startLoad() -> Task<Void, Never> {
        loadsStarted += 1
        let number = loadsStarted
        let invalidationsAtStart = invalidations
        let task = Task { await self.runLoad(number: number, invalidationsAtStart: invalidationsAtStart) }
        flight = Flight(number: number, invalidations: invalidationsAtStart, task: task)
        setLoadState(.loading)
        return task
    }

    /// Fetches, then posts the result to land (see `land(_:)`) and waits until it has: whoever
    /// awaits the load sees it shown.
    private func runLoad(number: Int, invalidationsAtStart: Int) async {
        let result: Result<@MainActor () -> Void, any Error>
        do {
            result = .success(try await fetchRecords())
        } catch {
            result = .failure(error)
        }
        guard !isClosed else { return }
        let load = StoreLoad(store: self, number: number, invalidationsAtStart: invalidationsAtStart, result: result)
        guard let post else { return land(load) }
        await withCheckedContinuation { (landed: CheckedContinuation<Void, Never>) in
            landingWaiters[number] = landed
            post(.loaded(load))
        }
    }

    /// Where this store posts its loads' results to land, in order with the session's other
    /// messages; without a session, they land at once.
    var post: SessionPost?
    /// The tasks of loads posted and not landed yet, by load number, to let go once they land.
    private var landingWaiters: [Int: CheckedContinuation<Void, Never>] = [:]

    /// Runs `rest`, what an intent does once its write has answered, as the session's message
    /// (`SessionMessage.answered`), in order with its other messages: up to the intent's next
    /// write, its changes are made where every other change is. Returns what `rest` returns.
    /// Without a session, `rest` runs at once.
    ///
    /// `rest` runs in a task of the handler's, so what the intent's task holds for it (whether it
    /// is an undo, which records its step as a redo) is carried over.
    func landing<T: Sendable>(_ rest: @escaping @MainActor () async -> T) async -> T {
        guard let post else { return await rest() }
        let recording = Self.recording
        return await withCheckedContinuation { (answered: CheckedContinuation<T, Never>) in
            post(.answered(IntentAnswer {
                Task.immediate {
                    answered.resume(returning: await Self.$recording.withValue(recording) { await rest() })
                }
            }))
        }
    }

    /// Shows what a load fetched, unless a newer load has landed already; a failure is shown
    /// only for the newest load.
    func land(_ load: StoreLoad) {
        defer { landingWaiters.removeValue(forKey: load.number)?.resume() }
        guard !isClosed else { return }
        let isNewest = flight?.number == load.number
        if isNewest { flight = nil }
        switch load.result {
        case .success(let show) where load.number > newestLoadShown:
            newestLoadShown = load.number
            isShowingPreview = false
            show()
            lastLoadTime = context.clock.now()
            loadedAt = context.clock.uptime()
            validAsOf = load.invalidationsAtStart
            setLoadState(flight == nil ? .loaded : .loading)
            recordsDidChange()
            batchingRecordChanges { for change in changesDuringLoad { apply(change) } }
            if flight == nil { changesDuringLoad.removeAll() }
        case .failure(let error) where isNewest:
            changesDuringLoad.removeAll()
            invalidate()
            setLoadState(.failed(StoreError(error)))
        case .success, .failure:
            break  // a newer load has landed or is still coming
        }
        if isNewest && reloadWhenLanded {
            reloadWhenLanded = false
            startLoad()
        }
    }

    private func setLoadState(_ state: LoadState) {
        guard state != loadState else { return }
        loadState = state
        noteChange()
    }

    // MARK: Live changes

    /// Applies a change the wedding's source published, if it touched the store's kinds: each
    /// record it stored or deleted is patched into the rows and figures shown. A change that
    /// does not say what it changed reloads the store. Changes arriving while a load runs are
    /// applied once it lands (they may or may not be in it; applying them again is harmless).
    func receive(_ change: RepositoryChange) {
        guard !isClosed, change.wedding == weddingID, !recordKinds.isDisjoint(with: change.kinds) else { return }
        guard let records = change.records else { return reloadEverything() }
        if change.origin != .local { noteWriter(of: records, in: change) }
        patch(records)
    }

    /// How many writers `writer(of:)` remembers; past it, it starts again (they are for words
    /// only: an unknown writer is "someone").
    private static let writerLimit = 10_000

    private func noteWriter(of records: [RecordChange], in change: RepositoryChange) {
        if writers.count > Self.writerLimit { writers.removeAll() }
        let writer = { (deleted: Bool) in
            ChangeWriter(author: change.author ?? change.activity?.author, at: change.activity?.at ?? self.context.clock.now(),
                         deleted: deleted)
        }
        for record in records where recordKinds.contains(record.kind) { writers[record.id] = writer(record.newVersion == nil) }
    }

    /// Who last changed record `id` from elsewhere (another session, another machine), and when.
    func writer(of id: UUID) -> ChangeWriter? { writers[id] }

    /// Shows the records of this store's kinds among `records` (stored or deleted), now or once
    /// the load in flight lands.
    private func patch(_ records: [RecordChange]) {
        let mine = records.filter { recordKinds.contains($0.kind) }
        guard !mine.isEmpty else { return }
        if flight != nil {
            changesDuringLoad.append(contentsOf: mine)
        } else if newestLoadShown > 0 {
            batchingRecordChanges { for record in mine { apply(record) } }
            noteChange()
        }
    }

    /// Loads the store again when it shows data, or after the load in flight: for a change that
    /// did not say what it changed, or a gap in the wedding's sequence of changes.
    func reloadEverything() {
        guard !isClosed else { return }
        invalidate()
        if flight != nil {
            reloadWhenLanded = true
        } else if newestLoadShown > 0 {
            startLoad()
        }
    }

    /// Patches one record the source stored or deleted into what the store shows. Subclasses
    /// override it to pass the change to the collection of its kind.
    func apply(_ change: RecordChange) {}

    // MARK: Derived state

    /// Recomputes what is derived from the records (figures, rows) and counts the change.
    /// Subclasses override it to derive their state, then call `super`.
    func recordsDidChange() { noteChange() }

    /// Nesting of `batchingRecordChanges`, and whether a change inside it awaits `recordsDidChange`.
    private var batchDepth = 0
    private var derivationPending = false

    /// Runs `body`, which changes many records (an import, a published change, what arrived
    /// during a load), and derives the store's state again at most once, after it: a record
    /// that its collection cannot patch in place (`recordChanged`) no longer costs a whole
    /// derivation each.
    func batchingRecordChanges<T>(_ body: () throws -> T) rethrows -> T {
        batchDepth += 1
        defer {
            batchDepth -= 1
            if batchDepth == 0, derivationPending {
                derivationPending = false
                recordsDidChange()
            }
        }
        return try body()
    }

    /// A record shown changed and its collection does not patch the store's rows and figures:
    /// derives them again now, or once the batch it is part of ends.
    func recordChanged() {
        if batchDepth > 0 { derivationPending = true } else { recordsDidChange() }
    }

    /// Counts a change of what the store shows (`changeCount`), from which what is derived
    /// from several stores (the dashboard, the seating plan) knows to compute again.
    func noteChange() {
        changeCount += 1
    }

    /// Counts the updates signalled, so that what is derived from several stores (the dashboard)
    /// is derived again only when one of them changed.
    private(set) var changeCount = 0

    // MARK: Undo

    public var canUndo: Bool { !undoSteps.isEmpty }

    /// What `undo()` would take back ("delete guest"), or `nil` when there is nothing to undo.
    public var undoTitle: String? { undoSteps.last?.title }

    public var canRedo: Bool { !redoSteps.isEmpty }

    /// What `redo()` would do again, or `nil` when there is nothing to redo.
    public var redoTitle: String? { redoSteps.last?.title }

    /// Takes back the last saved change of this store. A deleted record comes back with its id
    /// and fields. A change someone else changed since is taken back field by field: only the
    /// fields it set go back, and a field they changed too is asked about. `redo()` does it again.
    @discardableResult
    public func undo() async -> EditOutcome {
        guard let step = undoSteps.popLast() else { return isClosed ? .failed(.closed) : .failed(.nothingToUndo) }
        return await revert(step, as: .undoing) { self.undoSteps.append($0) }
    }

    /// Does again the change the last undo took back (merged like an undo with what changed since).
    @discardableResult
    public func redo() async -> EditOutcome {
        guard let step = redoSteps.popLast() else { return isClosed ? .failed(.closed) : .failed(.nothingToRedo) }
        return await revert(step, as: .redoing) { self.redoSteps.append($0) }
    }

    /// Runs `step`, recording the step that takes it back as `recording` says; a storage failure
    /// puts `step` back (`putBack`) to be tried again, unless newer changes were recorded meanwhile.
    private func revert(_ step: UndoStep, as recording: UndoRecording, putBack: @escaping (UndoStep) -> Void) async -> EditOutcome {
        guard !isClosed else { return .failed(.closed) }
        let recordedBefore = undoStepsRecorded
        noteChange()
        let outcome = await Self.$recording.withValue(recording) { await step.revert() }
        guard case let .failed(error) = outcome, error.isStorageFailure else { return outcome }
        return await landing {
            if self.undoStepsRecorded == recordedBefore, !self.isClosed {
                putBack(step)
                self.noteChange()
            }
            return outcome
        }
    }

    /// What a step recorded now takes back: a new change, an undo (its step is a redo) or a redo.
    enum UndoRecording { case change, undoing, redoing }

    /// Set while an undo or a redo runs, in its task only: a change made meanwhile elsewhere is
    /// still a new change.
    @TaskLocal static var recording = UndoRecording.change

    /// Writes `changes` (records of any kinds) as one transaction named `title`, shows at once
    /// what it changed of this store's kinds and of `alsoShownBy`'s (other stores see it through
    /// the change feed), and records it to be undone as one step of this store.
    func commit(_ changes: RecordChangeSet, title: String, undoable: Bool = true,
                alsoShownBy others: [DomainStore] = []) async -> EditOutcome {
        guard !isClosed else { return .failed(.closed) }
        let committed: CommittedChanges
        do {
            committed = try await context.records.commit(changes, operation: title, in: weddingID)
        } catch {
            return .failed(StoreError(error))
        }
        return await landing {
            guard !self.isClosed else { return .saved }
            self.patch(committed.changes)
            for other in others where !other.isClosed { other.patch(committed.changes) }
            if undoable, !committed.inverse.isEmpty {
                var inverse = committed.inverse
                inverse.action = changes.action?.takenBack
                self.recordUndo(UndoStep(title: title, inverse: inverse) {
                    await self.commit(inverse, title: title, alsoShownBy: others)
                })
            }
            return .saved
        }
    }

    /// Writes `changes`, which follow from this store's last change set (the checklist and the
    /// run sheet moving with the wedding day), so that one undo takes both back in one
    /// transaction. Without such a last step, they are a step of their own.
    func commitJoiningLastStep(_ changes: RecordChangeSet, alsoShownBy others: [DomainStore]) async -> EditOutcome {
        guard let last = undoSteps.last, let lastInverse = last.inverse else {
            return await commit(changes, title: undoSteps.last?.title ?? "change", alsoShownBy: others)
        }
        guard !isClosed else { return .failed(.closed) }
        let committed: CommittedChanges
        do {
            committed = try await context.records.commit(changes, operation: last.title, in: weddingID)
        } catch {
            return .failed(StoreError(error))
        }
        return await landing {
            guard !self.isClosed else { return .saved }
            self.patch(committed.changes)
            for other in others where !other.isClosed { other.patch(committed.changes) }
            guard self.undoSteps.last?.order == last.order else { return .saved }
            var inverse = committed.inverse
            inverse.append(lastInverse)
            let both = inverse
            var joined = UndoStep(title: last.title, inverse: both) {
                await self.commit(both, title: last.title, alsoShownBy: others)
            }
            joined.order = last.order
            self.undoSteps[self.undoSteps.count - 1] = joined
            return .saved
        }
    }

    /// Numbers every store's undo steps in the order they are recorded.
    private static var undoStepsRecordedEverywhere = 0

    /// The number of the step `undo()` takes back next, among every store's (higher is newer);
    /// `nil` with nothing to undo. The planner takes back the newest of the pane's and the
    /// wedding settings' (changed from any pane).
    public var undoOrder: Int? { undoSteps.last?.order }

    /// The same for `redo()`: the step of the newest undo.
    public var redoOrder: Int? { redoSteps.last?.order }

    /// Records the step that takes back a change just saved: on the undo list, or on the redo
    /// list while an undo runs (a new change forgets what could be redone).
    func recordUndo(_ step: UndoStep) {
        var step = step
        DomainStore.undoStepsRecordedEverywhere += 1
        step.order = DomainStore.undoStepsRecordedEverywhere
        undoStepsRecorded += 1
        switch Self.recording {
        case .undoing:
            redoSteps.append(step)
        case .redoing:
            undoSteps.append(step)
        case .change:
            undoSteps.append(step)
            redoSteps.removeAll()
        }
        if undoSteps.count > UndoStep.historyLimit { undoSteps.removeFirst() }
        if redoSteps.count > UndoStep.historyLimit { redoSteps.removeFirst() }
    }

    // MARK: Conflicts

    /// Whether an edit lost to someone else's and waits for the caller to choose.
    public var hasConflict: Bool { conflictHolder != nil }

    /// The open conflict in words, for the dialog.
    public var openConflict: ConflictSummary? { conflictHolder?.conflictSummary }

    /// Saves the open conflict's merge with the side `choices` gives for each field both changed
    /// (theirs for a field not in it); a record deleted meanwhile is restored with your edits.
    @discardableResult
    public func resolveConflict(choosing choices: [FieldPath: MergeSide]) async -> EditOutcome {
        guard let holder = conflictHolder else { return .failed(.noConflict) }
        conflictHolder = nil
        return await holder.resolveConflict { choices[$0] }
    }

    /// Drops your conflicting edit and reloads, showing the current records.
    public func resolveConflictByReloading() async {
        conflictHolder?.dismissConflict()
        conflictHolder = nil
        noteChange()
        await load(force: true)
    }

    /// Saves your value in every field both changed (their other changes stay); a record
    /// deleted meanwhile is restored with your edits.
    @discardableResult
    public func resolveConflictByOverwriting() async -> EditOutcome {
        guard let holder = conflictHolder else { return .failed(.noConflict) }
        conflictHolder = nil
        return await holder.resolveConflict { _ in .mine }
    }

    /// Makes `holder`'s conflict the open one; a store shows one conflict at a time.
    func conflictOpened(in holder: any ConflictHolder) {
        if let previous = conflictHolder, previous !== holder { previous.dismissConflict() }
        conflictHolder = holder
    }

    // MARK: Closing

    /// Stops loading and changing. In-flight loads land nowhere.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        flight?.task.cancel()
        flight = nil
        for waiter in landingWaiters.values { waiter.resume() }
        landingWaiters = [:]
        undoSteps.removeAll()
        redoSteps.removeAll()
    }
}
