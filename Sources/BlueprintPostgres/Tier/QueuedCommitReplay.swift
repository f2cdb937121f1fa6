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
    /// a change made since.
    @discardableResult
    static func apply(_ commit: QueuedCommit, to transaction: WeddingTransaction) throws -> Bool {
        try replay(commit, to: transaction, keepingMine: false)
    }

    /// "Keep mine": merged as `apply` merges, your values taken wherever both sides changed a
    /// field, so nothing you did not touch is reverted; a record deleted meanwhile is put back
    /// with your edit, and your deletion deletes theirs.
    static func applyKeepingMine(_ commit: QueuedCommit, to transaction: WeddingTransaction) throws {
        _ = try replay(commit, to: transaction, keepingMine: true)
    }

    private static func replay(_ commit: QueuedCommit, to transaction: WeddingTransaction, keepingMine: Bool) throws -> Bool {
        var merged = false
        for (change, base) in zip(commit.changes, commit.bases) {
            let step = Step(change: change, base: base, keepingMine: keepingMine)
            if case let .saveWedding(wedding) = change.mutation {
                let held = transaction.dataset.wedding
                if try step.replay(wedding, over: held, write: { try transaction.updateWedding($0) }) { merged = true }
            } else if let type = WeddingDataset.tableRecordType(of: change.kind) {
                if try step.replay(type, to: transaction) { merged = true }
            }
        }
        return merged
    }

    /// One change of the commit, with the record it started from.
    private struct Step {
        let change: RecordChange
        let base: Mutation?
        let keepingMine: Bool

        /// Writes the change to a table record; returns whether it was merged with theirs.
        func replay<R: TableRecord>(_ type: R.Type, to transaction: WeddingTransaction) throws -> Bool {
            let theirs = transaction.dataset[keyPath: R.collection][change.id]
            guard let mine = change.mutation.savedRecord(as: R.self) else {
                // Mine deletes it: gone on both sides is agreement; changed on theirs is a conflict.
                guard let theirs else { return false }
                if theirs.version != change.previousVersion, !keepingMine { throw conflict(R.kind, theirs.version) }
                try transaction.delete(R.self, id: change.id)
                return false
            }
            guard let theirs else {
                // Created here, or deleted on theirs while changed here.
                if change.previousVersion != nil, !keepingMine { throw conflict(R.kind, nil) }
                try transaction.reinsert(mine)
                return false
            }
            return try replay(mine, over: theirs) { try transaction.update($0) }
        }

        /// Writes `mine` over `theirs` (the record the database holds), merged by field from the
        /// record the edit started from; without that base (a commit queued before bases were
        /// kept), as it is when theirs is still at the version the edit started from. Returns
        /// whether their changes were merged in.
        func replay<R: Record>(_ mine: R, over theirs: R, write: (R) throws -> R) throws -> Bool {
            let base = base?.savedRecord(as: R.self)
            if base == nil, theirs.version == change.previousVersion {
                var written = mine
                written.version = theirs.version
                _ = try write(written)
                return false
            }
            let merge = try RecordMerge.merge(base: base, mine: mine, theirs: theirs) { _ in keepingMine ? .mine : nil }
            guard merge.isClean else { throw conflict(R.kind, theirs.version) }
            _ = try write(merge.merged)
            return !merge.theirChanges.isEmpty
        }

        private func conflict(_ kind: RecordKind, _ held: Int?) -> RepositoryError {
            .conflict(kind, id: change.id, expected: change.previousVersion ?? 0, actual: held ?? 0)
        }
    }
}
