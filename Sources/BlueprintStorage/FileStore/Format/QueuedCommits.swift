import BlueprintDomain
import Foundation

/// A commit made to the local copy of a database's wedding while the database could not be
/// reached: what is pushed to the database on reconnect, each change version-checked against
/// `previousVersion` (the version the copy had, from the database or an earlier queued commit)
/// and, where the record moved on meanwhile, merged by field from its `bases`.
public struct QueuedCommit: Sendable, Equatable {
    public let at: Timestamp
    /// What the change was, as the caller named it ("update guest").
    public let operation: String
    public let author: String
    /// Every record the commit stored or deleted, with its previous version.
    public let changes: [RecordChange]
    /// Each change's record as the edit found it (the version it started from), in the order of
    /// `changes`: what a three-way merge needs. `nil` for a record the commit created, and for
    /// every change of a commit queued before the bases were kept (merged then without a base:
    /// every value the two sides hold differently is a conflict).
    public let bases: [Mutation?]

    public init(at: Timestamp, operation: String, author: String, changes: [RecordChange], bases: [Mutation?]? = nil) {
        self.at = at
        self.operation = operation
        self.author = author
        self.changes = changes
        self.bases = bases ?? Array(repeating: nil, count: changes.count)
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
        /// Each mutation's record as the edit found it, as the journal writes a record (text;
        /// `null`: created). Absent from lines queued before bases were kept.
        let bases: [String?]?
    }

    static func read(_ path: String) throws -> [QueuedCommit] {
        guard let data = try Disk.read(path) else { return [] }
        do {
            return try JSONDecoder().decode([Line].self, from: data).map { line in
                let mutations = try RecordJSON.decodeMutations(from: Data(line.mutations.utf8))
                guard mutations.count == line.previousVersions.count, line.bases.map({ $0.count == mutations.count }) ?? true else {
                    throw RepositoryError.storage("\(path): a queued commit's versions do not match its changes")
                }
                let bases = try line.bases.map { bases in
                    try zip(mutations, bases).map { mutation, base in
                        try base.map { try RecordJSON.decodeSave(of: mutation.kind, from: Data($0.utf8)) }
                    }
                }
                return QueuedCommit(at: line.at, operation: line.operation, author: line.author,
                                    changes: zip(mutations, line.previousVersions).map { RecordChange($0, previousVersion: $1) },
                                    bases: bases)
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
                 mutations: String(decoding: try RecordJSON.encode(commit.changes.map(\.mutation)), as: UTF8.self),
                 bases: try commit.bases.map { base in
                     try base.flatMap(RecordJSON.encodeRecord(of:)).map { String(decoding: $0, as: UTF8.self) }
                 })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(lines), to: path)
    }
}
