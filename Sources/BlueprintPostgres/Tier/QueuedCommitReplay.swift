import BlueprintDomain
import BlueprintStorage
import Foundation
import Logging
import Synchronization

/// The commits made offline (`QueuedCommit`, in the local copy's outbox): sends them to the
/// database in order, keeps the ones it refuses as conflicts, settles those, and tells who
/// watches a wedding's conflicts. The database is any `WeddingDataHost` (a fake in tests).
///
/// Each commit is replayed in a database transaction. Each record is merged by field with the
/// database's (`RecordMerge`, from the record the edit started from, its base), so fields only
/// one side changed merge on their own and nothing the edit did not touch is written over, even
/// where a version number happens to match. A field both sides changed differently, a record
/// deleted on one side and changed on the other, or one created on both, is a
/// `RepositoryError.conflict` and the transaction writes nothing.
final class QueuedCommitReplay: Sendable {
    /// The local copy whose outbox is replayed.
    let copy: FileStore
    private let logger = Logger(label: "blueprint.tier")
    /// How many commits made offline were merged by field with changes made since, by wedding.
    private let mergedCounts = Mutex<[WeddingID: Int]>([:])
    /// Who is told when a wedding's conflicts may have changed.
    private let watchers = WeddingWatchers<Void>()

    init(copy: FileStore) {
        self.copy = copy
    }

    /// Pushes `wedding`'s queued commits to `database` in order, each merged by field where
    /// records moved on; one the database refuses for what it holds now is kept as a conflict
    /// and the rest go on. Those pushed (and kept) leave the queue, also when a failure stops
    /// the push (the rest wait for the next try; the failure is thrown). Returns the conflicts
    /// kept, for the caller to announce (`announceConflicts`) once the copy is brought up to date.
    func push(_ wedding: WeddingID, to database: some WeddingDataHost) async throws -> [QueuedCommit] {
        let queued = try await copy.queuedCommits(of: wedding).queued
        var pushed = 0
        var conflicts: [QueuedCommit] = []
        do {
            for commit in queued {
                do {
                    let merged = try await database.write(wedding, operation: commit.operation) { transaction in
                        try Self.apply(commit, to: transaction)
                    }
                    if merged { mergedCounts.withLock { $0[wedding, default: 0] += 1 } }
                } catch let error as RepositoryError where error.isRefusal {
                    logger.notice("an edit made offline conflicts with a change made since; kept",
                                  metadata: ["wedding": "\(wedding)", "operation": "\(commit.operation)", "error": "\(error)"])
                    conflicts.append(commit)
                }
                pushed += 1
            }
        } catch {
            try? await copy.settleQueue(of: wedding, pushed: pushed, conflicts: conflicts)
            throw error
        }
        try await copy.settleQueue(of: wedding, pushed: pushed, conflicts: conflicts)
        return conflicts
    }

    /// Settles a conflict in the outbox: keeping mine writes it to `database` merged with theirs
    /// (mine wherever both changed a field) and returns what that wrote, for the copy; taking
    /// theirs drops mine (nil: the copy is to be brought up to date).
    func settle(_ conflict: QueuedCommit, in wedding: WeddingID, keepingMine: Bool,
                with database: some WeddingDataHost) async throws -> (changes: [RecordChange], activity: ActivitySummary)? {
        var kept: (changes: [RecordChange], activity: ActivitySummary)?
        if keepingMine {
            kept = try await database.write(wedding, operation: conflict.operation) { transaction in
                try Self.applyKeepingMine(conflict, to: transaction)
                return (transaction.changes, transaction.activity)
            }
        }
        try await copy.settleQueue(of: wedding, pushed: 0, resolved: [conflict])
        return kept
    }

    /// The conflicts kept in `wedding`'s copy, as a person settles them: each with what keeping
    /// it would change in what the copy holds now.
    func offlineConflicts(in wedding: WeddingID) async throws -> [OfflineConflict] {
        let conflicts = try await copy.queuedCommits(of: wedding).conflicts
        guard !conflicts.isEmpty else { return [] }
        let theirs = try await copy.read(wedding) { $0 }
        return conflicts.enumerated().map { position, conflict in
            OfflineConflict(position: position, edit: ActivityEntry(at: conflict.at, author: conflict.author,
                                                                    operation: conflict.operation,
                                                                    summary: Self.keeping(conflict, over: theirs)))
        }
    }

    /// What keeping `conflict` (merged with `theirs`, yours where both changed a field) would
    /// change, in the activity feed's terms; counted from its records when it cannot be applied
    /// as it stands (a record it names is gone).
    private static func keeping(_ conflict: QueuedCommit, over theirs: WeddingDataset) -> ActivitySummary {
        var dataset = theirs
        let applied = try? dataset.commit(now: conflict.at) { transaction in
            try applyKeepingMine(conflict, to: transaction)
        }
        return applied?.activity ?? ActivitySummary(counting: conflict.changes)
    }

    /// How many commits made offline to `wedding` were sent merged by field with changes made
    /// since (each written as one new version, not a conflict).
    func merged(in wedding: WeddingID) -> Int {
        mergedCounts.withLock { $0[wedding] ?? 0 }
    }

    /// Told whenever `wedding`'s conflicts may have changed; ends with `finish()`.
    func conflictChanges(in wedding: WeddingID) -> AsyncStream<Void> {
        watchers.watch(wedding)
    }

    func announceConflicts(in wedding: WeddingID) {
        watchers.tell((), to: wedding)
    }

    /// Ends every conflict stream (the host is closing).
    func finish() {
        watchers.finish()
    }

    /// As queued, merged where a record moved on meanwhile. Returns whether any record took in
    /// a change made since; the activity feed then names its fields.
    @discardableResult
    static func apply(_ commit: QueuedCommit, to transaction: WeddingTransaction) throws -> Bool {
        let theirs = try replay(commit, to: transaction, keepingMine: false)
        guard !theirs.isEmpty else { return false }
        transaction.remark("merged with changes made meanwhile to \(FieldPath.fieldsInWords(theirs))")
        return true
    }

    /// "Keep mine": merged as `apply` merges, your values taken wherever both sides changed a
    /// field, so nothing you did not touch is reverted; a record deleted meanwhile is put back
    /// with your edit, and your deletion deletes theirs.
    static func applyKeepingMine(_ commit: QueuedCommit, to transaction: WeddingTransaction) throws {
        _ = try replay(commit, to: transaction, keepingMine: true)
    }

    /// Replays each change; returns the fields of changes made since that it took in.
    private static func replay(_ commit: QueuedCommit, to transaction: WeddingTransaction, keepingMine: Bool) throws -> [FieldPath] {
        var theirs: [FieldPath] = []
        for (change, base) in zip(commit.changes, commit.bases) {
            let step = Step(change: change, base: base, keepingMine: keepingMine)
            if case let .saveWedding(wedding) = change.mutation {
                let held = transaction.dataset.wedding
                theirs += try step.replay(wedding, over: held, write: { try transaction.updateWedding($0) })
            } else if let type = WeddingDataset.tableRecordType(of: change.kind) {
                theirs += try step.replay(type, to: transaction)
            }
        }
        return theirs
    }

    /// One change of the commit, with the record it started from.
    private struct Step {
        let change: RecordChange
        let base: Mutation?
        let keepingMine: Bool

        /// Writes the change to a table record; returns the fields of theirs it was merged with.
        func replay<R: TableRecord>(_ type: R.Type, to transaction: WeddingTransaction) throws -> [FieldPath] {
            let theirs = transaction.dataset[keyPath: R.collection][change.id]
            guard let mine = change.mutation.savedRecord(as: R.self) else {
                // Mine deletes it: gone on both sides is agreement; changed on theirs is a conflict.
                guard let theirs else { return [] }
                if theirs.version != change.previousVersion, !keepingMine { throw conflict(R.kind, theirs.version) }
                try transaction.delete(R.self, id: change.id)
                return []
            }
            guard let theirs else {
                // Created here, or deleted on theirs while changed here.
                if change.previousVersion != nil, !keepingMine { throw conflict(R.kind, nil) }
                try transaction.reinsert(mine)
                return []
            }
            return try replay(mine, over: theirs) { try transaction.update($0) }
        }

        /// Writes `mine` over `theirs` (the record the database holds), merged by field from the
        /// record the edit started from; without that base (a commit queued before bases were
        /// kept), as it is when theirs is still at the version the edit started from. Returns
        /// the fields of theirs merged in.
        func replay<R: Record>(_ mine: R, over theirs: R, write: (R) throws -> R) throws -> [FieldPath] {
            let base = base?.savedRecord(as: R.self)
            if base == nil, theirs.version == change.previousVersion {
                var written = mine
                written.version = theirs.version
                _ = try write(written)
                return []
            }
            let merge = try RecordMerge.merge(base: base, mine: mine, theirs: theirs) { _ in keepingMine ? .mine : nil }
            guard merge.isClean else { throw conflict(R.kind, theirs.version) }
            _ = try write(merge.merged)
            return merge.theirChanges
        }

        private func conflict(_ kind: RecordKind, _ held: Int?) -> RepositoryError {
            .conflict(kind, id: change.id, expected: change.previousVersion ?? 0, actual: held ?? 0)
        }
    }
}
