import BlueprintDomain
import Foundation
import Glibc

/// A wedding's stored document files: `weddings/<id>/documents/<sha256>`, each content once.
///
/// A file is written under a unique temporary name in the folder (mode 0600), hashed while it
/// is written, synced, and renamed to its SHA-256; then the folder is synced. Two attachments of
/// the same bytes end as one file. The names are hashes the store computed, never anything a
/// user typed, so no file name or title can reach outside the folder.
public struct DocumentFiles: Sendable {
    /// The folder (`weddings/<id>/documents`).
    public let folder: String
    /// How much is read and written at a time.
    static let chunkSize = 1 << 20

    public init(folder: String) {
        self.folder = folder
    }

    /// Where the content with `sha256` is stored.
    public func path(of sha256: String) -> String { folder + "/" + sha256 }

    /// What a stored file's check found.
    public enum State: Equatable, Sendable {
        case intact
        case missing
        /// Its bytes hash to `actual`, not to its name.
        case altered(actual: String)
        /// It could not be read (`errno`), or is not a regular file (`nil`).
        case unreadable(errno: Int32?)
    }

    /// A file the store wrote: its content's SHA-256, its size and its first bytes (to tell its type).
    public struct Stored: Sendable {
        public let sha256: String
        public let byteCount: Int
        public let head: Data
    }

    /// Stores the regular file at `source`, read once.
    ///
    /// - Throws: `DocumentError` naming `source` when it is missing, a folder or unreadable;
    ///   `FileStoreError` when the store's folder cannot be written.
    public func store(fileAt source: String) throws -> Stored {
        let input = try Self.openSource(source)
        defer { close(input) }
        var head = Data()
        return try write { sink in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let got = Glibc.read(input, buffer.baseAddress, buffer.count)
                if got < 0 {
                    if errno == EINTR { continue }
                    throw DocumentError.unreadable(path: source, reason: String(cString: strerror(errno)))
                }
                if got == 0 { break }
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<got])
                if head.count < ContentTypes.sniffedBytes { head.append(contentsOf: chunk.prefix(ContentTypes.sniffedBytes - head.count)) }
                try sink(chunk)
            }
        } head: { head }
    }

    /// Stores `bytes` and returns their SHA-256.
    public func store(_ bytes: Data) throws -> String {
        let stored = try write({ sink in try bytes.withUnsafeBytes { try sink($0) } }, head: { Data() })
        return stored.sha256
    }

    /// Stores `bytes` received for the document titled `title` as the content `sha256`, only if
    /// they hash to it (else nothing is written: `DocumentError.receivedAltered`).
    public func store(_ bytes: Data, expecting sha256: String, title: String) throws {
        _ = try write({ sink in try bytes.withUnsafeBytes { try sink($0) } }, head: { Data() },
                      expecting: (sha256, title))
    }

    /// Whether the content `sha256` is stored here (not checked: see `check`).
    public func has(_ sha256: String) -> Bool { Disk.exists(path(of: sha256)) }

    /// The stored content `sha256` of the document titled `title`, read whole and checked against its hash.
    ///
    /// - Throws: `DocumentError.storedFileMissing` or `.storedFileAltered`.
    public func contents(of sha256: String, title: String) throws -> Data {
        let source = path(of: sha256)
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        } catch {
            throw DocumentError.storedFileMissing(path: source, title: title)
        }
        guard Document.sha256(of: bytes) == sha256 else { throw DocumentError.storedFileAltered(path: source, title: title) }
        return bytes
    }

    /// Checks the stored file with `sha256`: there, a regular file, and its bytes hash to its name.
    public func check(_ sha256: String) -> State {
        let path = path(of: sha256)
        let descriptor: Int32
        do {
            descriptor = try Disk.open(path, O_RDONLY)
        } catch let error as FileStoreError where error.isNoSuchFile {
            return .missing
        } catch FileStoreError.system(_, _, let code) {
            return .unreadable(errno: code)
        } catch {
            return .unreadable(errno: nil)
        }
        defer { close(descriptor) }
        do {
            let actual = try Self.hash(descriptor, path: path) { _ in }
            return actual == sha256 ? .intact : .altered(actual: actual)
        } catch FileStoreError.system(_, _, let code) {
            return .unreadable(errno: code)
        } catch {
            return .unreadable(errno: nil)
        }
    }

    /// Writes the stored content `sha256` to `destination` as an `OutputFile` (whole or not at all;
    /// an existing file kept unless `replacing`), checking on the way that it still hashes to its name.
    public func export(_ sha256: String, title: String, to destination: String, replacing: Bool) throws {
        let source = path(of: sha256)
        let input: Int32
        do {
            input = try Disk.open(source, O_RDONLY)
        } catch let error as FileStoreError where error.isNoSuchFile {
            throw DocumentError.storedFileMissing(path: source, title: title)
        }
        defer { close(input) }
        try OutputFile(path: destination, replacing: replacing).write { output, temporary in
            var offset = 0
            let actual = try Self.hash(input, path: source) { chunk in
                try Disk.write(chunk, to: output, path: temporary, at: offset)
                offset += chunk.count
            }
            guard actual == sha256 else { throw DocumentError.storedFileAltered(path: source, title: title) }
        }
    }

    /// Removes the stored file with `sha256`, if it is there.
    public func remove(_ sha256: String) throws {
        let path = path(of: sha256)
        if unlink(path) != 0, errno != ENOENT { throw FileStoreError.system(operation: "remove", path: path, errno: errno) }
        try Disk.syncDirectory(folder)
    }

    /// Writes what `content` hands its sink to a new temporary file, then keeps it under its
    /// hash (or drops it when an intact file of that content is already stored). With
    /// `expecting`, a content whose hash is not the one expected is dropped and refused.
    private func write(_ content: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void,
                       head: () -> Data, expecting: (sha256: String, title: String)? = nil) throws -> Stored {
        try Disk.refuseLinkedFolder(folder)
        // Its parents too: a database's wedding has no folder in the data directory until then.
        try Disk.makeDirectoryTree(folder)
        let temporary = folder + "/.incoming-" + UUID().uuidString.lowercased()
        let descriptor = try Disk.open(temporary, O_WRONLY | O_CREAT | O_EXCL)
        defer { close(descriptor) }
        do {
            var hasher = ContentHasher()
            var size = 0
            try content { chunk in
                hasher.update(chunk)
                try Disk.write(chunk, to: descriptor, path: temporary, at: size)
                size += chunk.count
            }
            let sha256 = hasher.finish()
            if let expecting, expecting.sha256 != sha256 { throw DocumentError.receivedAltered(title: expecting.title) }
            if check(sha256) == .intact {
                unlink(temporary)
            } else {
                try Disk.sync(descriptor, path: temporary)
                try Disk.rename(temporary, to: path(of: sha256))
                try Disk.syncDirectory(folder)
            }
            return Stored(sha256: sha256, byteCount: size, head: head())
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Hashes the file open as `descriptor` from its start, handing each chunk to `each`.
    private static func hash(_ descriptor: Int32, path: String, _ each: (UnsafeRawBufferPointer) throws -> Void) throws -> String {
        var hasher = ContentHasher()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while true {
            let got = try Disk.call("read", path) { pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }
            if got == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<got])
            hasher.update(chunk)
            try each(chunk)
            offset += got
        }
        return hasher.finish()
    }

    /// Opens the file to attach for reading: following a link is fine here (it is the user's
    /// own file, outside the data directory), but it must be a regular file.
    private static func openSource(_ path: String) throws -> Int32 {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw DocumentError.noSuchFile(path: path)
            case let code: throw DocumentError.unreadable(path: path, reason: String(cString: strerror(code)))
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw DocumentError.unreadable(path: path, reason: reason)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            _ = fcntl(descriptor, F_SETFL, O_RDONLY)
            return descriptor
        case S_IFDIR:
            close(descriptor)
            throw DocumentError.isAFolder(path: path)
        default:
            close(descriptor)
            throw DocumentError.unreadable(path: path, reason: "it is not a regular file")
        }
    }
}
