import BlueprintDomain
import Foundation
import Glibc
import Logging
import Synchronization

/// Presence on one server: each session that has a wedding open keeps a small JSON file,
/// `weddings/<id>/presence/<session-id>.json` (0600, in a 0700 folder), replaced atomically at
/// each announcement and removed on a clean exit.
///
/// While its session lives, the file is held under an exclusive `flock` (each replacement is
/// locked before it is renamed into place), so a file nobody holds belongs to a process that
/// died: it is not listed, and the first board to notice removes it. Entries whose heartbeat is
/// older than `Presence.staleAfter` are not listed either (a stopped process, a file system
/// without locks). An inotify watch on the folder wakes `changes(in:)` on every arrival,
/// replacement and departure. Nothing here is cached.
public final class FilePresenceBoard: PresenceBoard {
    /// The open `changes(in:)` streams, by wedding.
    private final class Subscribers: Sendable {
        let streams = Mutex<[WeddingID: [UUID: AsyncStream<Void>.Continuation]]>([:])

        func wake(_ weddings: Set<WeddingID>) {
            let continuations = streams.withLock { streams in weddings.flatMap { streams[$0].map { Array($0.values) } ?? [] } }
            for continuation in continuations { continuation.yield() }
        }
    }

    private let directory: DataDirectory
    private let clock: any TimeSource
    private let logger = Logger(label: "blueprint.presence")
    /// The locked descriptor of each of this process's own entries, by wedding and session;
    /// the mutex also serialises writing them.
    private let held = Mutex<[WeddingID: [UUID: Int32]]>([:])
    private let subscribers = Subscribers()
    private let watcher: FolderWatcher?

    /// A board over the data directory at `root`; `clock` decides which entries are stale.
    public init(root: String, clock: any TimeSource = SystemClock()) {
        directory = DataDirectory(root: DataDirectory.absolute(root))
        self.clock = clock
        let subscribers = self.subscribers
        let logger = logger
        do {
            // A session that dies closes its file for writing: it shows as gone at once, not at the next heartbeat.
            watcher = try FolderWatcher(mask: UInt32(IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE), logger: logger) { events in
                subscribers.wake(Set(events.map(\.wedding)))
            }
        } catch {
            logger.warning("cannot watch for presence; others show at the next heartbeat", metadata: ["error": "\(error)"])
            watcher = nil
        }
    }

    deinit {
        watcher?.stop()
        for descriptors in held.withLock({ $0.values }) {
            for descriptor in descriptors.values { close(descriptor) }
        }
    }

    /// The presence folder of `wedding`.
    func folder(of wedding: WeddingID) -> String { directory.folder(wedding).presence }

    private func path(of session: UUID, in wedding: WeddingID) -> String {
        folder(of: wedding) + "/" + session.uuidString.lowercased() + ".json"
    }

    public func announce(_ presence: Presence, in wedding: WeddingID) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var data = try encoder.encode(presence)
        data.append(UInt8(ascii: "\n"))
        let weddingFolder = directory.folder(wedding)
        guard weddingFolder.exists else { throw RepositoryError.weddingNotFound(wedding.description) }
        try Disk.makeDirectory(folder(of: wedding))
        let path = path(of: presence.sessionID, in: wedding)
        try held.withLock { held in
            let descriptor = try AtomicFile.writeLocked(data, to: path)
            if let previous = held[wedding, default: [:]].updateValue(descriptor, forKey: presence.sessionID) { close(previous) }
        }
    }

    public func withdraw(_ session: UUID, from wedding: WeddingID) async throws {
        let path = path(of: session, in: wedding)
        held.withLock { held in
            // Removed before its lock is let go, so no one sees it unlocked and takes it for dead.
            unlink(path)
            if let descriptor = held[wedding]?.removeValue(forKey: session) { close(descriptor) }
        }
    }

    public func others(in wedding: WeddingID, excluding session: UUID) async throws -> [Presence] {
        let folder = folder(of: wedding)
        let names = try Disk.names(in: folder) ?? []
        let entries = names.filter { $0.hasSuffix(".json") }.compactMap { read(folder + "/" + $0) }
        return Presence.others(entries, excluding: session, at: clock.now())
    }

    /// The entry at `path`, or nil when it is gone, unreadable (logged) or its session died (then
    /// it is removed).
    private func read(_ path: String) -> Presence? {
        let descriptor: Int32
        do {
            descriptor = try Disk.open(path, O_RDONLY)
        } catch let error as FileStoreError where error.isNoSuchFile {
            return nil
        } catch {
            logger.warning("cannot read a presence file", metadata: ["path": "\(path)", "error": "\(error)"])
            return nil
        }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            // Nobody holds it. If it is still the file at the path, its session is gone.
            if let opened = try? Disk.identity(of: descriptor, path: path), let current = try? Disk.identity(at: path),
               opened == current {
                logger.info("removing the presence file of a session that ended", metadata: ["path": "\(path)"])
                unlink(path)
                return nil
            }
            return Disk.exists(path) ? read(path) : nil
        }
        do {
            let data = try Disk.read(descriptor, path: path, from: 0, count: try Disk.size(of: descriptor, path: path))
            return try JSONDecoder().decode(Presence.self, from: data)
        } catch {
            logger.warning("a presence file does not decode; ignored", metadata: ["path": "\(path)", "error": "\(error)"])
            return nil
        }
    }

    public func changes(in wedding: WeddingID) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let token = UUID()
        let first = subscribers.streams.withLock { streams in
            let first = streams[wedding, default: [:]].isEmpty
            streams[wedding, default: [:]][token] = continuation
            return first
        }
        if first, let watcher {
            let folder = folder(of: wedding)
            if directory.folder(wedding).exists { try? Disk.makeDirectory(folder) }
            watcher.watch(folder, as: wedding)
        }
        let subscribers = self.subscribers, watcher = self.watcher
        continuation.onTermination = { _ in
            let last = subscribers.streams.withLock { streams in
                streams[wedding]?[token] = nil
                guard streams[wedding]?.isEmpty ?? true else { return false }
                streams[wedding] = nil
                return true
            }
            if last { watcher?.unwatch(wedding) }
        }
        return stream
    }
}
