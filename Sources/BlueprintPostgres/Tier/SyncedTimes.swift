import BlueprintDomain
import BlueprintStorage
import Foundation
import Logging
import Synchronization

/// When each wedding's local copy last held what the database holds. In memory: a write or a
/// mirrored commit must not pay for a file written and synced; `persist` keeps it beside each
/// copy (`synced.json`) when it comes to matter (going offline, closing), for a host opened
/// later without the server. After a crash the file says an earlier time, never a later one.
final class SyncedTimes: Sendable {
    private let copy: FileStore
    private let clock: @Sendable () -> Timestamp
    private let times = Mutex<[WeddingID: Timestamp]>([:])
    private let logger = Logger(label: "blueprint.tier")

    init(copy: FileStore, clock: @escaping @Sendable () -> Timestamp) {
        self.copy = copy
        self.clock = clock
    }

    private func file(_ wedding: WeddingID) -> String { copy.folderPath(of: wedding) + "/synced.json" }

    /// The copy of `wedding` holds what the database holds now.
    func mark(_ wedding: WeddingID) {
        let now = clock()
        times.withLock { $0[wedding] = now }
    }

    /// This session knows of no sync of `wedding` (its copy deleted).
    func forget(_ wedding: WeddingID) {
        times.withLock { $0[wedding] = nil }
    }

    /// Writes each wedding's last sync beside its copy.
    func persist() {
        for (wedding, time) in times.withLock({ $0 }) {
            do {
                try AtomicFile.write(try JSONEncoder().encode(time), to: file(wedding))
            } catch {
                logger.warning("could not note the time of the sync", metadata: ["wedding": "\(wedding)", "error": "\(error)"])
            }
        }
    }

    /// This session's last sync of the wedding, else the one kept beside its copy (read once).
    func last(_ wedding: WeddingID) -> Timestamp? {
        if let time = times.withLock({ $0[wedding] }) { return time }
        let kept = (try? Data(contentsOf: URL(fileURLWithPath: file(wedding))))
            .flatMap { try? JSONDecoder().decode(Timestamp.self, from: $0) }
        if let kept { times.withLock { $0[wedding] = $0[wedding] ?? kept } }
        return kept
    }
}
