import BlueprintCache
import BlueprintDomain
import Foundation

/// One kind of record as a store shows it: the source's records, kept up to date by its
/// changes, with the store's edits still being written laid over them.
///
/// An edit shows at once, synchronously, as an overlay on its record. When its write returns,
/// what was stored becomes the source's record and the overlay goes; a failed write just
/// removes its overlay: that is the rollback. The source's records change with its published
/// changes and with loads; where two disagree about a record, the higher version wins, and a
/// load that read before a write returned gets that write laid over it again.
///
/// Every record shown that changes is reported through `rowChanged`, one at a time, so the
/// store patches its rows and figures instead of deriving them again.
@MainActor
final class RecordCollection<R: Record>: ConflictHolder {
    private enum Edit {
        case save(R)
        case remove(UUID)

        var id: UUID {
            switch self {
            case .save(let record): return record.id
            case .remove(let id): return id
            }
        }

        var record: R? {
            guard case .save(let record) = self else { return nil }
            return record
        }
    }

    private struct Overlay {
        let number: Int
        let edit: Edit
    }

    /// The source's version of a record that has overlays (`nil`: the source has none), and
    /// where it stood in the table, to put it back there if the overlays go.
    private struct Underlying {
        var record: R?
        var position: Int?
    }

    /// Told of each record shown that changed: added (`old` is `nil`), removed (`new` is `nil`)
    /// or replaced. `position` gives each record's place in the table order, for the old record
    /// as it was and for every other as it is now. Unset, the store derives everything again.
    var rowChanged: ((_ old: R?, _ new: R?, _ position: (UUID) -> Int) -> Void)?

    let gateway: RecordGateway<R>
    private unowned let store: DomainStore
    /// The records shown, in the source's order.
    private var table = RecordTable<R>([])
    private var underlying: [UUID: Underlying] = [:]
    /// The edits still being written, per record in the order made, and each one's record by
    /// number: an import lays thousands at once, and each step touches only its own record's.
    private var overlays: [UUID: [Overlay]] = [:]
    private var overlaidRecord: [Int: UUID] = [:]
    private var overlaysAdded = 0
    /// Writes that returned while a load was in flight, numbered, to lay over that load.
    private var returnedWrites: [(number: Int, edit: Edit)] = []
    private var writesReturned = 0
    /// The open conflict of this kind of record, if any.
    private(set) var conflict: EditConflict<R>?
    /// Versions replaced lately: the bases that edits begun on them merge from.
    private var versions = RecordVersions<R>()

    init(_ gateway: RecordGateway<R>, in store: DomainStore) {
        self.gateway = gateway
        self.store = store
    }

    /// The records shown, in table order (the table itself: a copy shares its records).
    var records: RecordTable<R> { table }

    subscript(id: UUID) -> R? { table[id] }

    // MARK: The source

    /// Marks the start of a load; pass it to `show` with the load's records.
    func loadMark() -> Int { writesReturned }

    /// Shows freshly loaded records, with the writes that returned after the load started, and
    /// the overlays, laid over them.
    func show(_ records: RecordTable<R>, loadedFrom mark: Int) {
        table = records
        for write in returnedWrites where write.number > mark {
            if let record = Self.newer(table[write.edit.id], write.edit.record) { table.upsert(record) } else { table.remove(write.edit.id) }
        }
        returnedWrites.removeAll { $0.number <= mark }
        for id in Array(underlying.keys) {
            underlying[id] = Underlying(record: table[id], position: table.index(of: id))
            if let record = resolved(id) { table.upsert(record) } else { table.remove(id) }
        }
    }

    /// Applies one change the source published (a record of this kind stored or deleted).
    func apply(_ change: RecordChange) {
        changeSource(change.id, to: change.mutation.savedRecord(as: R.self))
    }

    /// Takes `incoming` (`nil`: deleted) as the source's record `id`, unless it is older than
    /// the one held, and shows the outcome.
    private func changeSource(_ id: UUID, to incoming: R?) {
        if let source = underlying[id] {
            let newer = Self.newer(source.record, incoming)
            remember(source.record, replacedBy: newer)
            underlying[id] = Underlying(record: newer, position: source.position)
            settle(id)
        } else {
            let newer = Self.newer(table[id], incoming)
            remember(table[id], replacedBy: newer)
            set(id, newer)
        }
    }

    /// Keeps the source's record `old` as a version an edit may have started from.
    private func remember(_ old: R?, replacedBy new: R?) {
        if let old, old != new { versions.remember(old) }
    }

    /// The record `edit` started from: the source's, or a version it replaced lately.
    private func base(of edit: R) -> R? {
        let source = underlying[edit.id].map(\.record) ?? table[edit.id]
        if let source, source.version == edit.version { return source }
        return versions.record(edit.id, version: edit.version)
    }

    /// What the source shows after a change of a record it holds as `current`: a deletion
    /// (`incoming` `nil`) removes it; a stored record replaces it unless it is older. One of the
    /// same version replaces it too: an edit made offline that lost to another machine's is
    /// replaced in the local copy by theirs, at the same version.
    private static func newer(_ current: R?, _ incoming: R?) -> R? {
        guard let incoming else { return nil }
        if let current, current.version > incoming.version { return current }
        return incoming
    }

    // MARK: Editing

    func create(_ record: R, title: String, undoable: Bool = true) async -> EditOutcome {
        let gateway = self.gateway
        return await perform(.save(record), before: nil, title: title, undoable: undoable) { (try await gateway.create(record), nil) }
    }

    func update(_ record: R, title: String, undoable: Bool = true) async -> EditOutcome {
        let gateway = self.gateway
        return await change(record, title: title, undoable: undoable) { try await gateway.update(record) }
    }

    /// Shows `edited` at once and saves it with `write` (a repository call that stores it, such
    /// as saving a subtask, and returns the stored record).
    func change(_ edited: R, title: String, undoable: Bool = true,
                write: @escaping @Sendable () async throws -> R) async -> EditOutcome {
        guard let before = self[edited.id] else {
            // Shown before (it has a version) and gone since: deleted meanwhile.
            guard let deleted = base(of: edited) else { return .failed(.notLoaded(R.kind, id: edited.id)) }
            return openConflict(EditConflict(base: deleted, yours: edited, current: nil, fields: [],
                                             writer: store.writer(of: edited.id), title: title))
        }
        return await perform(.save(edited), before: before, title: title, undoable: undoable) { (try await write(), nil) }
    }

    /// Deletes the record with `id`. A record kept in a table is deleted as a change set, whose
    /// inverse is its undo: that brings back with it what went with it (its notes) and what
    /// deleting it unlinked.
    func delete(id: UUID, title: String, undoable: Bool = true) async -> EditOutcome {
        guard let before = self[id] else { return .failed(.notLoaded(R.kind, id: id)) }
        guard let type = R.self as? any TableRecord.Type else {
            let gateway = self.gateway
            return await perform(.remove(id), before: before, title: title, undoable: undoable) {
                try await gateway.delete(id)
                return (nil, nil)
            }
        }
        var deletion = RecordChangeSet()
        deletion.delete(type, id: id)
        let records = store.context.records, wedding = store.weddingID, changes = deletion
        // Named as a plain deletion of the record is, so the journal reads the same.
        let operation = CacheOperation(.deleted, R.kind, in: wedding).name
        return await perform(.remove(id), before: before, title: title, undoable: undoable) {
            (nil, try await records.commit(changes, operation: operation, in: wedding).inverse)
        }
    }

    /// Commits `inverse`, the change set that takes back the deletion of `deleted`, showing
    /// `deleted` again at once.
    private func undoDeletion(of deleted: R, with inverse: RecordChangeSet, title: String) async -> EditOutcome {
        let records = store.context.records, wedding = store.weddingID, id = deleted.id
        let operation = CacheOperation(.created, R.kind, in: wedding).name
        return await perform(.save(deleted), before: nil, title: title, undoable: true) {
            let committed = try await records.commit(inverse, operation: operation, in: wedding)
            return (committed.changes.lazy.compactMap { $0.id == id ? $0.mutation.savedRecord(as: R.self) : nil }.first, nil)
        }
    }

    /// Shows `records` at once and runs the all-or-nothing `write`, whose stored records then
    /// replace the ones shown. Not undoable.
    func importRecords(_ records: [R], write: @escaping @Sendable () async throws -> ImportOutcome<R>)
        async -> Result<ImportSummary, StoreError> {
        guard !store.isClosed else { return .failure(.closed) }
        let numbers = store.batchingRecordChanges { records.map { addOverlay(.save($0)) } }
        let written: Result<ImportOutcome<R>, StoreError>
        do {
            written = .success(try await write())
        } catch {
            written = .failure(StoreError(error))
        }
        return await store.landing {
            guard !self.store.isClosed else { return written.map(\.summary) }
            self.store.batchingRecordChanges {
                switch written {
                case .success(let outcome):
                    for (number, stored) in zip(numbers, outcome.stored) { self.written(number, as: .save(stored)) }
                case .failure:
                    for number in numbers { self.removeOverlay(number) }
                }
            }
            return written.map(\.summary)
        }
    }

    /// Shows `edit` at once and runs `write`, which returns the record stored (`nil`: deleted)
    /// and, for a change set, the change set that takes it back.
    private func perform(_ edit: Edit, before: R?, title: String, undoable: Bool,
                         write: @escaping @Sendable () async throws -> (R?, RecordChangeSet?)) async -> EditOutcome {
        guard !store.isClosed else { return .failed(.closed) }
        let number = addOverlay(edit)
        let answer: Result<(R?, RecordChangeSet?), any Error>
        do {
            answer = .success(try await write())
        } catch {
            answer = .failure(error)
        }
        return await store.landing {
            switch answer {
            case .success(let (stored, inverse)):
                guard !self.store.isClosed else { return .saved }
                self.written(number, as: stored.map { .save($0) } ?? edit)
                if undoable, let inverse, let before {
                    self.store.recordUndo(UndoStep(title: Self.named(title, before)) {
                        await self.undoDeletion(of: before, with: inverse, title: title)
                    })
                } else if undoable, let step = self.undoStep(title, before: before, after: stored) {
                    self.store.recordUndo(step)
                }
                return .saved
            case .failure(let error):
                guard !self.store.isClosed else { return .failed(StoreError(error)) }
                self.removeOverlay(number)
                if case let .save(yours) = edit, before != nil, Self.isLost(error, editing: yours.id) {
                    return await self.merge(yours, title: title, undoable: undoable)
                }
                return .failed(StoreError(error))
            }
        }
    }

    /// The change that takes back a saved one; it records the step that takes it back in turn
    /// (see `DomainStore.recordUndo`), which is what redo does.
    private func undoStep(_ title: String, before: R?, after: R?) -> UndoStep? {
        switch (before, after) {
        case let (nil, created?):
            return UndoStep(title: Self.named(title, created)) { await self.delete(id: created.id, title: title) }
        case let (deleted?, nil):
            return UndoStep(title: Self.named(title, deleted)) { await self.create(deleted, title: title) }
        case let (old?, new?) where old != new:
            return UndoStep(title: Self.named(title, new)) { await self.takeBack(new, restoring: old, title: title) }
        default:
            return nil
        }
    }

    /// Takes back the change that made `saved` out of `old`: a merge whose base is `saved`, yours
    /// `old` and theirs the record as it is now, so the fields this change set go back and what
    /// anyone changed since stays. A field changed since to something else is asked about.
    private func takeBack(_ saved: R, restoring old: R, title: String) async -> EditOutcome {
        guard let current = self[saved.id] else {
            return openConflict(EditConflict(base: saved, yours: old, current: nil, fields: [],
                                             writer: store.writer(of: saved.id), title: title))
        }
        return await save(merging: old, from: saved, into: current, title: title, undoable: true)
    }

    /// Saves the merge of `mine`, an edit of `base`, into `current`: written when it merges on
    /// its own (`.merged` names what of theirs it kept), the dialog's conflict otherwise.
    private func save(merging mine: R, from base: R?, into current: R, title: String, undoable: Bool) async -> EditOutcome {
        let result: RecordMergeResult<R>
        do {
            result = try RecordMerge.merge(base: base, mine: mine, theirs: current)
        } catch {
            return .failed(StoreError(error))
        }
        guard result.isClean else {
            return openConflict(EditConflict(base: base, yours: mine, current: current, fields: result.conflicts,
                                             writer: store.writer(of: current.id), title: title))
        }
        let theirs = base == nil ? "" : FieldPath.fieldsInWords(result.theirChanges)
        guard !theirs.isEmpty else { return await update(result.merged, title: title, undoable: undoable) }
        let who = store.writer(of: current.id)?.name ?? "another session"
        let remark = "merged with \(who.possessive) change to \(theirs)"
        let outcome = await update(result.merged, remarking: remark, title: title, undoable: undoable)
        return outcome == .saved ? .merged(remark) : outcome
    }

    /// Saves `record` as `update` does, with `remark` said after the change in the activity feed.
    private func update(_ record: R, remarking remark: String, title: String, undoable: Bool) async -> EditOutcome {
        var changes = RecordChangeSet()
        if let wedding = record as? Wedding {
            changes.updateWedding(wedding)
        } else if let tableRecord = record as? any TableRecord {
            changes.update(tableRecord)
        }
        changes.remark = remark
        let records = store.context.records, wedding = store.weddingID, id = record.id, gateway = self.gateway, saved = changes
        // Named as a plain update of the record is, so the journal reads the same.
        let operation = (R.kind == .wedding ? CacheOperation(.weddingSettingsUpdated, in: wedding)
                                            : CacheOperation(.updated, R.kind, in: wedding)).name
        return await change(record, title: title, undoable: undoable) {
            let committed = try await records.commit(saved, operation: operation, in: wedding)
            // Nothing written (the merge equals what is stored): the stored record stands.
            guard let stored = committed.changes.lazy.compactMap({ $0.id == id ? $0.mutation.savedRecord(as: R.self) : nil }).first
            else { return try await gateway.fetch(id) }
            return stored
        }
    }

    /// An undo step's title with the record it changed: "RSVP: Caleb Brooks".
    private static func named(_ title: String, _ record: R) -> String {
        guard let described = record as? any ActivityDescribed else { return title }
        return "\(title): \(described.activityName)"
    }

    /// Whether `error`, from writing an edit of record `id`, means someone else got there first:
    /// the record changed (a stale version) or was deleted.
    private static func isLost(_ error: any Error, editing id: UUID) -> Bool {
        switch error {
        case let RepositoryError.conflict(kind, conflicting, _, _), let RepositoryError.notFound(kind, conflicting):
            return kind == R.kind && conflicting == id
        default:
            return false
        }
    }

    // MARK: Conflicts

    /// `yours` lost to someone else's change of its record: merges it with the record as it is
    /// stored now, from the version it started from.
    private func merge(_ yours: R, title: String, undoable: Bool) async -> EditOutcome {
        let base = base(of: yours)
        let fetched: Result<R, any Error>
        do {
            fetched = .success(try await gateway.fetch(yours.id))
        } catch {
            fetched = .failure(error)
        }
        return await store.landing {
            switch fetched {
            case .success(let current):
                guard !self.store.isClosed else { return .conflict }
                self.changeSource(current.id, to: current)
                return await self.save(merging: yours, from: base, into: current, title: title, undoable: undoable)
            case .failure(RepositoryError.notFound):
                guard !self.store.isClosed else { return .conflict }
                self.changeSource(yours.id, to: nil)
                return self.openConflict(EditConflict(base: base, yours: yours, current: nil, fields: [],
                                                      writer: self.store.writer(of: yours.id), title: title))
            case .failure(let error):
                return .failed(StoreError(error))
            }
        }
    }

    private func openConflict(_ conflict: EditConflict<R>) -> EditOutcome {
        self.conflict = conflict
        store.conflictOpened(in: self)
        store.noteChange()
        return .conflict
    }

    var conflictSummary: ConflictSummary? { conflict?.summary }

    func dismissConflict() {
        conflict = nil
    }

    func resolveConflict(choosing choose: @escaping (FieldPath) -> MergeSide?) async -> EditOutcome {
        guard let conflict else { return .failed(.noConflict) }
        self.conflict = nil
        guard let current = conflict.current else {
            return await create(conflict.yours, title: conflict.title)
        }
        do {
            let merged = try RecordMerge.merge(base: conflict.base, mine: conflict.yours, theirs: current) { choose($0) ?? .theirs }
            return await update(merged.merged, title: conflict.title)
        } catch {
            return .failed(StoreError(error))
        }
    }

    // MARK: Overlays

    private func addOverlay(_ edit: Edit) -> Int {
        overlaysAdded += 1
        let id = edit.id
        if underlying[id] == nil { underlying[id] = Underlying(record: table[id], position: table.index(of: id)) }
        overlays[id, default: []].append(Overlay(number: overlaysAdded, edit: edit))
        overlaidRecord[overlaysAdded] = id
        settle(id)
        store.noteChange()
        return overlaysAdded
    }

    /// Shows `record`, which the store's own repository call just made and stored (a document
    /// attached: its id and contents come from the write, so no overlay could show it before).
    func showWritten(_ record: R) {
        sourceWrote(.save(record))
    }

    /// Takes the overlay's returned write as the source's record: what was stored, or the deletion.
    private func written(_ number: Int, as stored: Edit) {
        dropOverlay(number)
        sourceWrote(stored)
    }

    /// Takes a write of this store that returned as the source's record.
    private func sourceWrote(_ stored: Edit) {
        if store.isLoading {
            writesReturned += 1
            returnedWrites.append((writesReturned, stored))
        }
        changeSource(stored.id, to: stored.record)
        store.noteChange()
    }

    private func removeOverlay(_ number: Int) {
        guard let id = dropOverlay(number) else { return }
        settle(id)
        store.noteChange()
    }

    /// Forgets overlay `number`; returns the id of its record, `nil` if it was gone already.
    @discardableResult
    private func dropOverlay(_ number: Int) -> UUID? {
        guard let id = overlaidRecord.removeValue(forKey: number) else { return nil }
        overlays[id]?.removeAll { $0.number == number }
        if overlays[id]?.isEmpty == true { overlays[id] = nil }
        return id
    }

    /// Shows what record `id` is now: the source's with its overlays laid over, in order.
    private func settle(_ id: UUID) {
        if overlays[id] != nil {
            set(id, resolved(id), at: underlying[id]?.position)
        } else if let source = underlying.removeValue(forKey: id) {
            set(id, source.record, at: source.position)
        }
    }

    /// The source's record `id` with its overlays applied (an edit of an older version than the
    /// source's is passed over: it will fail as a conflict).
    private func resolved(_ id: UUID) -> R? {
        var value = underlying[id]?.record
        for overlay in overlays[id] ?? [] {
            switch overlay.edit {
            case .save(let record):
                if let shown = value, shown.version > record.version { continue }
                value = record
            case .remove:
                value = nil
            }
        }
        return value
    }

    /// Shows `value` as record `id` (a record not shown goes at `position`, else last) and
    /// reports the change.
    private func set(_ id: UUID, _ value: R?, at position: Int? = nil) {
        let old = table[id]
        guard old != value else { return }
        let oldPosition = table.index(of: id)
        if let value { table.upsert(value, at: position) } else { table.remove(id) }
        guard let rowChanged else { return store.recordChanged() }
        rowChanged(old, value) { other in other == id && value == nil ? oldPosition! : self.table.index(of: other)! }
    }
}
