import Glibc
import Synchronization

/// The tests' full disk: writes to chosen files stop half-way with an error (`ENOSPC` unless
/// told otherwise), as `pwrite` does when the disk fills, without filling one (tests cannot
/// mount a small file system everywhere they run). Nothing arms it outside tests.
enum DiskFaults {
    private static let armed = Mutex<[String: Int32]>([:])

    /// From now on, a write to the file at exactly `path` writes half its bytes and fails with `code`.
    static func failWrites(to path: String, with code: Int32 = ENOSPC) {
        armed.withLock { $0[path] = code }
    }

    /// Writes to `path` work again.
    static func clear(_ path: String) {
        armed.withLock { $0[path] = nil }
    }

    /// The error a write to `path` is to fail with, if any.
    static func failure(writing path: String) -> Int32? {
        armed.withLock { $0.isEmpty ? nil : $0[path] }
    }
}
