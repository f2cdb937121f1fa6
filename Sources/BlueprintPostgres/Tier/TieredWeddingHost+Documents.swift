import BlueprintDomain
import BlueprintRepositories
import BlueprintStorage
import Logging

/// Documents' bytes with the local copy: online they go to the database before their record
/// (`PostgresWeddingHost`); offline they stay in this machine's documents folder, and are sent
/// when the database answers, before the queued commits that add their records
/// (`synchronize` calls `sendContents`), so a record never reaches the database without its bytes.
extension TieredWeddingHost: DocumentContentSource {
    public func keepContent(_ sha256: String, from files: DocumentFiles, in wedding: WeddingID) async throws {
        guard let database = await online() else { return }
        do {
            try await database.keepContent(sha256, from: files, in: wedding)
        } catch {
            // Gone offline meanwhile: the bytes are here and go with the queued commit.
            try await fallBack(from: error, database)
        }
    }

    public func fetchContent(_ sha256: String, title: String, into files: DocumentFiles, in wedding: WeddingID) async throws {
        if let database = await online() {
            do {
                return try await database.fetchContent(sha256, title: title, into: files, in: wedding)
            } catch {
                try await fallBack(from: error, database)
            }
        }
        throw DocumentError.notFetchedYet(title: title)
    }

    /// Sends the bytes of the copy's documents that are on this machine and not in the database:
    /// those added offline (before their queued records go), and any the database lacks. A
    /// viewer, whom the database refuses, sends nothing (and has no queued document to send).
    func sendContents(of wedding: WeddingID, to database: PostgresWeddingHost) async throws {
        let hashes = try await copy.read(wedding) { Set($0.documents.records.map(\.sha256)) }
        let files = DocumentFiles(folder: documentsFolder(of: wedding))
        do {
            try await database.sendContents(hashes.filter(files.has), from: files, in: wedding)
        } catch RepositoryError.notPermitted {
            Logger(label: "blueprint.tier").debug("a viewer does not send documents' bytes",
                                                  metadata: ["wedding": "\(wedding)"])
        }
    }
}
