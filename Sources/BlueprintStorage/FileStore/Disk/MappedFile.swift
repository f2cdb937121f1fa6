import Foundation
import Glibc

/// A large snapshot file mapped read-only into memory, whose pages are given back as they are read.
///
/// A guest list of 100,000 guests is a 100 MB file. Read into memory whole, it doubled the
/// planner's peak while it was decoded into records (#26: the peak is what a server's memory
/// limit meets). Mapped, its pages come from the system's file cache as the decoder reaches
/// them, and `release` hands back the ones read, so at any moment the process holds only the
/// few megabytes being decoded; a page wanted again (decoding after the scan, or the full parse
/// that reports a problem) is read back from the file cache.
///
/// The store replaces snapshot files by renaming a new file over them (`AtomicFile`) and never
/// shortens one in place, so the file mapped does not change while it is read: a writer's new
/// file is another file, and this mapping keeps the old one's pages.
final class MappedFile: @unchecked Sendable {
    /// The file's bytes. (The mapping is read-only, so sharing them between threads is safe.)
    let bytes: UnsafeRawBufferPointer
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps the `count` bytes of the file open as `descriptor` (at `path`, for messages).
    init(descriptor: Int32, path: String, count: Int) throws {
        guard let start = mmap(nil, max(count, 1), PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED else {
            throw FileStoreError.system(operation: "map", path: path, errno: errno)
        }
        bytes = UnsafeRawBufferPointer(start: start, count: count)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), max(bytes.count, 1)) }

    /// The bytes as `Data` that keeps the mapping alive, without copying them.
    var data: Data {
        Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: bytes.count,
             deallocator: .custom { _, _ in withExtendedLifetime(self) {} })
    }

    /// Gives back the memory of the pages that lie wholly inside `range` (byte offsets): they
    /// have been read, and reading them again reads them from the file.
    func release(_ range: Range<Int>) {
        let base = Int(bitPattern: bytes.baseAddress)
        let first = (base + max(range.lowerBound, 0) + pageSize - 1) / pageSize * pageSize
        let end = (base + min(range.upperBound, bytes.count)) / pageSize * pageSize
        guard end > first else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: first), end - first, MADV_DONTNEED)
    }
}
