import BlueprintDomain
import Foundation
import Glibc
import Logging
import Synchronization

/// The data directory on disk: many weddings, each in its own folder of plain JSON files, safe
/// against crashes and shared by several processes (two ssh sessions of one couple).
///
/// - Durability: `write` returns once its transaction is a synced line of the wedding's journal.
///   Snapshot files are only ever replaced whole (temp file, fsync, rename, fsync folder), so a
///   crash at any instant leaves the old or the new state, never a torn file.
/// - Processes: writers hold the wedding's exclusive `flock`, readers a shared one, and every
///   operation first catches up with what other processes committed. Their commits also arrive
///   on `changes(in:)` (inotify) with origin `.external`.
/// - Corrupt files: a file that does not decode is moved aside as `<name>.corrupt-<time>` and
///   reported as `FileStoreError.corruptFile` with its path (and journal line). The next open
///   goes on without it: a table file (guests, budget, vendors, tasks) reads as an empty table,
///   a journal as no changes since the snapshot (a fresh journal is started). Without
///   `wedding.json` or `meta.json` the wedding does not open (`missingFile`) until restored.
/// - Schema: `meta.json` records the folder's version; older folders are migrated on open
///   (`WeddingSchema`), newer ones are refused.
///
/// Records not found, version conflicts and invalid values are `RepositoryError`s; problems with
/// the files are `FileStoreError`s. The files and the rules are described in `FORMAT.md`.
public final class FileStore: WeddingDataHost, AuthoredWrites {
    /// The data directory (absolute).
    public let root: String
    private let directory: DataDirectory
    private let settings: WeddingStoreSettings
    private let hub: ChangeHub
    private let index: WeddingIndex
    private let stores = Mutex<[WeddingID: WeddingStore]>([:])

    /// `$BLUEPRINT_DATA_DIR`, else `$XDG_DATA_HOME/blueprint` (when absolute, as the XDG spec
    /// asks), else `~/.local/share/blueprint`.
    public static func defaultRoot(environment: [String: String]) -> String {
        if let explicit = environment["BLUEPRINT_DATA_DIR"], !explicit.isEmpty { return explicit }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") { return dataHome + "/blueprint" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/blueprint"
    }

    /// Opens (creating if needed, mode 0700) the data directory at `root`.
    ///
    /// - Parameters:
    ///   - compactionFloorBytes: the journal is folded into the snapshot files once it is at least
    ///     this large and as large as they are.
    ///   - clock: the time stamped on records and on set-aside files.
    ///   - previewing: makes the preview each wedding's files keep for its first frame (see
    ///     `preview(of:)`); `nil` keeps none.
    ///   - author: who this process writes as, in the journal and change events.
    public init(root: String, schema: WeddingSchema = .current, compactionFloorBytes: Int = 1 << 20,
                clock: @escaping @Sendable () -> Timestamp = { Timestamp(Date()) },
                previewing: (any WeddingPreviewing)? = nil, author: String = ChangeAuthor.current()) throws {
        self.root = DataDirectory.absolute(root)
        let logger = Logger(label: "blueprint.storage")
        directory = DataDirectory(root: self.root)
        settings = WeddingStoreSettings(schema: schema, compactionFloorBytes: compactionFloorBytes, clock: clock, logger: logger,
                                        previewing: previewing, author: author)
        index = WeddingIndex(directory: directory, clock: clock, logger: logger)
        let directory = self.directory
        hub = ChangeHub(logger: logger) { directory.folder($0).path }
        try Disk.makeDirectoryTree(self.root)
        try Disk.makeDirectory(directory.weddings)
        hub.onActivity { [weak self] wedding in
            guard let self else { return }
            let store = self.store(for: wedding)
            Task { await store.refresh() }
        }
    }

    deinit { hub.close() }

    public var author: String { settings.author }

    public func listWeddings() async throws -> [Wedding] {
        try await index.list()
    }

    /// The data directory is its own authority: the same as `listWeddings()`.
    public func listAllWeddings() async throws -> [Wedding] { try await listWeddings() }

    /// Stores a new wedding: its folder is written completely under a temporary name and then
    /// renamed into place, so a crash never leaves half a wedding.
    public func createWedding(_ wedding: Wedding) async throws -> Wedding {
        var stored = wedding
        let now = settings.clock()
        stored.createdAt = now
        stored.updatedAt = now
        stored.version = 1
        let dataset = WeddingDataset(wedding: stored)
        let issues = stored.validationIssues(in: dataset)
        guard issues.isEmpty else { throw RepositoryError.invalid(.wedding, issues) }
        try await store(dataset, operation: "weddingCreated")
        return stored
    }

    /// Stores a copy of another backend's wedding (`blueprint wedding pull`): every record
    /// verbatim, with its version, creation time and table order, in a folder written completely
    /// under a temporary name and then renamed into place, so a failure leaves nothing behind.
    /// The copy's journal starts empty (its activity starts afresh). Refused with a conflict,
    /// changing nothing, when the data directory already has a wedding of that id.
    public func createWedding(copying dataset: WeddingDataset) async throws -> Wedding {
        let issues = dataset.wedding.validationIssues(in: dataset)
        guard issues.isEmpty else { throw RepositoryError.invalid(.wedding, issues) }
        try await store(dataset, operation: "weddingCopied")
        return dataset.wedding
    }

    /// Writes `dataset` as a new wedding folder (staged, then renamed into place) and lists it.
    private func store(_ dataset: WeddingDataset, operation: String) async throws {
        let stored = dataset.wedding
        let folder = directory.folder(stored.weddingID)
        if folder.exists { throw existingWeddingConflict(folder) }
        let staging = WeddingFolder(id: stored.weddingID,
                                    path: directory.weddings + "/.new-\(stored.weddingID)-\(UUID().uuidString.lowercased())")
        try Disk.makeDirectory(staging.path)
        let encoder = StoreJSON.fileEncoder()
        try AtomicFile.write(try StoreJSON.fileData(StoreMeta(schemaVersion: settings.schema.version), encoder),
                             to: staging.meta, syncingFolder: false)
        for file in SnapshotFile.allCases {
            try AtomicFile.write(to: staging.path(of: file), syncingFolder: false) { sink in
                try SnapshotEncoding.write(file, of: dataset, generation: 0, to: sink)
            }
        }
        _ = try JournalFile.create(staging.journal, generation: 1, encoder: StoreJSON.lineEncoder())
        Glibc.close(try Disk.open(staging.lock, O_RDWR | O_CREAT))
        try Disk.syncDirectory(staging.path)
        do {
            try Disk.rename(staging.path, to: folder.path)
        } catch {
            try? Disk.makeDirectory(directory.trash)
            try? Disk.rename(staging.path, to: directory.trash + "/" + PathName.fileName(of: staging.path))
            throw folder.exists ? existingWeddingConflict(folder) : error
        }
        try Disk.syncDirectory(directory.weddings)
        do {
            try await index.record(stored)
        } catch {
            settings.logger.warning("could not add a wedding to the index; listing will rebuild it",
                                    metadata: ["wedding": "\(stored.weddingID)", "error": "\(error)"])
        }
        hub.publish(RepositoryChange(wedding: stored.weddingID, sequence: 0, records: nil, origin: .local,
                                     operation: operation))
    }

    /// Deletes a wedding by moving its folder into `trash/` inside the data directory (as
    /// `<id>-<time>`), never by removing files: a wedding deleted by mistake can be moved back.
    /// Emptying the trash is left to the user.
    public func deleteWedding(_ id: WeddingID) async throws {
        try Disk.makeDirectory(directory.trash)
        let stamp = settings.clock().description.filter { $0 != "-" && $0 != ":" }
        var destination = directory.trash + "/\(id)-\(stamp)"
        var counter = 1
        while Disk.exists(destination) {
            counter += 1
            destination = directory.trash + "/\(id)-\(stamp)-\(counter)"
        }
        try await checkedStore(for: id).moveToTrash(destination)
        stores.withLock { $0[id] = nil }
        do {
            try await index.remove(id)
        } catch {
            settings.logger.warning("could not remove a wedding from the index; listing will rebuild it",
                                    metadata: ["wedding": "\(id)", "error": "\(error)"])
        }
        hub.publish(RepositoryChange(wedding: id, sequence: 0, records: nil, origin: .local, operation: "weddingDeleted"))
    }

    /// The folder that holds `id`'s files (`weddings/<id>`); moving a trashed copy back here
    /// restores a deleted wedding.
    public func folderPath(of id: WeddingID) -> String { directory.folder(id).path }

    /// `weddings/<id>/documents`: the wedding's stored document files, one per content.
    public func documentsFolder(of wedding: WeddingID) -> String { directory.folder(wedding).documents }

    /// Where a data directory at `root` keeps the document files of `wedding`: for a backend
    /// that keeps the records elsewhere and the files beside the local data.
    public static func documentsFolder(root: String, of wedding: WeddingID) -> String {
        DataDirectory(root: DataDirectory.absolute(root)).folder(wedding).documents
    }

    /// Where `deleteWedding` moved `id`'s folder (`trash/<id>-<time>`), oldest first; empty if
    /// it was never deleted or the trash has been emptied.
    public func trashedFolders(of id: WeddingID) throws -> [String] {
        let prefix = id.description + "-"
        return (try Disk.names(in: directory.trash) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
            .map { directory.trash + "/" + $0 }
    }

    /// Whether `wedding`'s folder or journal may not be written (permissions, or a read-only
    /// mount): the wedding can be read, and every change is refused with `FileStoreError.readOnly`.
    public func isReadOnly(_ wedding: WeddingID) -> Bool {
        let folder = directory.folder(wedding)
        return access(folder.path, W_OK) != 0 || access(folder.journal, W_OK) != 0
    }

    public func read<T: Sendable>(_ wedding: WeddingID, _ body: @Sendable (WeddingDataset) throws -> T) async throws -> T {
        try await checkedStore(for: wedding).read(body)
    }

    public func write<T: Sendable>(_ wedding: WeddingID, operation: String,
                                   _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        try await checkedStore(for: wedding).write(operation: operation, body)
    }

    public func write<T: Sendable>(_ wedding: WeddingID, operation: String, author: String,
                                   _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        try await checkedStore(for: wedding).write(operation: operation, author: author, body)
    }

    /// As `write`, and the commit is queued in the wedding's outbox in the same locked section
    /// (for a database's local copy while offline; see `QueuedCommit`).
    public func writeQueued<T: Sendable>(_ wedding: WeddingID, operation: String,
                                         _ body: @Sendable (WeddingTransaction) throws -> T) async throws -> T {
        try await checkedStore(for: wedding).write(operation: operation, queueing: true, body)
    }

    /// Stores `changes` committed elsewhere verbatim (versions included) as one journal line,
    /// published with `origin`: for a database's local copy. A change whose previous version is
    /// not the one held here is a `RepositoryError.conflict`, and nothing is written.
    public func record(_ changes: [RecordChange], in wedding: WeddingID, at: Timestamp, operation: String, author: String?,
                       activity: ActivitySummary?, origin: RepositoryChange.Origin) async throws {
        try await checkedStore(for: wedding).record(changes, at: at, operation: operation, author: author, activity: activity,
                                                    origin: origin)
    }

    /// The commits queued while offline (oldest first) and those kept as conflicts.
    public func queuedCommits(of wedding: WeddingID) async throws -> (queued: [QueuedCommit], conflicts: [QueuedCommit]) {
        try await checkedStore(for: wedding).queue()
    }

    /// Takes the first `pushed` queued commits out of the queue, keeps `conflicts` and forgets
    /// `resolved` conflicts, durably (see `QueuedCommitsFile`).
    public func settleQueue(of wedding: WeddingID, pushed: Int, conflicts: [QueuedCommit] = [],
                            resolved: [QueuedCommit] = []) async throws {
        try await checkedStore(for: wedding).settle(pushed: pushed, conflicts: conflicts, resolved: resolved)
    }

    /// The preview kept beside `wedding`'s files for its first frame, while nothing has changed
    /// since it was written (see `PreviewFile`); `nil` otherwise. It reads only that small file,
    /// never the guest list.
    public func preview(of wedding: WeddingID) async -> WeddingPreview? {
        guard let store = try? checkedStore(for: wedding) else { return nil }
        return await store.preview()
    }

    public func activity(in wedding: WeddingID) async throws -> ActivityLog {
        try await checkedStore(for: wedding).activity()
    }

    /// Changes to `wedding`: this process's commits (`.local`) and, noticed through inotify,
    /// other processes' (`.external`).
    public func changes(in wedding: WeddingID) -> AsyncStream<RepositoryChange> {
        hub.subscribe(to: wedding)
    }

    /// Reads what other processes appended to `wedding`'s journal and publishes it (nothing,
    /// when its length is unchanged); loads the wedding first if this process has not yet.
    public func catchUp(on wedding: WeddingID) async throws {
        try await checkedStore(for: wedding).catchUp()
    }

    /// Whether other processes' commits to `wedding` are being watched for (its folder is
    /// watched while a stream of its changes is open, if inotify can watch it).
    public func connection(_ wedding: WeddingID) -> FeedConnection {
        hub.isWatching(wedding) ? .live : .notWatched
    }

    /// A stream that ends at once: whether a folder is watched is settled when its stream opens.
    public func connectionChanges(in wedding: WeddingID) -> AsyncStream<FeedConnection> { AsyncStream { $0.finish() } }

    /// Compacts every open wedding's journal, lets go of their data and ends every change
    /// stream. Call it before the process exits.
    public func close() async {
        let open = stores.withLock { stores in
            defer { stores = [:] }
            return Array(stores.values)
        }
        for store in open { await store.close() }
        hub.close()
    }

    /// The wedding's store, once its folder (and `weddings/`) are known not to be links: the
    /// store opens files inside the folder, and a linked folder would put them elsewhere.
    private func checkedStore(for wedding: WeddingID) throws -> WeddingStore {
        try Disk.refuseLinkedFolder(directory.weddings)
        try Disk.refuseLinkedFolder(directory.folder(wedding).path)
        return store(for: wedding)
    }

    private func store(for wedding: WeddingID) -> WeddingStore {
        stores.withLock { stores in
            if let existing = stores[wedding] { return existing }
            let store = WeddingStore(folder: directory.folder(wedding), settings: settings, hub: hub, index: index)
            stores[wedding] = store
            return store
        }
    }

    private func existingWeddingConflict(_ folder: WeddingFolder) -> RepositoryError {
        let version = (try? WeddingRecordReader.currentWedding(in: folder))?.version ?? 1
        return .conflict(.wedding, id: folder.id.rawValue, expected: 0, actual: version)
    }
}
