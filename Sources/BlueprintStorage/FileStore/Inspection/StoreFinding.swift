import BlueprintDomain
import Foundation
import Glibc

/// Something a read-only inspection of a data directory noticed. Each case names the path; what
/// it means for the user (and how bad it is) is for the caller to say.
public enum StoreFinding: Sendable, Equatable {
    /// The data directory does not exist yet. `creatableIn` is the nearest existing folder
    /// above it when this user may create folders there (the store creates it on first use),
    /// else `nil`.
    case rootMissing(path: String, creatableIn: String?)
    /// Something other than a folder is where a folder should be.
    case notADirectory(path: String)
    /// This user lacks the access the store needs.
    case notAccessible(path: String, missing: FileAccess)
    /// The folder or file belongs to another user.
    case ownedByAnotherUser(path: String, owner: UInt32)
    /// Others (group or world) may read it, against the store's 0700/0600 rule. `mode` is the
    /// permission bits.
    case readableByOthers(path: String, mode: UInt32)
    /// Others (group or world) may write to it.
    case writableByOthers(path: String, mode: UInt32)
    /// A system call on it failed (the `errno`), for instance a read error.
    case cannotRead(path: String, errno: Int32)
    /// The file does not decode (the store would move it aside on the next open). `line` is the
    /// journal line, or the line the JSON decoder stopped at.
    case unreadable(path: String, line: Int?, reason: String)
    /// A file every wedding folder needs (`meta.json`, `wedding.json`) is not there.
    case missingFile(path: String)
    /// A table file is not there: the wedding opens with that table empty.
    case missingTable(path: String)
    /// The folder was written by a newer blueprint.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The folder has an older schema; the next open migrates it.
    case olderSchema(path: String, found: Int, current: Int)
    /// The folder has an older schema that no migration step reads.
    case missingMigration(path: String, fromVersion: Int)
    /// `wedding.json` holds another wedding than the folder is named for.
    case folderMismatch(path: String, holds: WeddingID)
    /// There is no journal; the next open starts an empty one.
    case noJournal(path: String)
    /// The journal ends in a line cut off by a crash before it was acknowledged: it was never
    /// part of the data, and the next write drops it.
    case tornJournalTail(path: String, bytes: Int)
    /// A copy of a file that did not decode, moved aside by the store earlier (`<name>.corrupt-<time>`).
    case setAside(path: String)
    /// A wedding folder whose creation was interrupted (`weddings/.new-…`); listing ignores it.
    case unfinishedCreation(path: String)
    /// Something in `weddings/` that is not a wedding folder; the store ignores it.
    case unknownEntry(path: String)
    /// A symbolic link inside the data directory; the store refuses to read or write through it.
    case symbolicLink(path: String)
    /// Something other than a regular file where the store keeps a file; the store refuses it.
    case notARegularFile(path: String)
    /// The stored file of the document `id` (`title`) is not there.
    case missingDocument(path: String, id: UUID, title: String)
    /// The stored file of the document `id` (`title`) no longer hashes to its name: its bytes changed.
    case alteredDocument(path: String, id: UUID, title: String)

    /// The path the finding is about.
    public var path: String {
        switch self {
        case let .rootMissing(path, _), let .notADirectory(path), let .notAccessible(path, _),
             let .ownedByAnotherUser(path, _), let .readableByOthers(path, _), let .writableByOthers(path, _),
             let .cannotRead(path, _), let .unreadable(path, _, _), let .missingFile(path), let .missingTable(path),
             let .newerSchema(path, _, _), let .olderSchema(path, _, _), let .missingMigration(path, _),
             let .folderMismatch(path, _), let .noJournal(path), let .tornJournalTail(path, _), let .setAside(path),
             let .unfinishedCreation(path), let .unknownEntry(path), let .symbolicLink(path), let .notARegularFile(path),
             let .missingDocument(path, _, _), let .alteredDocument(path, _, _):
            return path
        }
    }
}

/// Kinds of access to a file or folder, as `access(2)` checks them.
public struct FileAccess: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let read = FileAccess(rawValue: R_OK)
    public static let write = FileAccess(rawValue: W_OK)
    /// For a folder: entering it.
    public static let search = FileAccess(rawValue: X_OK)

    /// "read and write", "write".
    public var description: String {
        let names = [(FileAccess.read, "read"), (.write, "write"), (.search, "search")]
            .filter { contains($0.0) }.map(\.1)
        return names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
