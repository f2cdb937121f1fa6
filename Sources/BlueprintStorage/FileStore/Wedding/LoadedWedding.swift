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
    /// `SnapshotFile`), and returns the kinds of record that changed.
    func replay(_ entries: [JournalEntry]) -> Set<RecordKind> {
        var kinds: Set<RecordKind> = []
        for entry in entries {
            for mutation in entry.mutations {
                let file = SnapshotFile(mutation.kind)
                guard (snapshots[file]?.generation ?? 0) < journal.generation else { continue }
                dataset.apply(mutation)
                dirtyFiles.insert(file)
                kinds.insert(mutation.kind)
            }
        }
        return kinds
    }

    /// Notes mutations already applied to `dataset` and journaled; returns the kinds they change.
    func committed(_ mutations: [Mutation]) -> Set<RecordKind> {
        var kinds: Set<RecordKind> = []
        for mutation in mutations {
            dirtyFiles.insert(SnapshotFile(mutation.kind))
            kinds.insert(mutation.kind)
        }
        return kinds
    }
}

extension WeddingDataset {
    /// The kinds of record that differ between two states of one wedding.
    func kindsChanged(from previous: WeddingDataset) -> Set<RecordKind> {
        var kinds: Set<RecordKind> = []
        if wedding != previous.wedding { kinds.insert(.wedding) }
        if guests != previous.guests { kinds.insert(.guest) }
        if categories != previous.categories { kinds.insert(.category) }
        if expenses != previous.expenses { kinds.insert(.expense) }
        if vendors != previous.vendors { kinds.insert(.vendor) }
        if tasks != previous.tasks { kinds.insert(.task) }
        return kinds
    }
}
