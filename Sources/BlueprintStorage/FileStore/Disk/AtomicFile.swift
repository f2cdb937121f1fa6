import Foundation
import Glibc

/// Replacing a file so that a crash at any instant leaves either its old or its new content.
///
/// The new content goes to `<name>.tmp` beside it (mode 0600), is synced, and is renamed over the
/// old file; then the folder is synced so the rename itself is durable. Callers hold the lock that
/// guards the file, so one fixed temporary name suffices (a crash's leftover is simply replaced);
/// a write that fails (a full disk) removes it.
public enum AtomicFile {
    static func temporaryPath(for path: String) -> String { path + ".tmp" }

    /// Replaces `path` with `data`. Pass `syncingFolder: false` when renaming several files and
    /// syncing their folder once afterwards.
    public static func write(_ data: Data, to path: String, syncingFolder: Bool = true) throws {
        close(try writeAndOpen(data, to: path, syncingFolder: syncingFolder))
    }

    /// Replaces `path` with what `content` hands its sink, in order, without holding it all;
    /// returns the new file's size.
    @discardableResult
    static func write(to path: String, syncingFolder: Bool = true,
                      content: (_ sink: @escaping JSONObjectStream.Sink) throws -> Void) throws -> Int {
        var size = 0
        let descriptor = try writeAndOpen(to: path, syncingFolder: syncingFolder) { descriptor, temporary in
            try content { bytes in
                try Disk.write(bytes, to: descriptor, path: temporary, at: size)
                size += bytes.count
            }
        }
        close(descriptor)
        return size
    }

    /// Like `write`, and returns a read-write descriptor of the new file.
    static func writeAndOpen(_ data: Data, to path: String, syncingFolder: Bool = true) throws -> Int32 {
        try writeAndOpen(to: path, syncingFolder: syncingFolder) { descriptor, temporary in
            try Disk.write(data, to: descriptor, path: temporary, at: 0)
        }
    }

    /// Like `writeAndOpen`, with an exclusive `flock` taken on the new file before it is renamed
    /// into place: whoever opens `path` finds it locked for as long as the returned descriptor is
    /// open, even across replacements (the next file is locked before it replaces this one).
    static func writeLocked(_ data: Data, to path: String, syncingFolder: Bool = true) throws -> Int32 {
        try writeAndOpen(to: path, syncingFolder: syncingFolder) { descriptor, temporary in
            try Disk.call("lock", temporary) { flock(descriptor, LOCK_EX | LOCK_NB) }
            try Disk.write(data, to: descriptor, path: temporary, at: 0)
        }
    }

    private static func writeAndOpen(to path: String, syncingFolder: Bool,
                                     content: (_ descriptor: Int32, _ temporary: String) throws -> Void) throws -> Int32 {
        let temporary = temporaryPath(for: path)
        let descriptor = try Disk.open(temporary, O_RDWR | O_CREAT | O_TRUNC)
        do {
            do {
                try content(descriptor, temporary)
                try Disk.sync(descriptor, path: temporary)
                try Disk.rename(temporary, to: path)
            } catch {
                // A disk too full for the new content is not left fuller by half of it.
                unlink(temporary)
                throw error
            }
            if syncingFolder { try Disk.syncDirectory(PathName.folder(of: path)) }
            return descriptor
        } catch {
            close(descriptor)
            throw error
        }
    }
}
