import BlueprintConfiguration
import BlueprintDomain
import BlueprintInterchange
import BlueprintPostgres
import BlueprintStorage
import Foundation

/// `blueprint import wedding FILE`: makes a new wedding of the data directory, or of the
/// database when one is configured, from an archive `export wedding` wrote: every record as it
/// was (id, version, creation time, order) and the documents' files, as `wedding pull` and
/// `wedding push` copy a wedding.
struct WeddingArchiveImport {
    let data: DataDirectoryOptions
    /// Gives the wedding a new id, so a second copy can sit beside the first.
    let newID: Bool

    /// Imports the archive at `path` (or with `dryRun` only reads it); returns what to print.
    func run(path: String, dryRun: Bool) async throws -> String {
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        var archive: WeddingArchive
        do {
            archive = try WeddingArchive(reading: try InputFile.read(path), fileName: fileName)
        } catch let error as WeddingArchiveError {
            throw CommandFailure(error.description)
        } catch let error as InputFile.Failure {
            throw CommandFailure(error.description)
        }
        if newID { archive.dataset.wedding.weddingID = WeddingID() }
        let dataset = archive.dataset
        let contents = [CountPhrase.of(dataset.guests.count, "guest"), CountPhrase.of(dataset.vendors.count, "vendor"),
                        CountPhrase.of(dataset.expenses.count, "expense"), CountPhrase.of(dataset.tasks.count, "task"),
                        CountPhrase.of(dataset.documents.count, "document")].joined(separator: ", ")
        if dryRun { return "would import the wedding '\(dataset.wedding.name)' (\(contents))" }
        let configuration = ConfigurationFile.load(path: nil, environment: ProcessInfo.processInfo.environment).configuration
        let operation = "imported from \(fileName)"
        let url = try data.databaseURL(configuration: configuration)
        let place = url.map { "the \($0)" } ?? data.root
        do {
            if let url {
                let database = try await PostgresWeddingHost.open(url, localRoot: data.root)
                do {
                    try await database.push(dataset, operation: operation, contents: archive.documentFiles)
                } catch {
                    await database.close()
                    throw error
                }
                await database.close()
            } else {
                let store = try FileStore(root: data.root, author: ChangeAuthor.current(named: configuration.name))
                do {
                    try await Self.create(archive, in: store)
                } catch {
                    await store.close()
                    throw error
                }
                await store.close()
            }
        } catch RepositoryError.conflict(.wedding, id: _, expected: 0, actual: _) {
            throw CommandFailure("\(place) already has the wedding '\(dataset.wedding.name)' (\(dataset.wedding.weddingID)); "
                                 + "nothing was imported; --new-id imports it as another wedding")
        }
        return "Imported the wedding '\(dataset.wedding.name)' (\(contents)) into \(place)."
    }

    /// Writes the wedding into the data directory `store`, then its documents' files (each
    /// checked against its SHA-256), as `wedding pull` does.
    private static func create(_ archive: WeddingArchive, in store: FileStore) async throws {
        let wedding = try await store.createWedding(copying: archive.dataset)
        let files = DocumentFiles(folder: store.documentsFolder(of: wedding.weddingID))
        for document in archive.dataset.documents.records {
            guard let bytes = archive.documentFiles[document.sha256] else { continue }
            try files.store(bytes, expecting: document.sha256, title: document.title)
        }
    }
}
