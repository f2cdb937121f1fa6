import BlueprintDomain
import Foundation

/// Setting aside a file that failed to decode: it is renamed beside itself, never deleted or
/// overwritten, so its owner can repair it by hand.
enum Quarantine {
    /// Renames `path` to `<path>.corrupt-<time>` (with a counter if that name is taken) and
    /// returns the new path. The caller holds the lock that guards the file.
    static func moveAside(_ path: String, at time: Timestamp) throws -> String {
        let stamp = time.description.filter { $0 != "-" && $0 != ":" }
        var candidate = "\(path).corrupt-\(stamp)"
        var counter = 1
        while Disk.exists(candidate) {
            counter += 1
            candidate = "\(path).corrupt-\(stamp)-\(counter)"
        }
        try Disk.rename(path, to: candidate)
        try Disk.syncDirectory(PathName.folder(of: path))
        return candidate
    }
}
