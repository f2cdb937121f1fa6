import BlueprintDomain
import Foundation
import Glibc

/// Why the file store could not read or write a wedding's files. Every case names the file.
///
/// Problems with the records themselves (not found, conflicts, invalid values) are reported as
/// `RepositoryError`, as the in-memory store reports them.
public enum FileStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file at `path` did not decode (`line` is set for the journal). It was moved aside to
    /// `keptAs`, never deleted or overwritten; the next open goes on without it (see `FileStore`).
    case corruptFile(path: String, line: Int?, reason: String, keptAs: String)
    /// A file every wedding folder needs is not there.
    case missingFile(path: String)
    /// The folder was written by a newer blueprint than this one.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The folder has an older schema and no migration step starts at its version.
    case missingMigration(path: String, fromVersion: Int)
    /// `wedding.json` holds another wedding than its folder is named for.
    case folderMismatch(path: String, holds: WeddingID)
    /// A system call failed.
    case system(operation: String, path: String, errno: Int32)
    /// A file or folder inside the data directory is a symbolic link. The store never follows
    /// one, so nothing was read or written through it.
    case symbolicLink(path: String)
    /// Something other than a regular file (a folder, a FIFO, a device) is where a file should be.
    case notARegularFile(path: String)
    /// The file or its folder may not be written (permissions, or a read-only mount): the
    /// wedding can be read but not changed.
    case readOnly(path: String)

    public var description: String {
        switch self {
        case let .corruptFile(path, line, reason, keptAs):
            let place = line.map { "\(path) line \($0)" } ?? path
            let next: String
            switch PathName.fileName(of: path) {
            case WeddingFolder.journalName:
                next = "the wedding reopens from its snapshot files, without that journal's changes"
            case WeddingFolder.metaName, SnapshotFile.wedding.fileName:
                next = "the wedding cannot open until the file is repaired and moved back"
            default:
                next = "the wedding reopens without it, as if it were empty"
            }
            return "cannot read \(place): \(reason). The file was kept as \(keptAs); \(next)"
        case let .missingFile(path):
            return "\(path) is missing; restore it from a backup (a set-aside copy ending in .corrupt-<time> may be beside it)"
        case let .newerSchema(path, found, supported):
            return "\(path) has schema version \(found), but this blueprint reads versions up to \(supported): "
                + "upgrade blueprint to open this wedding"
        case let .missingMigration(path, fromVersion):
            return "\(path) has schema version \(fromVersion), and this blueprint has no migration from it"
        case let .folderMismatch(path, holds):
            return "\(path) holds wedding \(holds), not the wedding its folder is named for"
        case let .system(operation, path, code) where code == ENOSPC || code == EDQUOT:
            return "could not \(operation) \(path): the disk is full (\(String(cString: strerror(code)))); "
                + "free some space and try again (what was saved before is kept)"
        case let .system(operation, path, code):
            return "could not \(operation) \(path): \(String(cString: strerror(code)))"
        case let .symbolicLink(path):
            return "\(path) is a symbolic link; blueprint does not follow links inside its data directory, so it read "
                + "and wrote nothing through it: put the real file or folder there instead of the link"
        case let .readOnly(path):
            return "read-only: \(path) may not be written, so nothing can be saved; the wedding can be looked at "
                + "but not changed (check its permissions, or whether the disk is mounted read-only)"
        case let .notARegularFile(path):
            return "\(path) is not a regular file; move it away and restore the file from a backup"
        }
    }
}
