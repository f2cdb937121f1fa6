import Foundation
import Glibc

/// The kernel's table of file locks (`/proc/locks`), to say who holds a lock file without
/// taking it.
///
/// A line reads `1: FLOCK  ADVISORY  WRITE 698 fe:00:16220255 0 EOF`: the lock's kind, its mode
/// (WRITE is exclusive, READ shared), the process that took it, the file's device (major:minor,
/// hexadecimal) and inode. A waiter's line has `->` after the number. Only `flock` locks are
/// read, which is what the store takes.
enum KernelLocks {
    struct Entry: Equatable {
        let pid: Int32
        let exclusive: Bool
        let waiting: Bool
        let major: UInt32
        let minor: UInt32
        let inode: UInt64
    }

    /// The holders and waiters of the lock file with this identity, with their commands.
    static func holders(of file: FileIdentity, table: String? = try? String(contentsOfFile: "/proc/locks", encoding: .utf8))
        -> [LockHolder] {
        guard let table else { return [] }
        let (major, minor) = deviceNumbers(file.device)
        return parse(table)
            .filter { $0.inode == file.inode && $0.major == major && $0.minor == minor }
            .map { LockHolder(pid: $0.pid, exclusive: $0.exclusive, waiting: $0.waiting, command: command(of: $0.pid)) }
    }

    static func parse(_ table: String) -> [Entry] {
        table.split(separator: "\n").compactMap { line in
            var fields = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst()
            let waiting = fields.first == "->"
            if waiting { fields = fields.dropFirst() }
            let values = Array(fields)
            guard values.count >= 5, values[0] == "FLOCK", let pid = Int32(values[3]) else { return nil }
            let place = values[4].split(separator: ":")
            guard place.count == 3, let major = UInt32(place[0], radix: 16), let minor = UInt32(place[1], radix: 16),
                  let inode = UInt64(place[2]) else { return nil }
            return Entry(pid: pid, exclusive: values[2] == "WRITE", waiting: waiting, major: major, minor: minor, inode: inode)
        }
    }

    /// glibc's encoding of `dev_t` (what `major(3)` and `minor(3)` undo; macros Swift cannot import).
    static func deviceNumbers(_ device: UInt64) -> (major: UInt32, minor: UInt32) {
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~UInt64(0xFFF))
        let minor = (device & 0xFF) | ((device >> 12) & ~UInt64(0xFF))
        return (UInt32(truncatingIfNeeded: major), UInt32(truncatingIfNeeded: minor))
    }

    /// The process's command line, arguments joined by spaces, or `nil` when it is gone or
    /// belongs to another user.
    static func command(of pid: Int32) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty else { return nil }
        let arguments = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        return arguments.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}
