import Foundation
import Glibc

/// The device and inode of a file: tells a file replaced by a rename from one appended to.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// Errno-checked wrappers around the POSIX calls the file store is built on.
///
/// Written on POSIX rather than `FileManager` because durability needs what it does not offer:
/// `fsync` of files and folders, explicit modes, advisory locks and positioned writes.
enum Disk {
    /// Folders are private to the user, whatever the umask.
    static let directoryMode: mode_t = 0o700
    /// Files are private to the user, whatever the umask.
    static let fileMode: mode_t = 0o600

    /// Runs a system call until it does not fail with EINTR; a failure throws `.system` naming `path`.
    @discardableResult
    static func call<T: BinaryInteger>(_ operation: String, _ path: String, _ body: () -> T) throws -> T {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code == EINTR { continue }
            throw FileStoreError.system(operation: operation, path: path, errno: code)
        }
    }

    /// Creates the folder with mode 0700, unless it exists already. A parent that may not be
    /// written is `.readOnly`.
    static func makeDirectory(_ path: String) throws {
        if mkdir(path, directoryMode) == 0 {
            try call("set the mode of", path) { chmod(path, directoryMode) }
        } else if [EACCES, EPERM, EROFS].contains(errno) {
            throw FileStoreError.readOnly(path: PathName.folder(of: path))
        } else if errno != EEXIST {
            throw FileStoreError.system(operation: "create the folder", path: path, errno: errno)
        }
    }

    /// Creates the folder and its missing parents, each with mode 0700.
    static func makeDirectoryTree(_ path: String) throws {
        var status = stat()
        if stat(path, &status) == 0 { return }
        let parent = PathName.folder(of: path)
        if parent != path { try makeDirectoryTree(parent) }
        try makeDirectory(path)
    }


    /// Opens a regular file (close-on-exec). With `O_CREAT` a new file gets mode 0600, set
    /// explicitly. A symbolic link is never followed (`.symbolicLink`), anything but a regular
    /// file is refused (`.notARegularFile`) without waiting on it, as opening a FIFO would, and
    /// a file that may not be written is `.readOnly` when writing was asked for.
    static func open(_ path: String, _ flags: Int32) throws -> Int32 {
        let descriptor: Int32
        do {
            descriptor = try call("open", path) { Glibc.open(path, flags | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, fileMode) }
        } catch FileStoreError.system(_, _, ELOOP) where isSymbolicLink(path) {
            throw FileStoreError.symbolicLink(path: path)
        } catch FileStoreError.system(_, _, let code) where [EACCES, EPERM, EROFS].contains(code) && writes(flags) {
            throw FileStoreError.readOnly(path: path)
        }
        do {
            var status = stat()
            try call("inspect", path) { fstat(descriptor, &status) }
            guard status.st_mode & S_IFMT == S_IFREG else { throw FileStoreError.notARegularFile(path: path) }
            if flags & O_NONBLOCK == 0 { try call("open", path) { fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) } }
            if flags & O_CREAT != 0 { try call("set the mode of", path) { fchmod(descriptor, fileMode) } }
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Whether opening with `flags` asks to change the file (or create it).
    private static func writes(_ flags: Int32) -> Bool {
        flags & O_ACCMODE != O_RDONLY || flags & (O_CREAT | O_TRUNC) != 0
    }

    /// Whether `path` itself (not what it points to) is a symbolic link.
    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// Throws `.symbolicLink` if the folder at `path` is a link: a file opened inside it would
    /// be outside the data directory, which `O_NOFOLLOW` on the file alone does not catch.
    static func refuseLinkedFolder(_ path: String) throws {
        if isSymbolicLink(path) { throw FileStoreError.symbolicLink(path: path) }
    }

    /// The whole file, or `nil` when there is no file at `path`.
    static func read(_ path: String) throws -> Data? {
        let descriptor: Int32
        do {
            descriptor = try open(path, O_RDONLY)
        } catch let error as FileStoreError where error.isNoSuchFile {
            return nil
        }
        defer { close(descriptor) }
        return try read(descriptor, path: path, from: 0, count: size(of: descriptor, path: path))
    }

    /// Up to `count` bytes from `offset` (fewer if the file ends first).
    static func read(_ descriptor: Int32, path: String, from offset: Int, count: Int) throws -> Data {
        let buffer = ReadBuffer(byteCount: count)
        var filled = 0
        do {
            while filled < count {
                let got = try call("read", path) { pread(descriptor, buffer.start + filled, count - filled, off_t(offset + filled)) }
                if got == 0 { break }
                filled += got
            }
        } catch {
            buffer.deallocate()
            throw error
        }
        return Data(bytesNoCopy: buffer.start, count: filled, deallocator: .custom { _, _ in buffer.deallocate() })
    }

    /// Memory to read a file into, uninitialised: zero-filling a 10 MB guest list first cost
    /// as much as reading it. A large buffer is mapped with its pages in place before the read:
    /// taking a page fault for each 4 KiB page as the read filled it made reading a 10 MB guest
    /// list take twice as long. It asks for 2 MiB pages where the system gives them on request
    /// (transparent huge pages in `madvise` mode, the common default), which put the pages of a
    /// 10 MB list in place in 1.6 ms instead of 5 ms here; without them it gets 4 KiB pages as before.
    private struct ReadBuffer: @unchecked Sendable {
        static let mappedFrom = 4 << 20
        private static let hugePage = 2 << 20
        /// `MADV_POPULATE_WRITE` (Linux 5.14; not in every C library's headers). Older kernels
        /// refuse it, and the read then faults the pages in.
        private static let populateWrite: Int32 = 23

        let start: UnsafeMutableRawPointer
        let byteCount: Int
        /// The whole mapping (`start` is its first 2 MiB boundary), or nil for heap memory.
        private let mapping: (start: UnsafeMutableRawPointer, length: Int)?

        init(byteCount: Int) {
            self.byteCount = max(byteCount, 1)
            let length = byteCount + Self.hugePage
            if byteCount >= Self.mappedFrom,
               let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
               mapped != MAP_FAILED {
                let aligned = mapped.alignedUp(toMultipleOf: Self.hugePage)
                _ = madvise(aligned, byteCount, MADV_HUGEPAGE)
                _ = madvise(aligned, byteCount, Self.populateWrite)
                start = aligned
                mapping = (mapped, length)
            } else {
                start = .allocate(byteCount: self.byteCount, alignment: 16)
                mapping = nil
            }
        }

        func deallocate() {
            if let mapping { munmap(mapping.start, mapping.length) } else { start.deallocate() }
        }
    }

    /// Writes every byte of `data` at `offset`. (Under a `DiskFaults` fault it writes half and fails.)
    static func write(_ data: Data, to descriptor: Int32, path: String, at offset: Int) throws {
        try data.withUnsafeBytes { try write($0, to: descriptor, path: path, at: offset) }
    }

    /// Writes every byte of `bytes` at `offset`. (Under a `DiskFaults` fault it writes half and fails.)
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String, at offset: Int) throws {
        let fault = DiskFaults.failure(writing: path)
        let end = fault == nil ? bytes.count : bytes.count / 2
        var written = 0
        while written < end {
            written += try call("write", path) {
                pwrite(descriptor, bytes.baseAddress! + written, end - written, off_t(offset + written))
            }
        }
        if let fault { throw FileStoreError.system(operation: "write", path: path, errno: fault) }
    }

    /// Waits until the file's data has reached the disk.
    static func sync(_ descriptor: Int32, path: String) throws {
        try call("sync", path) { fsync(descriptor) }
    }

    /// Makes renames and new names in the folder durable.
    static func syncDirectory(_ path: String) throws {
        let descriptor = try call("open the folder", path) { Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { close(descriptor) }
        try sync(descriptor, path: path)
    }

    static func rename(_ source: String, to destination: String) throws {
        try call("rename", "\(source) to \(destination)") { Glibc.rename(source, destination) }
    }

    static func size(of descriptor: Int32, path: String) throws -> Int {
        var status = stat()
        try call("inspect", path) { fstat(descriptor, &status) }
        return Int(status.st_size)
    }

    static func identity(of descriptor: Int32, path: String) throws -> FileIdentity {
        var status = stat()
        try call("inspect", path) { fstat(descriptor, &status) }
        return FileIdentity(status)
    }

    /// The identity of the file now at `path`, or `nil` when there is none.
    static func identity(at path: String) throws -> FileIdentity? {
        var status = stat()
        if stat(path, &status) == 0 { return FileIdentity(status) }
        if errno == ENOENT || errno == ENOTDIR { return nil }
        throw FileStoreError.system(operation: "inspect", path: path, errno: errno)
    }

    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The names in a folder (without `.` and `..`), or `nil` when the folder does not exist.
    static func names(in path: String) throws -> [String]? {
        guard let directory = opendir(path) else {
            if errno == ENOENT { return nil }
            throw FileStoreError.system(operation: "list", path: path, errno: errno)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}

extension FileStoreError {
    /// A system call failed because the file or one of its folders does not exist.
    var isNoSuchFile: Bool {
        if case let .system(_, _, code) = self { return code == ENOENT || code == ENOTDIR }
        return false
    }
}
