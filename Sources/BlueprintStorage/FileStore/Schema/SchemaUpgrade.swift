import Foundation
import Logging

/// Checking a wedding folder's schema version and running the migration steps it needs.
struct SchemaUpgrade {
    let schema: WeddingSchema
    let folder: WeddingFolder
    let logger: Logger

    /// Reads the folder's schema version; refuses one newer than this build reads.
    func storedVersion() throws -> Int {
        guard let data = try Disk.read(folder.meta) else {
            if !folder.exists { throw WeddingNotFound() }
            throw FileStoreError.missingFile(path: folder.meta)
        }
        let meta: StoreMeta
        do {
            meta = try StoreJSONDecoder().decode(StoreMeta.self, from: data)
        } catch {
            throw UnreadableFile(path: folder.meta, error)
        }
        guard meta.format == StoreMeta.formatName else {
            throw UnreadableFile(path: folder.meta, line: nil,
                                 reason: "format is '\(meta.format)', expected '\(StoreMeta.formatName)'")
        }
        guard meta.schemaVersion <= schema.version else {
            throw FileStoreError.newerSchema(path: folder.meta, found: meta.schemaVersion, supported: schema.version)
        }
        return meta.schemaVersion
    }

    /// Runs the steps from `found` up to the current version, recording each version reached.
    /// The caller holds the wedding's exclusive lock.
    func migrate(from found: Int, encoder: StoreJSONEncoder) throws {
        for version in found..<schema.version {
            guard let step = schema.step(from: version) else {
                throw FileStoreError.missingMigration(path: folder.meta, fromVersion: version)
            }
            logger.notice("migrating wedding folder", metadata: ["folder": "\(folder.path)", "from": "\(version)"])
            try step.run(MigrationFolder(path: folder.path))
            try AtomicFile.write(try StoreJSON.fileData(StoreMeta(schemaVersion: version + 1), encoder), to: folder.meta)
        }
    }
}
