import BlueprintDomain
import Dispatch
import Glibc
import Logging
import Synchronization

/// Something that happened in a watched wedding folder.
struct FolderEvent: Sendable {
    let wedding: WeddingID
    /// The file in the folder it concerns; empty when it concerns the folder itself.
    let name: String
    /// The inotify event bits (`IN_MODIFY`, `IN_MOVED_TO`, …).
    let mask: UInt32

    /// The folder itself moved (into the trash, say) or was removed; its watch has ended.
    var isFolderGone: Bool { mask & UInt32(IN_MOVE_SELF | IN_DELETE_SELF) != 0 }
}

/// Watches wedding folders with inotify and reports what happens in them.
///
/// The inotify descriptor is read by a dispatch source: nothing polls, and an idle watcher uses
/// no CPU. A folder that moves away stops being watched (its watch would follow it).
final class FolderWatcher: Sendable {
    /// Every committed transaction appends to `journal.jsonl` (a modification) and every
    /// compaction renames a new one into place (a move in), so these events are all the change
    /// feed needs, besides the folder itself going away.
    static let journalChanges = UInt32(IN_MODIFY | IN_MOVED_TO | IN_MOVE_SELF | IN_DELETE_SELF)

    private let mask: UInt32
    private let descriptor: Int32
    /// Dispatch sources are thread-safe but not marked `Sendable`; the mutex makes that explicit.
    private let source: Mutex<any DispatchSourceRead>
    private let watches = Mutex<[Int32: WeddingID]>([:])
    private let logger: Logger

    /// Starts watching nothing yet; `onEvents` gets each batch of events (of the kinds in
    /// `mask`) on a private queue.
    init(mask: UInt32 = FolderWatcher.journalChanges, logger: Logger,
         onEvents: @escaping @Sendable ([FolderEvent]) -> Void) throws {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw FileStoreError.system(operation: "start watching", path: "inotify", errno: errno)
        }
        self.descriptor = descriptor
        self.mask = mask | UInt32(IN_MOVE_SELF | IN_DELETE_SELF)
        self.logger = logger
        source = Mutex(DispatchSource.makeReadSource(fileDescriptor: descriptor,
                                                     queue: DispatchQueue(label: "blueprint.storage.folder-watcher")))
        source.withLock { source in
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let events = self.drainEvents()
                if !events.isEmpty { onEvents(events) }
            }
            source.setCancelHandler { close(descriptor) }
            source.activate()
        }
    }

    /// Starts reporting changes in `folder` as changes to `wedding`.
    func watch(_ folder: String, as wedding: WeddingID) {
        let handle = inotify_add_watch(descriptor, folder, mask)
        guard handle >= 0 else {
            logger.warning("cannot watch a wedding folder; other processes' changes will show on the next read",
                           metadata: ["folder": "\(folder)", "errno": "\(errno)"])
            return
        }
        watches.withLock { $0[handle] = wedding }
    }

    func unwatch(_ wedding: WeddingID) {
        let handles = watches.withLock { watches in
            let handles = watches.filter { $0.value == wedding }.map(\.key)
            for handle in handles { watches[handle] = nil }
            return handles
        }
        for handle in handles { inotify_rm_watch(descriptor, handle) }
    }

    /// Whether a folder is being watched for `wedding`.
    func isWatching(_ wedding: WeddingID) -> Bool {
        watches.withLock { $0.values.contains(wedding) }
    }

    /// Stops watching and closes the inotify descriptor.
    func stop() { source.withLock { $0.cancel() } }

    /// Reads every pending event.
    private func drainEvents() -> [FolderEvent] {
        var events: [FolderEvent] = []
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, capacity)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let handle = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let nameLength = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = UnsafeRawBufferPointer(rebasing: buffer[(offset + headerSize)..<(offset + headerSize + nameLength)])
                let name = String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)
                offset += headerSize + nameLength

                guard let wedding = watches.withLock({ $0[handle] }) else { continue }
                let event = FolderEvent(wedding: wedding, name: name, mask: mask)
                if event.isFolderGone { unwatch(wedding) }
                events.append(event)
            }
        }
        return events
    }
}
