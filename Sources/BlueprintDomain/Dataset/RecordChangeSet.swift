import Foundation

/// Records of any kinds created, updated and deleted together, in order, as one transaction:
/// a change that is one step for the user (a household moved to another table, a scenario made
/// the live budget) and is undone as one.
public struct RecordChangeSet: Sendable {
    /// One change of the set.
    public enum Step: Sendable {
        case create(any TableRecord)
        /// Puts back a deleted record, keeping its creation time (undoing a deletion).
        case recreate(any TableRecord)
        /// Saves a record that must still be at its version.
        case update(any TableRecord)
        case delete(any TableRecord.Type, id: UUID)
        /// Saves the wedding's settings, version-checked.
        case updateWedding(Wedding)
    }

    public private(set) var steps: [Step] = []
    /// How the activity feed tells the whole set when it is one action a person took, in words
    /// of its own ("made scenario “Smaller venue” live") rather than by the records it changes.
    public var action: ActivityChange?
    /// What the activity feed says after the set's changes ("merged with Mei's change to phone").
    public var remark: String?

    public init() {}

    public var isEmpty: Bool { steps.isEmpty }

    public mutating func create(_ record: some TableRecord) { steps.append(.create(record)) }
    public mutating func recreate(_ record: some TableRecord) { steps.append(.recreate(record)) }
    public mutating func update(_ record: some TableRecord) { steps.append(.update(record)) }
    public mutating func delete<R: TableRecord>(_ type: R.Type, id: UUID) { steps.append(.delete(type, id: id)) }
    public mutating func updateWedding(_ wedding: Wedding) { steps.append(.updateWedding(wedding)) }
    public mutating func append(_ other: RecordChangeSet) { steps += other.steps }
    /// Creates the batch's new records and updates its changed ones.
    public mutating func apply<R: TableRecord>(_ batch: ImportBatch<R>) {
        for record in batch.inserts { create(record) }
        for record in batch.updates { update(record) }
    }
}

/// What committing a change set did: each record stored or deleted (unlinking included), and
/// the change set that takes it all back.
public struct CommittedChanges: Sendable {
    public let changes: [RecordChange]
    public let inverse: RecordChangeSet

    public init(changes: [RecordChange], inverse: RecordChangeSet) {
        self.changes = changes
        self.inverse = inverse
    }
}

extension WeddingTransaction {
    /// Applies `changeSet` in order and returns the change set that takes all of it back
    /// (including what deleting unlinked): re-creating what was deleted, then restoring what was
    /// updated, then deleting what was created.
    public func apply(_ changeSet: RecordChangeSet) throws -> CommittedChanges {
        let firstChange = changes.count
        priorRecords = [:]
        defer { priorRecords = nil }
        for step in changeSet.steps {
            switch step {
            case .create(let record): try insert(record)
            case .recreate(let record): try reinsert(record)
            case .update(let record): try update(record)
            case .delete(let type, let id): try delete(type, id: id)
            case .updateWedding(let wedding): try updateWedding(wedding)
            }
        }
        if let action = changeSet.action { tell(action) }
        if let remark = changeSet.remark { self.remark(remark) }
        var seen: Set<RecordIdentity> = []
        var recreate = RecordChangeSet(), restore = RecordChangeSet(), remove = RecordChangeSet()
        // Last change first: what was deleted early (a rule naming a guest) is re-created after
        // what it needs (the guest deleted after it).
        for change in changes[firstChange...].reversed() {
            let kind = change.mutation.kind, id = change.mutation.recordID
            let identity = RecordIdentity(kind: kind, id: id)
            guard seen.insert(identity).inserted else { continue }
            let prior = priorRecords?[identity] ?? nil
            guard let type = WeddingDataset.tableRecordType(of: kind) else {
                guard var restored = prior as? Wedding else { continue }
                restored.version = dataset.wedding.version
                restore.updateWedding(restored)
                continue
            }
            Self.invert(type, id: id, before: prior, after: dataset, recreate: &recreate, restore: &restore, remove: &remove)
        }
        recreate.append(restore)
        recreate.append(remove)
        return CommittedChanges(changes: Array(changes[firstChange...]), inverse: recreate)
    }

    private static func invert<R: TableRecord>(_ type: R.Type, id: UUID, before: (any Sendable)?, after: WeddingDataset,
                                               recreate: inout RecordChangeSet, restore: inout RecordChangeSet,
                                               remove: inout RecordChangeSet) {
        switch (before as? R, after[keyPath: R.collection][id]) {
        case let (old?, new?):
            var restored = old
            restored.version = new.version
            restore.update(restored)
        case let (old?, nil): recreate.recreate(old)
        case (nil, _?): remove.delete(R.self, id: id)
        case (nil, nil): break
        }
    }
}

/// A record's kind and id: what names one record across kinds.
struct RecordIdentity: Hashable {
    let kind: RecordKind
    let id: UUID
}
