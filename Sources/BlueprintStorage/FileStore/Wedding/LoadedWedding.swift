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
    /// What each line of the journal did, in order, as compaction keeps it in `activity.jsonl`
    /// (so compaction never reads the journal again).
    private(set) var activityLines: [ActivityHistory.Line] = []

    init(dataset: WeddingDataset, journal: JournalFile, snapshots: [SnapshotFile: SnapshotState]) {
        self.dataset = dataset
        self.journal = journal
        self.snapshots = snapshots
    }

    /// Bytes of the snapshot files: compaction rewrites (at most) this much.
    var snapshotBytes: Int { snapshots.values.reduce(0) { $0 + $1.bytes } }

    /// Whether some snapshot file already holds this journal's generation: a compaction was cut
    /// short after renaming it into place but before replacing the journal, or the schema 3 step
    /// stamped it. Opening replays none of this journal into that file, so a line appended to it
    /// now would be skipped for that file by every later open and catch-up.
    var journalIsNoNewerThanASnapshot: Bool {
        snapshots.values.contains { $0.generation >= journal.generation }
    }

    /// Applies journal entries to the tables whose files do not contain them yet (see
    /// `SnapshotFile`), and returns what each entry changed, in order (entries that changed
    /// nothing here are left out).
    func replay(_ entries: [JournalEntry]) -> [(entry: JournalEntry, changes: [RecordChange])] {
        var replayed: [(entry: JournalEntry, changes: [RecordChange])] = []
        for entry in entries {
            noteActivity(of: entry)
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

    /// Notes changes already applied to `dataset` and journaled as `entry`.
    func committed(_ changes: [RecordChange], as entry: JournalEntry) {
        for change in changes { dirtyFiles.insert(SnapshotFile(change.kind)) }
        noteActivity(of: entry)
    }

    /// Starts the activity of a new, empty journal (after a compaction).
    func startJournal(_ journal: JournalFile) {
        self.journal = journal
        activityLines = []
    }

    /// Keeps what the next line of the journal, `entry`, did (the header is line 1).
    private func noteActivity(of entry: JournalEntry) {
        activityLines.append(ActivityHistory.Line(activity: entry.activity ?? ActivitySummary(countingMutations: entry.mutations),
                                                  at: entry.at, author: entry.author, generation: journal.generation,
                                                  line: activityLines.count + 2, operation: entry.operation))
    }
}
