import BlueprintDomain
import BlueprintStorage
import Foundation

/// A wedding could not be moved between a data directory and a database because the other
/// side already has it (the same wedding id). Nothing was written.
public enum WeddingTransferError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `blueprint wedding push`: the database has the wedding already.
    case alreadyInDatabase(name: String, database: String)
    /// `blueprint wedding pull`: the data directory has the wedding already.
    case alreadyInDataDirectory(name: String, root: String)

    public var description: String {
        switch self {
        case let .alreadyInDatabase(name, database):
            return "the \(database) already has the wedding '\(name)'; nothing was pushed"
        case let .alreadyInDataDirectory(name, root):
            return "the data directory \(root) already has the wedding '\(name)'; nothing was pulled"
        }
    }
}

extension PostgresWeddingHost {
    /// `blueprint wedding push`: copies `wedding` of the data directory `store` into the
    /// database whole, documents' bytes too (see `push(_:operation:contents:)`); the data
    /// directory keeps its wedding. Returns the wedding's settings as pushed.
    ///
    /// - Throws: `DocumentError` for a document whose file is missing or altered: nothing is pushed.
    public func push(_ wedding: WeddingID, from store: FileStore) async throws -> Wedding {
        let dataset = try await store.read(wedding) { $0 }
        let files = DocumentFiles(folder: store.documentsFolder(of: wedding))
        let contents = try DocumentContents.read(dataset.documents.records, from: files)
        do {
            try await push(dataset, operation: "pushed from \(store.root)", contents: contents)
        } catch RepositoryError.conflict(.wedding, id: wedding.rawValue, expected: 0, actual: _) {
            throw WeddingTransferError.alreadyInDatabase(name: dataset.wedding.name, database: url.description)
        }
        return dataset.wedding
    }

    /// `blueprint wedding pull`: makes a wedding of the data directory `store` from the
    /// database's `wedding`, every record verbatim (see `FileStore.createWedding(copying:)`);
    /// the database keeps its wedding, and the documents' bytes come with it (each checked
    /// against its SHA-256 before anything is written). Returns the wedding's settings as pulled.
    ///
    /// - Throws: `DocumentError.storedNowhere` for a document whose bytes the database does not
    ///   have, `.receivedAltered` for bytes that do not match: nothing is pulled.
    public func pull(_ wedding: WeddingID, into store: FileStore) async throws -> Wedding {
        let dataset = try await read(wedding) { $0 }
        let files = DocumentFiles(folder: store.documentsFolder(of: wedding))
        let documents = DocumentContents.distinct(dataset.documents.records)
        let contents = try await self.contents(Set(documents.map(\.sha256)), in: wedding)
        var received: [(document: Document, bytes: Data)] = []
        for document in documents {
            guard let bytes = contents[document.sha256] else {
                throw DocumentError.storedNowhere(path: files.path(of: document.sha256), title: document.title)
            }
            guard Document.sha256(of: bytes) == document.sha256 else {
                throw DocumentError.receivedAltered(title: document.title)
            }
            received.append((document, bytes))
        }
        let pulled: Wedding
        do {
            pulled = try await store.createWedding(copying: dataset)
        } catch RepositoryError.conflict(.wedding, id: wedding.rawValue, expected: 0, actual: _) {
            throw WeddingTransferError.alreadyInDataDirectory(name: dataset.wedding.name, root: store.root)
        }
        for (document, bytes) in received { try files.store(bytes, expecting: document.sha256, title: document.title) }
        return pulled
    }
}

/// The documents' bytes a push sends and a pull brings, one per content.
enum DocumentContents {
    /// One document per content, in the dataset's order.
    static func distinct(_ documents: [Document]) -> [Document] {
        var seen: Set<String> = []
        return documents.filter { seen.insert($0.sha256).inserted }
    }

    /// Each content of `documents`, read from `files` and checked against its SHA-256.
    static func read(_ documents: [Document], from files: DocumentFiles) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for document in distinct(documents) {
            contents[document.sha256] = try files.contents(of: document.sha256, title: document.title)
        }
        return contents
    }
}
