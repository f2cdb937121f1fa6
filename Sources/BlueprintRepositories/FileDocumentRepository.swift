import BlueprintCache
import BlueprintDomain
import BlueprintStorage
import Foundation

/// Documents over a `WeddingDataHost`: records through the cache like every kind's, bytes in the
/// host's documents folder (`DocumentFiles`).
///
/// A file is stored before its record is committed, and the commit checks, under the wedding's
/// write lock, that it is still there; a purge removes a file under that same lock only when no
/// other record names it. So a committed record never names a missing file.
///
/// When the host is also a `DocumentContentSource` (a database), each content stored is handed
/// to it before its record is committed, and a content missing from the folder is asked of it
/// before it is exported, opened or restored. Otherwise the folder is the whole story.
public struct FileDocumentRepository: DocumentRepository {
    let access: DataAccess
    /// Where the host keeps documents' bytes besides its folder, if anywhere.
    private let contents: (any DocumentContentSource)?
    private var records: FileRecordRepository<Document> { FileRecordRepository(access: access) }

    /// Documents on `host`, whose bytes are also kept by `contents` when it is given.
    public init(host: any WeddingDataHost, cache: RepositoryCache, contents: (any DocumentContentSource)? = nil) {
        access = DataAccess(host: host, cache: cache)
        self.contents = contents
    }

    private func files(_ wedding: WeddingID) -> DocumentFiles { DocumentFiles(folder: access.host.documentsFolder(of: wedding)) }

    /// `files`, after bringing `document`'s content into them from the host's other place when
    /// it is not there.
    private func present(_ document: Document, in wedding: WeddingID) async throws -> DocumentFiles {
        let files = files(wedding)
        if let contents, !files.has(document.sha256) {
            try await contents.fetchContent(document.sha256, title: document.title, into: files, in: wedding)
        }
        return files
    }

    public func fetchAll(in wedding: WeddingID) async throws -> RecordTable<Document> {
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
        let fileName = PathName.fileName(of: path)
        let given = title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        // Stored and committed twice at most: a purge in another process may remove the same
        // content between the two (then the commit finds it gone, and storing again restores it).
        for attempt in 1...2 {
            let stored = try files.store(fileAt: path)
            try await contents?.keepContent(stored.sha256, from: files, in: wedding)
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
        let files = files(wedding)
        let sha256 = try files.store(bytes)
        try await contents?.keepContent(sha256, from: files, in: wedding)
        return sha256
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
        try await present(document, in: wedding).export(document.sha256, title: document.title, to: path, replacing: replacing)
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
        let files = try await present(try await records.fetch(id: id, in: wedding), in: wedding)
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

    public func localPath(of document: Document, in wedding: WeddingID) async throws -> String {
        try await present(document, in: wedding).path(of: document.sha256)
    }

    /// Throws `storedFileMissing` unless `document`'s content is stored.
    private static func requireStored(_ document: Document, in files: DocumentFiles) throws {
        let path = files.path(of: document.sha256)
        guard FileManager.default.fileExists(atPath: path) else {
            throw DocumentError.storedFileMissing(path: path, title: document.title)
        }
    }
}
