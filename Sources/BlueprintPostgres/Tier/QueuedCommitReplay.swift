import BlueprintDomain
import BlueprintStorage

/// Replays a commit made offline (a `QueuedCommit`'s changes) in a database transaction, each
/// record version-checked against the version the local copy had: a record someone changed or
/// deleted meanwhile is a `RepositoryError.conflict` and the transaction writes nothing.
enum QueuedCommitReplay {
    /// As queued: every change must find its record at its previous version.
    static func apply(_ changes: [RecordChange], to transaction: WeddingTransaction) throws {
        try replay(changes, to: transaction, over: false)
    }

    /// "Keep mine": each change written over whatever the database holds now (their version).
    static func applyOver(_ changes: [RecordChange], to transaction: WeddingTransaction) throws {
        try replay(changes, to: transaction, over: true)
    }

    private static func replay(_ changes: [RecordChange], to transaction: WeddingTransaction, over: Bool) throws {
        for change in changes {
            if case let .saveWedding(wedding) = change.mutation {
                let held = transaction.dataset.wedding.version
                var mine = wedding
                mine.version = over ? held : (change.previousVersion ?? held)
                _ = try transaction.updateWedding(mine)
            } else if let type = WeddingDataset.tableRecordType(of: change.kind) {
                try replay(type, change, to: transaction, over: over)
            }
        }
    }

    private static func replay<R: TableRecord>(_ type: R.Type, _ change: RecordChange, to transaction: WeddingTransaction,
                                               over: Bool) throws {
        let held = transaction.dataset[keyPath: R.collection][change.id]?.version
        if !over, held != change.previousVersion {
            throw RepositoryError.conflict(R.kind, id: change.id, expected: change.previousVersion ?? 0, actual: held ?? 0)
        }
        if let record = change.mutation.savedRecord(as: R.self) {
            if let held {
                var mine = record
                mine.version = held
                try transaction.update(mine)
            } else {
                try transaction.reinsert(record)
            }
        } else if held != nil {
            try transaction.delete(R.self, id: change.id)
        }
    }
}
