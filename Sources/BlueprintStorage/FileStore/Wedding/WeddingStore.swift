import BlueprintDomain
import Foundation
import Logging

/// Settings every wedding of one `FileStore` shares.
struct WeddingStoreSettings: Sendable {
    let schema: WeddingSchema
    /// The journal is folded into the snapshot files once it is at least this large and at
    /// least as large as the snapshot files (so compaction costs O(1) per edit, amortised).
    let compactionFloorBytes: Int
    let clock: @Sendable () -> Timestamp
    let logger: Logger
    /// Makes the preview kept beside a wedding's files; `nil` keeps none.
    let previewing: (any WeddingPreviewing)?
    /// Who this process writes as, in journal lines and change events (`user@host`).
    let author: String
}

/// One wedding's data in this process, kept in step with its folder and with other processes.
///
/// Every operation runs under the wedding's `flock`: reads shared, writes exclusive. Each first
/// catches up with what other processes appended to the journal (or reloads if the journal was
/// replaced by a compaction elsewhere), so version checks always see the latest data. A write
/// appends one journal line and syncs it before returning; the edit then costs O(change), and
/// compaction rewrites the snapshot files only when the journal has grown as large as they are.
actor WeddingStore {
    let folder: WeddingFolder
    private let settings: WeddingStoreSettings
    private let hub: ChangeHub
    private let index: WeddingIndex
    private let fileEncoder = StoreJSON.fileEncoder()
    private let lineEncoder = StoreJSON.lineEncoder()
    private var loaded: LoadedWedding?
    /// The wedding's settings as the index should list them, once the lock is released.
    private var pendingIndexEntry: Wedding?
    /// The number of the last change published (see `RepositoryChange.sequence`).
    private var sequence: UInt64 = 0

    init(folder: WeddingFolder, settings: WeddingStoreSettings, hub: ChangeHub, index: WeddingIndex) {
        self.folder = folder
        self.settings = settings
        self.hub = hub
        self.index = index
    }

    private var id: WeddingID { folder.id }

    func read<T: Sendable>(_ body: @Sendable (WeddingDataset) throws -> T) async throws -> T {
        try await locked(.shared) { try body($0.dataset) }
    }

    /// With `queueing`, the commit is also added to the folder's outbox (see `QueuedCommitsFile`)
    /// before its journal line is written, under the same lock: a crash in between leaves it
    /// queued (to be pushed, version-checked) rather than kept here and never pushed. The
    /// commit is `author`'s, else this process's.
    func write<T: Sendable>(operation: String, author: String? = nil, queueing: Bool = false,
                            _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        let author = author ?? settings.author
        return try await locked(.exclusive) { current in
            try finishCompactionCutShort(current)
            let now = settings.clock()
            // Offline, the records as the edit found them are queued too (a copy of the tables
            // that change, for this write only), so the database merges the edit by field.
            let before = queueing ? current.dataset : nil
            let (result, changes, activity) = try current.dataset.commit(now: now, body)
            guard !changes.isEmpty else { return result }
            let mutations = changes.map(\.mutation)
            let entry = JournalEntry(at: now, operation: operation, mutations: mutations, author: author,
                                     activity: activity)
            var queue: [QueuedCommit]?
            do {
                if queueing {
                    let queued = QueuedCommit(at: now, operation: operation, author: author, changes: changes,
                                              bases: before.map { Self.bases(of: changes, in: $0) })
                    queue = try QueuedCommitsFile.read(folder.outbox)
                    try QueuedCommitsFile.write(queue! + [queued], to: folder.outbox)
                }
                try current.journal.append(entry)
            } catch {
                // Memory is ahead of the disk now: forget it, and reload on the next call. A
                // commit refused here is not queued either (only a crash leaves it queued).
                loaded = nil
                if let queue { try? QueuedCommitsFile.write(queue, to: folder.outbox) }
                throw error
            }
            current.committed(changes, as: entry)
            for case let .saveWedding(wedding) in mutations { pendingIndexEntry = wedding }
            if current.journal.entryBytes >= max(settings.compactionFloorBytes, current.snapshotBytes) {
                compactKeepingJournalOnFailure(current)
            }
            publish(changes, .local, operation, by: author,
                    activity: ActivityEntry(at: now, author: author, operation: operation, summary: activity))
            return result
        }
    }

    /// Each change's record as the commit found it: as `before` held it, or as an earlier change
    /// of the same commit stored it.
    private static func bases(of changes: [RecordChange], in before: WeddingDataset) -> [Mutation?] {
        var stored: [String: Mutation?] = [:]
        return changes.map { change in
            let key = "\(change.kind.rawValue)/\(change.id)"
            let base = stored[key] ?? before.stored(change.kind, id: change.id)
            stored[key] = .some(change.mutation.storedVersion == nil ? nil : change.mutation)
            return base
        }
    }

    /// Stores changes committed elsewhere (the database this folder is a copy of) as they are,
    /// versions included: one journal line, published with `origin`. Each change's previous
    /// version must be the one held here, else it is a conflict and nothing is written.
    func record(_ changes: [RecordChange], at: Timestamp, operation: String, author: String?, activity: ActivitySummary?,
                origin: RepositoryChange.Origin) async throws {
        guard !changes.isEmpty else { return }
        try await locked(.exclusive) { current in
            try finishCompactionCutShort(current)
            // Checked without copying the tables: a commit may change one record twice.
            var versions: [String: Int?] = [:]
            for change in changes {
                let key = "\(change.kind.rawValue)/\(change.id)"
                let held = versions[key] ?? current.dataset.version(of: change.kind, id: change.id)
                guard held == change.previousVersion else {
                    throw RepositoryError.conflict(change.kind, id: change.id, expected: change.previousVersion ?? 0,
                                                   actual: held ?? 0)
                }
                versions[key] = .some(change.mutation.storedVersion)
            }
            let entry = JournalEntry(at: at, operation: operation, mutations: changes.map(\.mutation), author: author,
                                     activity: activity)
            do {
                try current.journal.append(entry)
            } catch {
                loaded = nil
                throw error
            }
            for change in changes { current.dataset.apply(change.mutation) }
            current.committed(changes, as: entry)
            for case let .saveWedding(wedding) in entry.mutations { pendingIndexEntry = wedding }
            if current.journal.entryBytes >= max(settings.compactionFloorBytes, current.snapshotBytes) {
                compactKeepingJournalOnFailure(current)
            }
            publish(changes, origin, operation, by: author,
                    activity: ActivityEntry(at: at, author: author, operation: operation,
                                            summary: activity ?? ActivitySummary(counting: changes)))
        }
    }

    /// The commits queued in the outbox, oldest first, and the ones kept as conflicts.
    func queue() async throws -> (queued: [QueuedCommit], conflicts: [QueuedCommit]) {
        // Only the two small files, never the wedding: asked as a planner opens (does this
        // wedding hold conflicts?), loading it here would hold back the preview of its first frame.
        let lock = try await acquire(.shared)
        defer { lock.release() }
        guard folder.exists else { throw RepositoryError.weddingNotFound(id.description) }
        return (try QueuedCommitsFile.read(folder.outbox), try QueuedCommitsFile.read(folder.conflicts))
    }

    /// Takes the first `count` queued commits out of the outbox (pushed), after adding
    /// `conflicts` to the kept conflicts and removing `resolved` from them; conflicts first, so
    /// a crash in between keeps a commit twice rather than losing it.
    func settle(pushed count: Int, conflicts added: [QueuedCommit], resolved: [QueuedCommit]) async throws {
        try await locked(.exclusive) { _ in
            let kept = try QueuedCommitsFile.read(folder.conflicts)
            let updated = kept.filter { !resolved.contains($0) } + added
            if updated != kept { try QueuedCommitsFile.write(updated, to: folder.conflicts) }
            if count > 0 {
                try QueuedCommitsFile.write(Array(try QueuedCommitsFile.read(folder.outbox).dropFirst(count)), to: folder.outbox)
            }
        }
    }

    /// Catches up with other processes' writes and publishes them; called when the folder
    /// watcher sees the journal change.
    func refresh() async {
        guard loaded != nil else {
            // Never opened here, so there is nothing to compare with: anything may have changed.
            publish(nil, .external, "reread")
            return
        }
        do {
            try await locked(.shared) { _ in }
        } catch RepositoryError.weddingNotFound {
            publish(nil, .external, "removed")
        } catch {
            settings.logger.warning("could not catch up with the journal", metadata: ["wedding": "\(id)", "error": "\(error)"])
        }
    }

    /// Every commit to the wedding that is still on disk, oldest first: the compacted journals'
    /// (from `activity.jsonl`) and then the journal's; and how many history lines did not decode.
    func activity() async throws -> ActivityLog {
        try await locked(.shared) { _ in
            let (entries, unreadable) = try ActivityHistory.entries(history: folder.activity, journal: folder.journal)
            return ActivityLog(entries: entries, unreadableLines: unreadable, sequence: sequence)
        }
    }

    /// Catches up with other processes' writes, publishing them, or throws why it could not.
    func catchUp() async throws {
        try await locked(.shared) { _ in }
    }

    /// Folds the journal into the snapshot files and lets go of the data and descriptors.
    func close() async {
        guard loaded != nil else { return }
        do {
            try await locked(.exclusive) { try compact($0) }
        } catch {
            settings.logger.warning("could not compact on close", metadata: ["wedding": "\(id)", "error": "\(error)"])
        }
        loaded = nil
    }

    /// Moves the folder to `destination` (in the trash) under the exclusive lock, without
    /// reading it, so even a wedding whose files are damaged can be deleted.
    func moveToTrash(_ destination: String) async throws {
        let lock = try await acquire(.exclusive)
        defer { lock.release() }
        loaded = nil
        guard folder.exists else { throw RepositoryError.weddingNotFound(id.description) }
        try Disk.rename(folder.path, to: destination)
        try Disk.syncDirectory(PathName.folder(of: folder.path))
        try Disk.syncDirectory(PathName.folder(of: destination))
    }

    // MARK: Locking and catching up

    private func acquire(_ mode: LockMode) async throws -> HeldLock {
        do {
            return try await FileLock.acquire(folder.lock, mode)
        } catch let error as FileStoreError where error.isNoSuchFile {
            throw RepositoryError.weddingNotFound(id.description)
        }
    }

    /// Runs `work` on the up-to-date data under the lock, then brings the wedding index up to
    /// date if the wedding's settings changed.
    private func locked<T>(_ mode: LockMode, _ work: (LoadedWedding) throws -> T) async throws -> T {
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await lockedSection(mode, work))
        } catch {
            outcome = .failure(error)
        }
        if let entry = pendingIndexEntry {
            pendingIndexEntry = nil
            await recordInIndex(entry)
        }
        return try outcome.get()
    }

    /// A shared attempt that finds something only a writer may fix starts again with the
    /// exclusive lock.
    private func lockedSection<T>(_ mode: LockMode, _ work: (LoadedWedding) throws -> T) async throws -> T {
        var mode = mode
        while true {
            let lock = try await acquire(mode)
            do {
                defer { lock.release() }
                return try work(try synchronize(exclusive: mode == .exclusive))
            } catch is NeedsExclusiveLock where mode == .shared {
                mode = .exclusive
            } catch is WeddingNotFound {
                loaded = nil
                throw RepositoryError.weddingNotFound(id.description)
            }
        }
    }

    /// Brings `loaded` up to date with the folder: reads new journal lines, or reloads
    /// everything when the journal was replaced. Publishes what others changed.
    private func synchronize(exclusive: Bool) throws -> LoadedWedding {
        do {
            if let current = loaded {
                let isCurrent = try journalIsCurrent(current)
                // A journal replaced by another process's compaction still holds, through the
                // descriptor open here, every line it had: read them first, so their changes are
                // published one by one with their authors, and the reload below finds nothing more.
                let lines = try current.journal.readNew()
                if !lines.shrank {
                    for (entry, changes) in current.replay(lines.entries) {
                        let summary = entry.activity ?? ActivitySummary(counting: changes)
                        publish(changes, .external, entry.operation, by: entry.author,
                                activity: ActivityEntry(at: entry.at, author: entry.author, operation: entry.operation,
                                                        summary: summary))
                    }
                }
                if isCurrent, !lines.shrank {
                    if let unreadable = lines.unreadable { throw unreadable }
                    if lines.tornBytes > 0, exclusive {
                        settings.logger.notice("dropping an unfinished journal line",
                                               metadata: ["path": "\(current.journal.path)", "bytes": "\(lines.tornBytes)"])
                        try current.journal.dropTornTail()
                    }
                    return current
                }
            }
            let previous = loaded?.dataset
            loaded = nil
            let fresh = try WeddingLoader(folder: folder, schema: settings.schema, exclusive: exclusive,
                                          fileEncoder: fileEncoder, lineEncoder: lineEncoder, logger: settings.logger).load()
            loaded = fresh
            if let previous {
                let changes = fresh.dataset.changes(since: previous)
                if !changes.isEmpty { publish(changes, .external, "reread") }
            }
            if previous?.wedding != fresh.dataset.wedding { pendingIndexEntry = fresh.dataset.wedding }
            return fresh
        } catch let unreadable as UnreadableFile {
            loaded = nil
            guard exclusive else { throw NeedsExclusiveLock() }
            let keptAs = try Quarantine.moveAside(unreadable.path, at: settings.clock())
            settings.logger.error("set aside a file that does not decode",
                                  metadata: ["path": "\(unreadable.path)", "keptAs": "\(keptAs)", "reason": "\(unreadable.reason)"])
            publish(nil, .local, "set aside")
            throw FileStoreError.corruptFile(path: unreadable.path, line: unreadable.line, reason: unreadable.reason,
                                             keptAs: keptAs)
        }
    }

    /// Whether the journal at the path is still the file this process has open.
    private func journalIsCurrent(_ current: LoadedWedding) throws -> Bool {
        guard let atPath = try Disk.identity(at: folder.journal) else {
            if !folder.exists { throw WeddingNotFound() }
            return false
        }
        return atPath == current.journal.identity
    }

    // MARK: Compaction

    /// Rewrites the files whose tables the journal changed (each atomically), then replaces the
    /// journal with an empty one of the next generation. A crash in between leaves files that
    /// say which journal they contain, so reopening replays exactly what they lack, and the next
    /// commit finishes the compaction first (`finishCompactionCutShort`).
    private func compact(_ current: LoadedWedding) throws {
        guard current.journal.entryBytes > 0 || current.journalIsNoNewerThanASnapshot else { return }
        let generation = current.journal.generation
        for file in current.dirtyFiles.sorted() {
            let bytes = try AtomicFile.write(to: folder.path(of: file), syncingFolder: false) { sink in
                try SnapshotEncoding.write(file, of: current.dataset, generation: generation, to: sink)
            }
            current.snapshots[file] = SnapshotState(generation: generation, bytes: bytes)
        }
        try Disk.syncDirectory(folder.path)
        try ActivityHistory.append(current.activityLines, to: folder.activity, encoder: lineEncoder)
        current.startJournal(try JournalFile.create(folder.journal, generation: generation + 1, encoder: lineEncoder))
        current.dirtyFiles = []
        writePreview(of: current.dataset, journalGeneration: generation + 1)
    }

    /// Before a commit is appended, finishes a compaction that stopped after renaming a snapshot
    /// file into place (see `LoadedWedding.journalIsNoNewerThanASnapshot`): a commit appended to
    /// that journal would be acknowledged, missed by other processes, and lost if this process
    /// then died before compacting. A failure refuses the commit, with nothing appended.
    private func finishCompactionCutShort(_ current: LoadedWedding) throws {
        guard current.journalIsNoNewerThanASnapshot else { return }
        settings.logger.notice("finishing a compaction that was cut short",
                               metadata: ["wedding": "\(id)", "generation": "\(current.journal.generation)"])
        try compact(current)
    }

    /// Keeps the preview of what the files now hold beside them. The files are written already,
    /// so a failure is logged, not thrown: the next open just does without it.
    private func writePreview(of dataset: WeddingDataset, journalGeneration: Int) {
        guard let previewing = settings.previewing else { return }
        do {
            try PreviewFile.write(previewing.preview(of: dataset), in: folder, journalGeneration: journalGeneration,
                                  encoder: fileEncoder)
        } catch {
            settings.logger.warning("could not write the preview", metadata: ["wedding": "\(id)", "error": "\(error)"])
        }
    }

    /// The preview kept beside the files, if it still shows what they hold and nothing has
    /// changed since; read under the shared lock, without loading the wedding.
    func preview() async -> WeddingPreview? {
        do {
            let lock = try await acquire(.shared)
            defer { lock.release() }
            return try PreviewFile.current(in: folder)
        } catch {
            settings.logger.notice("no preview to show", metadata: ["wedding": "\(id)", "error": "\(error)"])
            return nil
        }
    }

    /// Compacts after a write; the write is durable already, so a failure only leaves the
    /// changes in the journal for a later compaction.
    private func compactKeepingJournalOnFailure(_ current: LoadedWedding) {
        do {
            try compact(current)
        } catch {
            settings.logger.warning("compaction failed; the journal keeps the changes",
                                    metadata: ["wedding": "\(id)", "error": "\(error)"])
        }
    }

    // MARK: Telling others

    /// Publishes one commit as the next change of the wedding's sequence; `nil` records when
    /// what changed is not known (receivers reload).
    private func publish(_ records: [RecordChange]?, _ origin: RepositoryChange.Origin, _ operation: String,
                         by author: String? = nil, activity: ActivityEntry? = nil) {
        sequence += 1
        hub.publish(RepositoryChange(wedding: id, sequence: sequence, records: records, origin: origin, operation: operation,
                                     author: author, activity: activity))
    }

    /// The commit is durable already, so a failure here is logged, not thrown; listing heals
    /// the index, and the next open of this wedding records it again.
    private func recordInIndex(_ wedding: Wedding) async {
        do {
            try await index.record(wedding)
        } catch {
            settings.logger.warning("could not update the wedding index",
                                    metadata: ["wedding": "\(wedding.weddingID)", "error": "\(error)"])
        }
    }
}
