import BlueprintDomain
import Foundation

/// Where everything lives in a data directory:
///
/// ```
/// <root>/index.json          the wedding index (names without guest lists), rebuildable
/// <root>/index.lock          guards index.json
/// <root>/weddings/<id>/      one folder per wedding, named by its WeddingID only
/// <root>/trash/<id>-<time>/  deleted weddings, kept until the user empties the folder
/// ```
struct DataDirectory: Sendable {
    let root: String

    /// `root` made absolute (against the working directory), without a trailing slash.
    static func absolute(_ root: String) -> String {
        let absolute = root.hasPrefix("/") ? root : FileManager.default.currentDirectoryPath + "/" + root
        return absolute.count > 1 && absolute.hasSuffix("/") ? String(absolute.dropLast()) : absolute
    }

    var weddings: String { root + "/weddings" }
    var trash: String { root + "/trash" }
    var index: String { root + "/index.json" }
    var indexLock: String { root + "/index.lock" }

    /// The wedding's folder. Its name is the id's canonical text, never anything a user typed,
    /// so no wedding name can reach outside the data directory.
    func folder(_ id: WeddingID) -> WeddingFolder { WeddingFolder(id: id, path: weddings + "/" + id.description) }

    /// The weddings whose folders exist (entries that are not canonical ids are ignored).
    func weddingIDs() throws -> Set<WeddingID> {
        let names = try Disk.names(in: weddings) ?? []
        return Set(names.compactMap { name in WeddingID(string: name).flatMap { $0.description == name ? $0 : nil } })
    }
}

/// The files of one wedding's folder.
///
/// ```
/// meta.json       format and schema version
/// wedding.json    the wedding's settings          guests.json   the guest list
/// budget.json     categories and expenses         vendors.json  vendors
/// tasks.json      tasks with their subtasks
/// journal.jsonl   committed transactions since the files above were last written
/// activity.jsonl  what the compacted journals' transactions did, for the activity feed
/// preview.json    what the first frame shows, while the files above are all there is
/// documents/      the attached documents' bytes, each file named by its SHA-256
/// lock            the advisory lock file
/// presence/       one file per session that has the wedding open (see `FilePresenceBoard`)
/// ```
struct WeddingFolder: Sendable {
    static let journalName = "journal.jsonl"
    static let metaName = "meta.json"
    static let lockName = "lock"
    static let documentsName = "documents"

    let id: WeddingID
    let path: String

    var meta: String { path + "/" + WeddingFolder.metaName }
    var journal: String { path + "/" + WeddingFolder.journalName }
    var lock: String { path + "/" + WeddingFolder.lockName }
    var preview: String { path + "/" + PreviewFile.name }
    var presence: String { path + "/presence" }
    var activity: String { path + "/activity.jsonl" }
    /// A database's local copy only: commits made offline, to push (see `QueuedCommitsFile`).
    var outbox: String { path + "/outbox.json" }
    /// A database's local copy only: queued commits the database refused as conflicts.
    var conflicts: String { path + "/conflicts.json" }
    /// The stored document files, each named by its content's SHA-256.
    var documents: String { path + "/" + WeddingFolder.documentsName }

    func path(of file: SnapshotFile) -> String { path + "/" + file.fileName }

    var exists: Bool { Disk.exists(path) }
}
