import Dispatch
import Glibc

/// How a lock is shared: readers share, a writer excludes everyone.
enum LockMode: Sendable {
    case shared, exclusive
}

/// An advisory `flock` held on a lock file; `release()` gives it back.
///
/// Each acquisition opens its own descriptor, so two holders in one process exclude each other
/// exactly as two processes do (a `flock` belongs to the open file, not to the process). A
/// shared lock in a folder nobody may write to needs no file (`descriptor` is nil): there can
/// be no writer to keep out.
struct HeldLock: Sendable {
    fileprivate let descriptor: Int32?

    func release() {
        if let descriptor { close(descriptor) }
    }
}

enum FileLock {
    /// Takes the lock on the file at `path` (created 0600 if missing; its folder must exist).
    /// Waiting for another holder happens on a dispatch thread, not on the caller's executor.
    /// Readers in a read-only folder lock the file read-only, or go without it when it is
    /// missing there; a writer gets `FileStoreError.readOnly`.
    static func acquire(_ path: String, _ mode: LockMode) async throws -> HeldLock {
        let descriptor: Int32
        do {
            descriptor = try Disk.open(path, O_RDWR | O_CREAT)
        } catch FileStoreError.readOnly where mode == .shared {
            do {
                descriptor = try Disk.open(path, O_RDONLY)
            } catch let error as FileStoreError where error.isNoSuchFile {
                return HeldLock(descriptor: nil)
            }
        }
        let operation = mode == .shared ? LOCK_SH : LOCK_EX
        if flock(descriptor, operation | LOCK_NB) == 0 { return HeldLock(descriptor: descriptor) }
        guard errno == EWOULDBLOCK || errno == EINTR else {
            let code = errno
            close(descriptor)
            throw FileStoreError.system(operation: "lock", path: path, errno: code)
        }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    try Disk.call("lock", path) { flock(descriptor, operation) }
                    continuation.resume(returning: HeldLock(descriptor: descriptor))
                } catch {
                    close(descriptor)
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Takes the lock on an existing lock file if no one is in the way, without creating or
    /// changing the file (it is opened read-only); `nil` when another holder excludes it.
    static func attempt(_ path: String, _ mode: LockMode) throws -> HeldLock? {
        let descriptor = try Disk.open(path, O_RDONLY)
        if flock(descriptor, (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0 { return HeldLock(descriptor: descriptor) }
        let code = errno
        close(descriptor)
        guard code == EWOULDBLOCK || code == EINTR else { throw FileStoreError.system(operation: "lock", path: path, errno: code) }
        return nil
    }
}
