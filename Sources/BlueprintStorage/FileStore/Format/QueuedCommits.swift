import BlueprintDomain
import Foundation

/// A commit made to the local copy of a database's wedding while the database could not be
/// reached: what is pushed to the database on reconnect, each change version-checked against
/// `previousVersion` (the version the copy had, from the database or an earlier queued commit).
public struct QueuedCommit: Sendable, Equatable {
    public let at: Timestamp
    /// What the change was, as the caller named it ("update guest").
    public let operation: String
    public let author: String
    /// Every record the commit stored or deleted, with its previous version.
    public let changes: [RecordChange]

    public init(at: Timestamp, operation: String, author: String, changes: [RecordChange]) {
        self.at = at
        self.operation = operation
        self.author = author
        self.changes = changes
    }
}

/// A wedding folder's `outbox.json` (commits queued while offline, oldest first) or
/// `conflicts.json` (queued commits the database refused because someone changed the same
/// record first): a JSON array, replaced whole and atomically (temp file, fsync, rename, fsync
/// folder) under the wedding's exclusive lock. A missing file is an empty list.
enum QueuedCommitsFile {
    private struct Line: Codable {
        let at: Timestamp
        let operation: String
        let author: String
        /// Each mutation's record's previous version, in order (`null`: created).
        let previousVersions: [Int?]
        /// The mutations, as the journal writes them (a JSON array, as text).
        let mutations: String
    }

    static func read(_ path: String) throws -> [QueuedCommit] {
        guard let data = try Disk.read(path) else { return [] }
        do {
            return try JSONDecoder().decode([Line].self, from: data).map { line in
                let mutations = try RecordJSON.decodeMutations(from: Data(line.mutations.utf8))
                guard mutations.count == line.previousVersions.count else {
                    throw RepositoryError.storage("\(path): a queued commit's versions do not match its changes")
                }
                return QueuedCommit(at: line.at, operation: line.operation, author: line.author,
                                    changes: zip(mutations, line.previousVersions).map { RecordChange($0, previousVersion: $1) })
            }
        } catch let error as RepositoryError {
            throw error
        } catch {
            throw RepositoryError.storage("\(path) does not decode: \(error)")
        }
    }

    static func write(_ commits: [QueuedCommit], to path: String) throws {
        let lines = try commits.map { commit in
            Line(at: commit.at, operation: commit.operation, author: commit.author,
                 previousVersions: commit.changes.map(\.previousVersion),
                 mutations: String(decoding: try RecordJSON.encode(commit.changes.map(\.mutation)), as: UTF8.self))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(lines), to: path)
    }
}
