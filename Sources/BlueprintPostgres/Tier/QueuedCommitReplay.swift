import BlueprintDomain
import BlueprintStorage

/// Replays a commit made offline (a `QueuedCommit`) in a database transaction. Each record is
/// merged by field with the database's (`RecordMerge`, from the record the edit started from,
/// its base), so fields only one side changed merge on their own and nothing the edit did not
/// touch is written over, even where a version number happens to match. A field both sides
/// changed differently, a record deleted on one side and changed on the other, or one created
/// on both, is a `RepositoryError.conflict` and the transaction writes nothing.
enum QueuedCommitReplay {
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
