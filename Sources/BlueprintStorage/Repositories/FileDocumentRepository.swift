import BlueprintCache
import BlueprintDomain
import Foundation

/// Documents over a `WeddingDataHost`: records through the cache like every kind's, bytes in the
/// host's documents folder (`DocumentFiles`).
///
/// A file is stored before its record is committed, and the commit checks, under the wedding's
/// write lock, that it is still there; a purge removes a file under that same lock only when no
/// other record names it. So a committed record never names a missing file.
public struct FileDocumentRepository: DocumentRepository {
    let access: DataAccess
    private var records: FileRecordRepository<Document> { FileRecordRepository(access: access) }

    public init(host: any WeddingDataHost, cache: RepositoryCache) {
        access = DataAccess(host: host, cache: cache)
    }

    private func files(_ wedding: WeddingID) -> DocumentFiles { DocumentFiles(folder: access.host.documentsFolder(of: wedding)) }

    public func fetchAll(in wedding: WeddingID) async throws -> [Document] {
        try await records.fetchAll(in: wedding)
    }

    public func find(_ idPrefix: String, in wedding: WeddingID) async throws -> Document {
        let wanted = idPrefix.trimmingCharacters(in: .whitespaces).lowercased()
        guard !wanted.isEmpty else { throw DocumentError.noMatch(idPrefix) }
        let matches = try await fetchAll(in: wedding).filter { $0.id.uuidString.lowercased().hasPrefix(wanted) }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw DocumentError.noMatch(idPrefix)
        default: throw DocumentError.ambiguous(idPrefix, matches: matches.map(\.id))
        }
    }

    public func attach(fileAt path: String, title: String?, to subject: RecordSubject,
                       in wedding: WeddingID) async throws -> Document {
        // Bad input changes nothing: the subject is checked before a byte is stored.
        let present = try await access.read(wedding) { subject.exists(in: $0) }
        guard present else {
            throw RepositoryError.invalid(.document, [ValidationIssue(field: "subject", message: "no \(subject.kind.noun) "
                                                                      + "with id \(subject.id?.uuidString.lowercased() ?? "")")])
        }
        let files = files(wedding)
        let fileName = (path as NSString).lastPathComponent
        let given = title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        // Stored and committed twice at most: a purge in another process may remove the same
        // content between the two (then the commit finds it gone, and storing again restores it).
        for attempt in 1...2 {
            let stored = try files.store(fileAt: path)
            let document = Document(title: given.isEmpty ? fileName : given, fileName: fileName,
                                    contentType: ContentTypes.guess(fileName: fileName, head: stored.head),
                                    byteCount: stored.byteCount, sha256: stored.sha256, subject: subject,
                                    addedBy: access.host.author)
            do {
                return try await access.write(CacheOperation(.created, .document, in: wedding), named: "attach document") { transaction in
                    try Self.requireStored(document, in: files)
                    return try transaction.insert(document)
                }
            } catch DocumentError.storedFileMissing where attempt == 1 {
                continue
            }
        }
        throw DocumentError.storedFileMissing(path: path, title: fileName)
    }

    public func storeContent(_ bytes: Data, in wedding: WeddingID) async throws -> String {
        try files(wedding).store(bytes)
    }

    public func add(_ documents: [Document], in wedding: WeddingID) async throws {
        guard !documents.isEmpty else { return }
        let files = files(wedding)
        try await access.write(CacheOperation(.created, .document, in: wedding), named: "attach documents") { transaction in
            for document in documents {
                try Self.requireStored(document, in: files)
                try transaction.insert(document)
            }
        }
    }

    public func export(_ id: UUID, to path: String, replacing: Bool, in wedding: WeddingID) async throws {
        let document = try await records.fetch(id: id, in: wedding)
        try files(wedding).export(document.sha256, title: document.title, to: path, replacing: replacing)
    }

    public func trash(_ id: UUID, in wedding: WeddingID) async throws -> Document {
        try await access.write(CacheOperation(.updated, .document, in: wedding), named: "delete document") { transaction in
            var document = try transaction.dataset.existing(Document.self, id)
            guard !document.isTrashed else { return document }
            document.trashedAt = transaction.now
            return try transaction.update(document)
        }
    }

    public func restore(_ id: UUID, in wedding: WeddingID) async throws -> Document {
        let files = files(wedding)
        return try await access.write(CacheOperation(.updated, .document, in: wedding), named: "restore document") { transaction in
            var document = try transaction.dataset.existing(Document.self, id)
            guard document.isTrashed else { return document }
            try Self.requireStored(document, in: files)
            document.trashedAt = nil
            return try transaction.update(document)
        }
    }

    public func purge(_ id: UUID, in wedding: WeddingID) async throws {
        let files = files(wedding)
        try await access.write(CacheOperation(.deleted, .document, in: wedding), named: "purge document") { transaction in
            let document = try transaction.dataset.existing(Document.self, id)
            guard document.isTrashed else { throw DocumentError.notInTrash(title: document.title) }
            try transaction.delete(Document.self, id: id)
            if !transaction.dataset.documents.records.contains(where: { $0.sha256 == document.sha256 }) {
                try files.remove(document.sha256)
            }
        }
    }

    public func storedPath(of document: Document, in wedding: WeddingID) -> String {
        files(wedding).path(of: document.sha256)
    }

    /// Throws `storedFileMissing` unless `document`'s content is stored.
    private static func requireStored(_ document: Document, in files: DocumentFiles) throws {
        let path = files.path(of: document.sha256)
        guard FileManager.default.fileExists(atPath: path) else {
            throw DocumentError.storedFileMissing(path: path, title: document.title)
        }
    }
}
