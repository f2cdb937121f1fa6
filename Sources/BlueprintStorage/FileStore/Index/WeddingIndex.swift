import BlueprintDomain
import Foundation
import Logging

/// `index.json`: every wedding's settings, so listing weddings reads one small file instead of
/// every wedding's folder (and never a guest list).
///
/// The index is derived data; the folders are the truth. Creating, renaming (through a
/// transaction) and deleting a wedding update it. Listing compares it with the folder names and
/// rebuilds what is missing or stale, so a deleted index, a corrupt one (set aside first) or a
/// crash between creating a folder and recording it heal on the next listing. A name left stale
/// by a crash between a commit and its index update is corrected when that wedding next opens.
struct WeddingIndex: Sendable {
    let directory: DataDirectory
    let clock: @Sendable () -> Timestamp
    let logger: Logger

    private struct IndexFile: Codable {
        static let formatName = "blueprint-index"
        var format = IndexFile.formatName
        /// Sorted by id, so the file's text is stable.
        var weddings: [Wedding]
    }

    /// Every wedding, by name (case-insensitive), then id.
    func list() async throws -> [Wedding] {
        let shared = try await FileLock.acquire(directory.indexLock, .shared)
        let entries = try? read()
        let folders = try directory.weddingIDs()
        shared.release()
        if let entries, Set(entries.keys) == folders { return sortedByName(entries) }

        let exclusive: HeldLock
        do {
            exclusive = try await FileLock.acquire(directory.indexLock, .exclusive)
        } catch FileStoreError.readOnly {
            // A read-only data directory is listed from its folders, and nothing is written.
            return sortedByName(try completed(entries ?? [:]))
        }
        defer { exclusive.release() }
        let repaired = try completed(try readSettingAsideIfCorrupt() ?? [:])
        try write(repaired)
        return sortedByName(repaired)
    }

    /// `entries` for exactly the wedding folders there are: a folder's settings are read from
    /// it when the entries lack them.
    private func completed(_ entries: [WeddingID: Wedding]) throws -> [WeddingID: Wedding] {
        let present = try directory.weddingIDs()
        var repaired = entries.filter { present.contains($0.key) }
        for id in present where repaired[id] == nil {
            do {
                repaired[id] = try WeddingRecordReader.currentWedding(in: directory.folder(id))
            } catch {
                logger.warning("leaving a wedding out of the index: its settings do not read",
                               metadata: ["folder": "\(directory.folder(id).path)", "error": "\(error)"])
            }
        }
        return repaired
    }

    /// Records a wedding's settings, unless the index already has them or a newer version.
    func record(_ wedding: Wedding) async throws {
        let shared = try await FileLock.acquire(directory.indexLock, .shared)
        let known = (try? read())?[wedding.weddingID]
        shared.release()
        if known == wedding { return }

        let exclusive = try await FileLock.acquire(directory.indexLock, .exclusive)
        defer { exclusive.release() }
        var entries = try readSettingAsideIfCorrupt() ?? [:]
        if let existing = entries[wedding.weddingID], existing == wedding || existing.version > wedding.version { return }
        entries[wedding.weddingID] = wedding
        try write(entries)
    }

    func remove(_ id: WeddingID) async throws {
        let exclusive = try await FileLock.acquire(directory.indexLock, .exclusive)
        defer { exclusive.release() }
        var entries = try readSettingAsideIfCorrupt() ?? [:]
        guard entries.removeValue(forKey: id) != nil else { return }
        try write(entries)
    }

    // MARK: The file

    /// The entries, or `nil` when there is no index; throws `UnreadableFile` if it does not decode.
    /// Changes nothing.
    func read() throws -> [WeddingID: Wedding]? {
        guard let data = try Disk.read(directory.index) else { return nil }
        do {
            let file = try StoreJSONDecoder().decode(IndexFile.self, from: data)
            guard file.format == IndexFile.formatName else {
                throw UnreadableFile(path: directory.index, line: nil, reason: "format is '\(file.format)'")
            }
            return Dictionary(file.weddings.map { ($0.weddingID, $0) }, uniquingKeysWith: { first, _ in first })
        } catch let error as UnreadableFile {
            throw error
        } catch {
            throw UnreadableFile(path: directory.index, error)
        }
    }

    /// Like `read`, but a corrupt index is moved aside (and reads as missing). Caller holds the
    /// exclusive lock.
    private func readSettingAsideIfCorrupt() throws -> [WeddingID: Wedding]? {
        do {
            return try read()
        } catch let unreadable as UnreadableFile {
            let keptAs = try Quarantine.moveAside(unreadable.path, at: clock())
            logger.warning("set aside a wedding index that does not decode; rebuilding it",
                           metadata: ["keptAs": "\(keptAs)", "reason": "\(unreadable.reason)"])
            return nil
        }
    }

    private func write(_ entries: [WeddingID: Wedding]) throws {
        let file = IndexFile(weddings: entries.values.sorted { $0.weddingID < $1.weddingID })
        try AtomicFile.write(try StoreJSON.fileData(file, StoreJSON.fileEncoder()), to: directory.index)
    }

    private func sortedByName(_ entries: [WeddingID: Wedding]) -> [Wedding] {
        entries.values.sorted { lhs, rhs in
            let left = lhs.name.lowercased(), right = rhs.name.lowercased()
            return left != right ? left < right : lhs.weddingID < rhs.weddingID
        }
    }
}
