import Foundation

/// The schema version of the wedding folders this build writes, and the steps that bring an
/// older folder up to it.
///
/// Opening a folder with an older version runs the steps from its version on, under the
/// wedding's exclusive lock, recording the version reached in `meta.json` after each step. A
/// folder with a newer version than `version` is refused: this build cannot know its shape.
public struct WeddingSchema: Sendable {
    /// The version this build writes.
    public static let currentVersion = 5
    /// This build's schema; add a step here (and bump `currentVersion`) whenever the files change
    /// shape.
    ///
    /// Version 2 added `timeline.json` (milestones and the run sheet), their journal lines and a
    /// task's `checklistKey`.
    /// A folder without the file has an empty timeline, so upgrading rewrites nothing; the new
    /// version stops an older build from opening a folder whose journal it could not read.
    ///
    /// Version 3 added `gifts.json` (gifts and money owed), `scenarios.json` and `seating.json`
    /// (tables and rules), their journal lines and an expense's `allocations`; the guests' gift
    /// flags became gift records (`GiftRecordsMigration`).
    ///
    /// Version 4 added `notes.json`, `documents.json` (and the stored files under `documents/`),
    /// their journal lines, and each journal line's activity summary (kept in `activity.jsonl`
    /// after compaction). Nothing is rewritten.
    ///
    /// Version 5 added `invitations.json` (the households' invitations to answer online) and its
    /// journal lines, and the wedding's `invitation-secret` file. Nothing is rewritten.
    public static let current = WeddingSchema(version: currentVersion, migrations: [
        SchemaMigration(from: 1) { _ in },
        GiftRecordsMigration.step,
        SchemaMigration(from: 3) { _ in },
        SchemaMigration(from: 4) { _ in },
    ])

    public let version: Int
    private let stepsByVersion: [Int: SchemaMigration]

    /// A schema at `version` with steps that each upgrade one version below it.
    public init(version: Int, migrations: [SchemaMigration]) {
        precondition(version >= 1, "schema versions start at 1")
        var steps: [Int: SchemaMigration] = [:]
        for step in migrations {
            precondition(step.fromVersion < version, "a migration from \(step.fromVersion) does not lead up to \(version)")
            precondition(steps[step.fromVersion] == nil, "two migrations from version \(step.fromVersion)")
            steps[step.fromVersion] = step
        }
        self.version = version
        self.stepsByVersion = steps
    }

    /// The step that upgrades a folder at `version`, if there is one.
    func step(from version: Int) -> SchemaMigration? { stepsByVersion[version] }
}

/// One step that upgrades a wedding folder from `fromVersion` to `fromVersion + 1`.
///
/// A step rewrites each file it changes through `MigrationFolder` (atomic writes), including
/// `journal.jsonl` if its lines change shape. A crash can stop a step part-way, and the step then
/// runs again on the next open, so it must accept files it has already upgraded.
public struct SchemaMigration: Sendable {
    public let fromVersion: Int
    public let run: @Sendable (MigrationFolder) throws -> Void

    public init(from fromVersion: Int, _ run: @escaping @Sendable (MigrationFolder) throws -> Void) {
        self.fromVersion = fromVersion
        self.run = run
    }
}

/// The files of the wedding folder a migration step is upgrading.
public struct MigrationFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// The content of `fileName` (a name in the folder, such as `guests.json`), or `nil` if absent.
    public func read(_ fileName: String) throws -> Data? { try Disk.read(file(fileName)) }

    /// Replaces `fileName` with `data` atomically (mode 0600).
    public func write(_ data: Data, to fileName: String) throws { try AtomicFile.write(data, to: file(fileName)) }

    private func file(_ name: String) -> String {
        precondition(!name.isEmpty && !name.contains("/") && name != "." && name != "..",
                     "a migration names files inside the wedding folder, not '\(name)'")
        return path + "/" + name
    }
}
