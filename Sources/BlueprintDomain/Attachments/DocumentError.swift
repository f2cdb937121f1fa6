import Foundation

/// Why attaching, finding or exporting a document failed. Each case names the file or the id.
public enum DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is nothing at the path given to attach.
    case noSuchFile(path: String)
    /// The path given to attach is a folder.
    case isAFolder(path: String)
    /// The file to attach could not be read: `reason` says why.
    case unreadable(path: String, reason: String)
    /// No document's id starts with the text given.
    case noMatch(String)
    /// Several documents' ids start with the text given; `matches` are their ids.
    case ambiguous(String, matches: [UUID])
    /// The document's stored file is not there (restore it from a backup).
    case storedFileMissing(path: String, title: String)
    /// The document's stored file no longer hashes to its name: its bytes were altered.
    case storedFileAltered(path: String, title: String)
    /// Purging is only for documents in the trash.
    case notInTrash(title: String)
    /// The document's bytes are kept in the database, which cannot be reached now, and are not
    /// on this machine yet.
    case notFetchedYet(title: String)
    /// The document's bytes are neither on this machine (`path`) nor in the database.
    case storedNowhere(path: String, title: String)
    /// The bytes the database sent for the document do not hash to its SHA-256: refused, nothing written.
    case receivedAltered(title: String)

    public var description: String {
        switch self {
        case let .noSuchFile(path): "FILE '\(path)' does not exist"
        case let .isAFolder(path): "FILE '\(path)' is a folder; attach a file"
        case let .unreadable(path, reason): "cannot read FILE '\(path)': \(reason)"
        case let .noMatch(text): "no document with an id starting '\(text)' (`blueprint doc list --trash` shows every id)"
        case let .ambiguous(text, matches):
            "\(matches.count) documents have ids starting '\(text)': "
                + matches.map { String($0.uuidString.lowercased().prefix(8)) }.joined(separator: ", ") + "; give more of the id"
        case let .storedFileMissing(path, title):
            "the stored file of '\(title)' is missing (\(path)); restore it from a backup"
        case let .storedFileAltered(path, title):
            "the stored file of '\(title)' (\(path)) no longer matches its SHA-256: it was altered; restore it from a backup"
        case let .notInTrash(title): "'\(title)' is not in the trash; delete it first"
        case let .notFetchedYet(title):
            "the file of '\(title)' is on the database and not on this machine yet; it comes when the database answers"
        case let .storedNowhere(path, title):
            "the file of '\(title)' is neither on this machine (\(path)) nor in the database; "
                + "attach it again from the original"
        case let .receivedAltered(title):
            "the database sent bytes for '\(title)' that do not match its SHA-256; refused, nothing was written"
        }
    }
}
