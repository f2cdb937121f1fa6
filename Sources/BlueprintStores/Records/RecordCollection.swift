import BlueprintDomain
import Foundation

/// One kind of record as a store shows it: the last load, with the store's own edits laid over it.
///
/// An edit shows at once as a pending layer. When its write returns, the layer holds what was
/// stored and stays over every load that started before that, so a reload in flight never
/// hides the edit or brings back what it replaced; a load that started later holds it and
/// drops the layer. A failed write just removes its layer: that is the rollback. Where a layer
/// and the load disagree about a record, the higher version wins, and a layer stays while a
/// load still holds an older version of one of its records (a cache not yet told of a change
/// made elsewhere).
@MainActor
final class RecordCollection<R: Record>: ConflictHolder {
    private enum Edit {
        case save(R)
        case remove(UUID)
    }

    private struct Layer {
        let number: Int
        var edits: [Edit]
        /// `confirmations` when the write returned; `nil` while it is pending.
        var confirmed: Int?
    }

    let gateway: RecordGateway<R>
    private unowned let store: DomainStore
    /// The last load's records, as the repository gave them (each id once, as its tables hold them).
    private var loadedRecords: [R] = []
    /// `loadedRecords` by id, made the first time a record is looked up: building it for 10k
    /// guests took 3 ms before the first frame, which needs only the records in order.
    private var loadedTable: RecordTable<R>?
    private var layers: [Layer] = []
    private var layersAdded = 0
    private var confirmations = 0
    /// The load with every layer applied, made when first needed after a change.
    private var layeredTable: RecordTable<R>?
    /// The open conflict of this kind of record, if any.
    private(set) var conflict: EditConflict<R>?

    init(_ gateway: RecordGateway<R>, in store: DomainStore) {
        self.gateway = gateway
        self.store = store
    }

    /// The records shown, in table order. The tables are only ever replaced, never changed
    /// in place, so the array shares their storage rather than copying every record.
    var records: [R] { layers.isEmpty ? loadedRecords : table.recordsSharingStorage }

    subscript(id: UUID) -> R? { table[id] }

    /// The last load by id.
    private var loaded: RecordTable<R> {
        if let loadedTable { return loadedTable }
        let table = RecordTable(loadedRecords)
        loadedTable = table
        return table
    }

    /// The records shown: the load with every layer applied.
    private var table: RecordTable<R> {
        if layers.isEmpty { return loaded }
        if let layeredTable { return layeredTable }
        var table = loaded
        for edit in layers.lazy.flatMap(\.edits) {
            switch edit {
            case let .save(record):
                if let shown = table[record.id], shown.version > record.version { continue }
                table.upsert(record)
            case let .remove(id):
                table.remove(id)
            }
        }
        layeredTable = table
        return table
    }

    // MARK: Loading

    /// Marks the start of a load; pass it to `show` with the load's records.
    func loadMark() -> Int { confirmations }

    /// Shows freshly loaded records, dropping the layers they hold.
    func show(_ records: [R], loadedFrom mark: Int) {
        loadedRecords = records
        loadedTable = nil
        layers.removeAll { layer in
            guard let confirmed = layer.confirmed, confirmed <= mark else { return false }
            return layer.edits.allSatisfy(isHeldByLoad)
        }
        layeredTable = nil
    }

    /// Whether the load holds `edit`: the record at its version or newer, or gone since.
    private func isHeldByLoad(_ edit: Edit) -> Bool {
        guard case let .save(record) = edit, let loadedRecord = loaded[record.id] else { return true }
        return loadedRecord.version >= record.version
    }

    // MARK: Editing

    func create(_ record: R, title: String, undoable: Bool = true) async -> EditOutcome {
        let gateway = self.gateway
        return await perform(.save(record), before: nil, title: title, undoable: undoable) { try await gateway.create(record) }
    }

    func update(_ record: R, title: String, undoable: Bool = true) async -> EditOutcome {
        let gateway = self.gateway
        return await change(record, title: title, undoable: undoable) { try await gateway.update(record) }
    }

    /// Shows `edited` at once and saves it with `write` (a repository call that stores it, such
    /// as saving a subtask, and returns the stored record).
    func change(_ edited: R, title: String, undoable: Bool = true,
                write: @escaping @Sendable () async throws -> R) async -> EditOutcome {
        guard let before = self[edited.id] else { return .failed(.notLoaded(R.kind, id: edited.id)) }
        return await perform(.save(edited), before: before, title: title, undoable: undoable) { try await write() }
    }

    func delete(id: UUID, title: String, undoable: Bool = true) async -> EditOutcome {
        guard let before = self[id] else { return .failed(.notLoaded(R.kind, id: id)) }
        let gateway = self.gateway
        return await perform(.remove(id), before: before, title: title, undoable: undoable) {
            try await gateway.delete(id)
            return nil
        }
    }

    /// Shows `records` at once, runs the all-or-nothing `write`, then reloads the store so the
    /// stored versions replace the ones shown. Not undoable.
    func importRecords(_ records: [R], write: @escaping @Sendable () async throws -> ImportSummary)
        async -> Result<ImportSummary, StoreError> {
        guard !store.isClosed else { return .failure(.closed) }
        let layer = addLayer(records.map { .save($0) })
        do {
            let summary = try await write()
            guard !store.isClosed else { return .success(summary) }
            confirm(layer, as: nil)
            store.invalidate()
            await store.load(force: true)
            return .success(summary)
        } catch {
            removeLayer(layer)
            return .failure(StoreError(error))
        }
    }

    private func perform(_ edit: Edit, before: R?, title: String, undoable: Bool,
                         write: @escaping @Sendable () async throws -> R?) async -> EditOutcome {
        guard !store.isClosed else { return .failed(.closed) }
        let layer = addLayer([edit])
        do {
            let stored = try await write()
            guard !store.isClosed else { return .saved }
            confirm(layer, as: stored.map { [.save($0)] })
            if undoable, let step = undoStep(title, before: before, after: stored) { store.recordUndo(step) }
            store.invalidate()
            return .saved
        } catch {
            guard !store.isClosed else { return .failed(StoreError(error)) }
            removeLayer(layer)
            store.invalidate()
            if case let RepositoryError.conflict(kind, id, _, _) = error, kind == R.kind,
               case let .save(yours) = edit, yours.id == id {
                return await openConflict(yours: yours)
            }
            return .failed(StoreError(error))
        }
    }

    /// The change that takes back a saved one (it is written with `undoable: false`).
    private func undoStep(_ title: String, before: R?, after: R?) -> UndoStep? {
        switch (before, after) {
        case let (nil, created?):
            return UndoStep(title: title) { await self.delete(id: created.id, title: title, undoable: false) }
        case let (deleted?, nil):
            return UndoStep(title: title) { await self.create(deleted, title: title, undoable: false) }
        case let (old?, new?) where old != new:
            var restored = old
            restored.version = new.version
            return UndoStep(title: title) { await self.update(restored, title: title, undoable: false) }
        default:
            return nil
        }
    }

    // MARK: Conflicts

    private func openConflict(yours: R) async -> EditOutcome {
        let current: R
        do {
            current = try await gateway.fetch(yours.id)
        } catch {
            return .failed(StoreError(error))
        }
        guard !store.isClosed else { return .conflict }
        let layer = addLayer([.save(current)])
        confirm(layer, as: nil)
        conflict = EditConflict(yours: yours, current: current)
        store.conflictOpened(in: self)
        store.signalUpdate()
        return .conflict
    }

    func dismissConflict() {
        conflict = nil
    }

    func overwriteConflict() async -> EditOutcome {
        guard let conflict else { return .failed(.noConflict) }
        self.conflict = nil
        var mine = conflict.yours
        mine.version = conflict.current.version
        return await update(mine, title: "overwrite \(R.kind.noun)")
    }

    // MARK: Layers

    private func addLayer(_ edits: [Edit]) -> Int {
        layersAdded += 1
        layers.append(Layer(number: layersAdded, edits: edits))
        changed()
        return layersAdded
    }

    /// Marks the layer's write as returned, replacing its edits with what was stored if given.
    private func confirm(_ number: Int, as stored: [Edit]?) {
        guard let index = layers.firstIndex(where: { $0.number == number }) else { return }
        confirmations += 1
        layers[index].confirmed = confirmations
        if let stored { layers[index].edits = stored }
        changed()
    }

    private func removeLayer(_ number: Int) {
        layers.removeAll { $0.number == number }
        changed()
    }

    private func changed() {
        layeredTable = nil
        store.recordsDidChange()
    }
}
