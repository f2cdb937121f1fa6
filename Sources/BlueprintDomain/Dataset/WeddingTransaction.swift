import Foundation

/// A set of checked changes to one wedding's data that succeed or fail together.
///
/// Every change is validated, version-checked and recorded as a `Mutation` for the journal.
/// If the body of `WeddingDataset.transaction` throws, the changes made so far are undone
/// (in O(changes), not O(collection), so an edit's cost does not grow with the wedding).
public final class WeddingTransaction {
    public private(set) var dataset: WeddingDataset
    /// What the transaction stored and deleted so far, with each record's previous version.
    public private(set) var changes: [RecordChange] = []
    /// What the changes so far did, for the activity feed.
    public private(set) var activity = ActivitySummary()
    /// The time stamped on created and updated records.
    public let now: Timestamp
    private var undoLog: [(inout WeddingDataset) -> Void] = []
    /// How many deletions are under way: a change made inside one followed from it.
    private var deletionDepth = 0
    /// While a change set is applied: each record it touched as it was before, by kind and id
    /// (`nil` for one it created), so its inverse is made without copying whole tables.
    var priorRecords: [RecordIdentity: (any Sendable)?]?

    fileprivate init(dataset: WeddingDataset, now: Timestamp) {
        self.dataset = dataset
        self.now = now
    }

    /// Adds a new record: validates it and stamps version 1 and the creation time.
    @discardableResult
    public func insert<R: TableRecord>(_ record: R) throws -> R {
        try insert(record, createdAt: now)
    }

    /// Puts a deleted record back at version 1, keeping when it was first created (a note undone
    /// back into the list still says when it was written).
    @discardableResult
    public func reinsert<R: TableRecord>(_ record: R) throws -> R {
        try insert(record, createdAt: record.createdAt)
    }

    private func insert<R: TableRecord>(_ record: R, createdAt: Timestamp) throws -> R {
        if let existing = dataset[keyPath: R.collection][record.id] {
            throw RepositoryError.conflict(R.kind, id: record.id, expected: 0, actual: existing.version)
        }
        var stored = record
        stored.createdAt = createdAt
        stored.updatedAt = now
        stored.version = 1
        try check(stored)
        write(stored)
        return stored
    }

    /// Replaces a record that must still be at `record.version`; the stored copy gets the next
    /// version. A record whose content did not change is returned as stored, with nothing written.
    @discardableResult
    public func update<R: TableRecord>(_ record: R) throws -> R {
        guard let existing = dataset[keyPath: R.collection][record.id] else { throw RepositoryError.notFound(R.kind, id: record.id) }
        guard existing.version == record.version else {
            throw RepositoryError.conflict(R.kind, id: record.id, expected: record.version, actual: existing.version)
        }
        var stored = record
        stored.createdAt = existing.createdAt
        stored.updatedAt = existing.updatedAt
        if stored == existing { return existing }
        stored.updatedAt = max(now, existing.updatedAt)
        stored.version = existing.version + 1
        try check(stored)
        write(stored)
        return stored
    }

    /// Makes room for `count` more records of type `R` and as many changes: for a large batch
    /// (an import), whose table and change list would otherwise grow by doubling.
    public func reserveCapacity<R: TableRecord>(_ type: R.Type, adding count: Int) {
        dataset[keyPath: R.collection].reserveCapacity(adding: count)
        changes.reserveCapacity(changes.count + count)
        undoLog.reserveCapacity(undoLog.count + count)
    }

    /// Removes a record, refusing or unlinking what points at it as `R.references` declares. The
    /// notes about it go with it; its documents stay, attached to the wedding.
    public func delete<R: TableRecord>(_ type: R.Type, id: UUID) throws {
        guard dataset[keyPath: R.collection][id] != nil else { throw RepositoryError.notFound(R.kind, id: id) }
        let followed = deletionDepth > 0
        deletionDepth += 1
        defer { deletionDepth -= 1 }
        for reference in R.references { try reference.refuseDeletion(of: id, in: dataset) }
        for reference in R.references { try reference.unlink(id, in: self) }
        try detachAttachments(from: .record(R.kind, id))
        let index = dataset[keyPath: R.collection].index(of: id)!
        let removed = dataset[keyPath: R.collection].remove(id)!
        remember(R.kind, id, before: removed)
        undoLog.append { $0[keyPath: R.collection].upsert(removed, at: index) }
        changes.append(RecordChange(.delete(R.self, id: id), previousVersion: removed.version))
        activity.record(R.kind, .deleted, followed: followed) {
            R.activityChange(from: removed, to: nil, in: ActivityContext(dataset))
        }
    }

    /// Saves the wedding's settings; version-checked like any record.
    @discardableResult
    public func updateWedding(_ wedding: Wedding) throws -> Wedding {
        let existing = dataset.wedding
        guard existing.version == wedding.version else {
            throw RepositoryError.conflict(.wedding, id: wedding.id, expected: wedding.version, actual: existing.version)
        }
        var stored = wedding
        stored.createdAt = existing.createdAt
        stored.updatedAt = existing.updatedAt
        if stored == existing { return existing }
        stored.updatedAt = max(now, existing.updatedAt)
        stored.version = existing.version + 1
        let issues = stored.validationIssues(in: dataset)
        guard issues.isEmpty else { throw RepositoryError.invalid(.wedding, issues) }
        undoLog.append { $0.wedding = existing }
        remember(.wedding, wedding.id, before: existing)
        dataset.wedding = stored
        changes.append(RecordChange(.saveWedding(stored), previousVersion: existing.version))
        activity.record(.wedding, .changed, followed: deletionDepth > 0) {
            Wedding.activityChange(from: existing, to: stored, in: ActivityContext(dataset))
        }
        return stored
    }

    /// Tells the transaction in the activity feed as the one action `action`, whatever it changed.
    func tell(_ action: ActivityChange) {
        activity.tell(action)
    }

    /// Has the activity feed say `remark` after what the transaction changed.
    public func remark(_ remark: String) {
        activity.remark(remark)
    }

    /// Clears `link` in every record of its table that points at `id`, as versioned updates.
    func unlink<R: TableRecord>(_ link: WritableKeyPath<R, UUID?>, from id: UUID) throws {
        for record in dataset[keyPath: R.collection].records where record[keyPath: link] == id {
            var unlinked = record
            unlinked[keyPath: link] = nil
            try update(unlinked)
        }
    }

    /// Takes `id` out of `list` in every `R` that lists it; deletes those left with fewer than `minimum`.
    func remove<R: TableRecord>(_ id: UUID, from list: WritableKeyPath<R, [UUID]>, deletingHoldersBelow minimum: Int) throws {
        for record in dataset[keyPath: R.collection].records where record[keyPath: list].contains(id) {
            var changed = record
            changed[keyPath: list].removeAll { $0 == id }
            if changed[keyPath: list].count < minimum {
                try delete(R.self, id: record.id)
            } else {
                try update(changed)
            }
        }
    }

    /// Deletes the notes about `subject` and attaches its documents to the wedding, as versioned changes.
    private func detachAttachments(from subject: RecordSubject) throws {
        for note in dataset.notes.records where note.subject == subject { try delete(Note.self, id: note.id) }
        for document in dataset.documents.records where document.subject == subject {
            var moved = document
            moved.subject = .wedding
            try update(moved)
        }
    }

    /// Keeps the record as it was before its first change while a change set is applied.
    private func remember(_ kind: RecordKind, _ id: UUID, before record: (any Sendable)?) {
        guard priorRecords != nil else { return }
        let identity = RecordIdentity(kind: kind, id: id)
        if priorRecords?.index(forKey: identity) == nil { priorRecords?[identity] = .some(record) }
    }

    private func check<R: TableRecord>(_ record: R) throws {
        let issues = record.validationIssues(in: dataset)
        guard issues.isEmpty else { throw RepositoryError.invalid(R.kind, issues) }
    }

    private func write<R: TableRecord>(_ record: R) {
        let table = R.collection
        let previous = dataset[keyPath: table][record.id]
        remember(R.kind, record.id, before: previous)
        if let previous {
            undoLog.append { $0[keyPath: table].upsert(previous) }
        } else {
            undoLog.append { $0[keyPath: table].remove(record.id) }
        }
        dataset[keyPath: table].upsert(record)
        changes.append(RecordChange(.save(record), previousVersion: previous?.version))
        activity.record(R.kind, previous == nil ? .added : .changed, followed: deletionDepth > 0) {
            R.activityChange(from: previous, to: record, in: ActivityContext(dataset))
        }
    }

    fileprivate func rollBack() {
        for undo in undoLog.reversed() { undo(&dataset) }
        undoLog.removeAll()
        changes.removeAll()
        activity = ActivitySummary()
        priorRecords = nil
    }

    fileprivate func take() -> WeddingDataset {
        let taken = dataset
        dataset = WeddingDataset.placeholder
        return taken
    }
}

extension WeddingDataset {
    /// Runs `body` as one transaction. On success returns its result and the mutations to
    /// journal; if it throws, this dataset is unchanged and the error is rethrown.
    public mutating func transaction<T>(now: Timestamp = Timestamp(Date()),
                                        _ body: (WeddingTransaction) throws -> T) throws -> (result: T, mutations: [Mutation]) {
        let (result, changes, _) = try commit(now: now, body)
        return (result, changes.map(\.mutation))
    }

    /// Runs `body` as one transaction, as `transaction` does, and returns what it changed with
    /// each record's previous version, and what that did for the activity feed: what a source of
    /// truth journals and publishes for the commit.
    public mutating func commit<T>(now: Timestamp = Timestamp(Date()), _ body: (WeddingTransaction) throws -> T) throws
        -> (result: T, changes: [RecordChange], activity: ActivitySummary) {
        let transaction = WeddingTransaction(dataset: self, now: now)
        self = .placeholder
        do {
            let result = try body(transaction)
            let changes = transaction.changes
            let activity = transaction.activity
            self = transaction.take()
            return (result, changes, activity)
        } catch {
            transaction.rollBack()
            self = transaction.take()
            throw error
        }
    }

    /// An empty stand-in that lets a transaction own the real dataset's storage uniquely
    /// (so changing it does not copy whole tables).
    fileprivate static let placeholder = WeddingDataset(
        wedding: Wedding(id: WeddingID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))), name: "",
                         createdAt: Timestamp(millisecondsSince1970: 0)))
}
