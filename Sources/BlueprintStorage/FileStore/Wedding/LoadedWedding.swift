import BlueprintDomain

/// What is known about one snapshot file as last read or written.
struct SnapshotState {
    /// The journal generation whose changes the file contains.
    var generation: Int
    var bytes: Int
}

/// A wedding's data as this process holds it, with the journal position it reflects.
final class LoadedWedding {
    var dataset: WeddingDataset
    var journal: JournalFile
    var snapshots: [SnapshotFile: SnapshotState]
    /// Files whose tables the journal has changed since they were last written.
    var dirtyFiles: Set<SnapshotFile> = []

    init(dataset: WeddingDataset, journal: JournalFile, snapshots: [SnapshotFile: SnapshotState]) {
        self.dataset = dataset
        self.journal = journal
        self.snapshots = snapshots
    }

    /// Bytes of the snapshot files: compaction rewrites (at most) this much.
    var snapshotBytes: Int { snapshots.values.reduce(0) { $0 + $1.bytes } }

    /// Applies journal entries to the tables whose files do not contain them yet (see
    /// `SnapshotFile`), and returns what each entry changed, in order (entries that changed
    /// nothing here are left out).
    func replay(_ entries: [JournalEntry]) -> [(entry: JournalEntry, changes: [RecordChange])] {
        var replayed: [(entry: JournalEntry, changes: [RecordChange])] = []
        for entry in entries {
            var changes: [RecordChange] = []
            for mutation in entry.mutations {
                let file = SnapshotFile(mutation.kind)
                guard (snapshots[file]?.generation ?? 0) < journal.generation else { continue }
                changes.append(dataset.apply(mutation))
                dirtyFiles.insert(file)
            }
            if !changes.isEmpty { replayed.append((entry, changes)) }
        }
        return replayed
    }

    /// Notes changes already applied to `dataset` and journaled.
    func committed(_ changes: [RecordChange]) {
        for change in changes { dirtyFiles.insert(SnapshotFile(change.kind)) }
    }
}
