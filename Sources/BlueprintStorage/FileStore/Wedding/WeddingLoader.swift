import BlueprintDomain
import Foundation
import Logging

/// Reads a wedding folder into memory: checks (and if need be migrates) its schema, decodes each
/// snapshot file once, then replays the journal's complete lines.
///
/// Under a shared lock it changes nothing: whatever needs a writer (a migration, a missing
/// journal to create) throws `NeedsExclusiveLock`. A file that does not decode throws
/// `UnreadableFile`. A missing table file reads as an empty table (see `FileStore`).
struct WeddingLoader {
    let folder: WeddingFolder
    let schema: WeddingSchema
    let exclusive: Bool
    let fileEncoder: StoreJSONEncoder
    let lineEncoder: StoreJSONEncoder
    let logger: Logger

    func load() throws -> LoadedWedding {
        let upgrade = SchemaUpgrade(schema: schema, folder: folder, logger: logger)
        let version = try upgrade.storedVersion()
        if version < schema.version {
            guard exclusive else { throw NeedsExclusiveLock() }
            try upgrade.migrate(from: version, encoder: fileEncoder)
        }

        var parts = SnapshotParts()
        var snapshots: [SnapshotFile: SnapshotState] = [:]
        for (file, outcome) in zip(SnapshotFile.allCases, SnapshotReading.readAll(folder)) {
            guard let (filePart, state) = try outcome.get() else {
                if file == .wedding { throw FileStoreError.missingFile(path: folder.path(of: file)) }
                snapshots[file] = SnapshotState(generation: 0, bytes: 0)
                continue
            }
            parts.adopt(file, from: filePart)
            snapshots[file] = state
        }
        guard let wedding = parts.wedding else { throw FileStoreError.missingFile(path: folder.path(of: .wedding)) }
        guard wedding.weddingID == folder.id else {
            throw FileStoreError.folderMismatch(path: folder.path(of: .wedding), holds: wedding.weddingID)
        }

        let journal: JournalFile
        if let existing = try JournalFile.open(folder.journal) {
            journal = existing
        } else {
            guard exclusive else { throw NeedsExclusiveLock() }
            let generation = (snapshots.values.map(\.generation).max() ?? 0) + 1
            logger.notice("starting a new journal", metadata: ["path": "\(folder.journal)", "generation": "\(generation)"])
            journal = try JournalFile.create(folder.journal, generation: generation, encoder: lineEncoder)
        }

        let loaded = LoadedWedding(dataset: parts.dataset(wedding: wedding), journal: journal, snapshots: snapshots)
        let lines = try journal.readNew()
        _ = loaded.replay(lines.entries)
        if let unreadable = lines.unreadable { throw unreadable }
        if lines.tornBytes > 0, exclusive {
            logger.notice("dropping an unfinished journal line", metadata: ["path": "\(journal.path)", "bytes": "\(lines.tornBytes)"])
            try journal.dropTornTail()
        }
        return loaded
    }
}

/// Reads just a wedding's settings (for rebuilding the index): `wedding.json` and any wedding
/// changes in the journal, without guest lists.
enum WeddingRecordReader {
    static func currentWedding(in folder: WeddingFolder) throws -> Wedding {
        try Disk.refuseLinkedFolder(folder.path)
        let path = folder.path(of: .wedding)
        guard let data = try Disk.read(path) else { throw FileStoreError.missingFile(path: path) }
        var parts = SnapshotParts()
        let generation: Int
        do {
            generation = try parts.decode(.wedding, from: data)
        } catch {
            throw UnreadableFile(path: path, error)
        }
        guard var wedding = parts.wedding, wedding.weddingID == folder.id else {
            throw FileStoreError.folderMismatch(path: path, holds: parts.wedding?.weddingID ?? folder.id)
        }
        if let journal = try JournalFile.open(folder.journal), generation < journal.generation {
            for entry in try journal.readNew().entries {
                for case let .saveWedding(saved) in entry.mutations { wedding = saved }
            }
        }
        return wedding
    }
}

/// Reading the snapshot files of a folder: the guest list on the calling thread (its decoding
/// spreads over every processor), the other, small files meanwhile on another thread, so that
/// they cost nothing while the guest list is read and scanned.
enum SnapshotReading {
    /// Each file's records and state, in `SnapshotFile.allCases` order: `nil` for a missing
    /// file, the error for one that could not be read or decoded. (The caller reports the
    /// first problem in that order, as reading the files one after another did.)
    static func readAll(_ folder: WeddingFolder) -> [Result<(SnapshotParts, SnapshotState)?, any Error>] {
        let files = SnapshotFile.allCases, guests = SnapshotFile(.guest)
        let others = files.filter { $0 != guests }
        let results = Results(count: files.count)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            for file in others { results.set(files.firstIndex(of: file)!, Result { try read(file, in: folder) }) }
        }
        results.set(files.firstIndex(of: guests)!, Result { try read(guests, in: folder) })
        group.wait()
        return results.all
    }

    private static func read(_ file: SnapshotFile, in folder: WeddingFolder) throws -> (SnapshotParts, SnapshotState)? {
        let path = folder.path(of: file)
        guard let contents = try SnapshotContents(path) else { return nil }
        var parts = SnapshotParts()
        let generation: Int
        do {
            generation = try parts.decode(file, from: contents.data, decoder: contents.decoder)
        } catch {
            throw UnreadableFile(path: path, error)
        }
        return (parts, SnapshotState(generation: generation, bytes: contents.data.count))
    }

    /// A snapshot file's text: a large one mapped, its pages given back as they are decoded
    /// (`MappedFile`), and a very large one's also as the parse steps over them; a small one
    /// read whole.
    private struct SnapshotContents {
        static let mappedFrom = 1 << 20
        /// 32 MB: about 32,000 guests. Below it the whole file is mapped while it is parsed.
        static let releasedWhileParsedFrom = 32 << 20
        let data: Data
        let decoder: StoreJSONDecoder

        init?(_ path: String) throws {
            let descriptor: Int32
            do {
                descriptor = try Disk.open(path, O_RDONLY)
            } catch let error as FileStoreError where error.isNoSuchFile {
                return nil
            }
            defer { close(descriptor) }
            let size = try Disk.size(of: descriptor, path: path)
            if size >= Self.mappedFrom {
                let file = try MappedFile(descriptor: descriptor, path: path, count: size)
                (data, decoder) = (file.data, StoreJSONDecoder(releasingPagesOf: file,
                                                               duringTheParse: size >= Self.releasedWhileParsedFrom))
            } else {
                (data, decoder) = (try Disk.read(descriptor, path: path, from: 0, count: size), StoreJSONDecoder())
            }
        }
    }

    /// Where the two threads put their results, each only at its own files' positions; read
    /// only after both are done (`group.wait()`), so nothing races.
    private final class Results: @unchecked Sendable {
        private(set) var all: [Result<(SnapshotParts, SnapshotState)?, any Error>]

        init(count: Int) { all = Array(repeating: .success(nil), count: count) }

        func set(_ index: Int, _ result: Result<(SnapshotParts, SnapshotState)?, any Error>) { all[index] = result }
    }
}
