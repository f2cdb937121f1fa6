import Foundation
import Glibc

/// The open journal of one wedding: a header line, then one JSON line per committed transaction.
///
/// Only complete lines count. A final line without its newline is a write that was cut off
/// before it was acknowledged; readers leave it alone and the next writer truncates it (under
/// the exclusive lock) before appending. The descriptor stays open, so the file's identity
/// cannot be reused while it is held: a different identity at the path means the journal was
/// replaced by a compaction (or a repair) in some process.
final class JournalFile {
    let path: String
    let identity: FileIdentity
    let generation: Int
    /// Opened for reading only: appending or trimming throws `FileStoreError.readOnly`.
    let isReadOnly: Bool
    private let descriptor: Int32
    private let headerLength: Int
    /// Where the complete lines read so far end: the next line starts here.
    private(set) var end: Int
    /// Lines read so far, the header included.
    private(set) var lineCount = 1

    /// Bytes of transactions in the journal (what compaction would fold into the snapshot).
    var entryBytes: Int { end - headerLength }

    private init(path: String, descriptor: Int32, generation: Int, headerLength: Int, isReadOnly: Bool = false) throws {
        self.path = path
        self.isReadOnly = isReadOnly
        self.descriptor = descriptor
        self.generation = generation
        self.headerLength = headerLength
        self.end = headerLength
        self.identity = try Disk.identity(of: descriptor, path: path)
    }

    deinit { close(descriptor) }

    /// Opens the journal at `path`, or returns `nil` if there is none. A journal opened
    /// `readOnly`, or one that may not be written, can be read (`readNew`) but not appended to
    /// or trimmed (`FileStoreError.readOnly`).
    static func open(_ path: String, readOnly: Bool = false) throws -> JournalFile? {
        var readOnly = readOnly
        let descriptor: Int32
        do {
            do {
                descriptor = try Disk.open(path, readOnly ? O_RDONLY : O_RDWR)
            } catch FileStoreError.readOnly {
                readOnly = true
                descriptor = try Disk.open(path, O_RDONLY)
            }
        } catch let error as FileStoreError where error.isNoSuchFile {
            return nil
        }
        do {
            let start = try Disk.read(descriptor, path: path, from: 0, count: 4096)
            guard let newline = start.firstIndex(of: UInt8(ascii: "\n")) else {
                throw UnreadableFile(path: path, line: 1, reason: "the header line is missing or cut off")
            }
            let header: JournalHeader
            do {
                header = try StoreJSONDecoder().decode(JournalHeader.self, from: start[..<newline])
            } catch {
                throw UnreadableFile(path: path, line: 1, error)
            }
            guard header.format == JournalHeader.formatName else {
                throw UnreadableFile(path: path, line: 1,
                                     reason: "format is '\(header.format)', expected '\(JournalHeader.formatName)'")
            }
            return try JournalFile(path: path, descriptor: descriptor, generation: header.generation,
                                   headerLength: newline + 1, isReadOnly: readOnly)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Atomically replaces whatever is at `path` with an empty journal of `generation`.
    static func create(_ path: String, generation: Int, encoder: StoreJSONEncoder) throws -> JournalFile {
        var header = try encoder.encode(JournalHeader(generation: generation))
        header.append(UInt8(ascii: "\n"))
        let descriptor = try AtomicFile.writeAndOpen(header, to: path)
        do {
            return try JournalFile(path: path, descriptor: descriptor, generation: generation, headerLength: header.count)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Whether the file holds its header and nothing more (no entry, not even a cut-off one),
    /// told from its size without reading it.
    func holdsOnlyItsHeader() throws -> Bool {
        try Disk.size(of: descriptor, path: path) == headerLength
    }

    /// What `readNew` found after the lines already read.
    struct NewLines {
        var entries: [JournalEntry] = []
        /// The first complete line that did not decode; reading stopped before it.
        var unreadable: UnreadableFile?
        /// Bytes of a cut-off final line (no newline yet).
        var tornBytes = 0
        /// The file is shorter than what was read before: it was rewritten in place.
        var shrank = false
    }

    /// Decodes the complete lines appended since the last call.
    func readNew() throws -> NewLines {
        var found = NewLines()
        let size = try Disk.size(of: descriptor, path: path)
        guard size >= end else {
            found.shrank = true
            return found
        }
        guard size > end else { return found }
        let bytes = try Disk.read(descriptor, path: path, from: end, count: size - end)
        var lineStart = bytes.startIndex
        let decoder = StoreJSONDecoder()
        while let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            do {
                found.entries.append(try decoder.decode(JournalEntry.self, from: bytes[lineStart..<newline]))
            } catch {
                found.unreadable = UnreadableFile(path: path, line: lineCount + 1, error)
                return found
            }
            end += newline + 1 - lineStart
            lineCount += 1
            lineStart = newline + 1
        }
        found.tornBytes = bytes.endIndex - lineStart
        return found
    }

    /// Cuts off a final line that was never completed. The caller holds the exclusive lock.
    func dropTornTail() throws {
        if isReadOnly { throw FileStoreError.readOnly(path: path) }
        try Disk.call("truncate", path) { ftruncate(descriptor, off_t(end)) }
        try Disk.sync(descriptor, path: path)
    }

    /// Appends `entry` as one complete line, written as it is encoded, and waits until it is on
    /// disk. The caller holds the exclusive lock and has read every line (so `end` is the end of
    /// the file). If the write fails, the partial line is cut off again and the error is rethrown.
    func append(_ entry: JournalEntry) throws {
        if isReadOnly { throw FileStoreError.readOnly(path: path) }
        var length = 0
        do {
            let stream = JSONObjectStream(style: .compact) { [descriptor, path, end] bytes in
                precondition(bytes.dropLast().firstIndex(of: UInt8(ascii: "\n")) == nil, "a journal line is one line")
                try Disk.write(bytes, to: descriptor, path: path, at: end + length)
                length += bytes.count
            }
            _ = try entry.write(to: stream)
            try Disk.call("sync", path) { fdatasync(descriptor) }
        } catch {
            _ = ftruncate(descriptor, off_t(end))
            throw error
        }
        end += length
        lineCount += 1
    }
}
