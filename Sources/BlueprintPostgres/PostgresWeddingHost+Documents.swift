import BlueprintDomain
import BlueprintRepositories
import BlueprintStorage
import Foundation
import PostgresNIO

/// Documents' bytes in the database (`DatabaseSchema.documentContents`): a content is sent
/// before the record naming it is committed, and brought into this machine's documents folder
/// when it is opened or exported here and is not here yet.
extension PostgresWeddingHost: DocumentContentSource {
    public func keepContent(_ sha256: String, from files: DocumentFiles, in wedding: WeddingID) async throws {
        try await sendContents([sha256], from: files, in: wedding)
    }

    public func fetchContent(_ sha256: String, title: String, into files: DocumentFiles, in wedding: WeddingID) async throws {
        guard let bytes = try await contents([sha256], in: wedding)[sha256] else {
            throw DocumentError.storedNowhere(path: files.path(of: sha256), title: title)
        }
        try files.store(bytes, expecting: sha256, title: title)
    }

    /// The SHA-256 of every content the database keeps for `wedding` (none for a wedding you
    /// may not open: the policies hide its rows).
    public func contentHashes(in wedding: WeddingID) async throws -> Set<String> {
        try await link.withConnection { connection in
            var hashes: Set<String> = []
            for try await sha256 in try await connection.statement(
                "SELECT sha256 FROM document_contents WHERE wedding_id = \(wedding.rawValue)", logger: settings.logger)
                .decode(String.self) { hashes.insert(sha256) }
            return hashes
        }
    }

    /// Sends the contents `hashes`, read from `files` and checked against their names, that the
    /// database does not keep for `wedding` yet, in one transaction.
    ///
    /// - Throws: `DocumentError.storedFileMissing` or `.storedFileAltered` for a content `files`
    ///   lacks or holds altered (nothing is sent then); `RepositoryError.notPermitted` for a
    ///   viewer (the database refuses).
    public func sendContents(_ hashes: Set<String>, from files: DocumentFiles, in wedding: WeddingID) async throws {
        guard !hashes.isEmpty else { return }
        let missing = hashes.subtracting(try await contentHashes(in: wedding))
        var contents: [String: Data] = [:]
        for sha256 in missing { contents[sha256] = try files.contents(of: sha256, title: String(sha256.prefix(12))) }
        guard !contents.isEmpty else { return }
        try await link.transaction { connection in
            try await Self.insert(contents, into: wedding, on: connection, settings: settings)
        }
    }

    /// The contents among `hashes` that the database keeps for `wedding`, by SHA-256 (as stored:
    /// checked by whoever writes them to a file).
    func contents(_ hashes: Set<String>, in wedding: WeddingID) async throws -> [String: Data] {
        guard !hashes.isEmpty else { return [:] }
        return try await link.withConnection { connection in
            var found: [String: Data] = [:]
            for try await (sha256, bytes) in try await connection.statement("""
                SELECT sha256, content FROM document_contents
                WHERE wedding_id = \(wedding.rawValue) AND sha256 = ANY(\(Array(hashes))::text[])
                """, logger: settings.logger).decode((String, Data).self) {
                found[sha256] = bytes
            }
            return found
        }
    }

    /// Inserts `contents` (by SHA-256) for `wedding` on `connection`, in the caller's
    /// transaction; a content the database has already is left as it is.
    static func insert(_ contents: [String: Data], into wedding: WeddingID, on connection: PostgresConnection,
                       settings: PostgresWeddingSettings) async throws {
        for (sha256, bytes) in contents.sorted(by: { $0.key < $1.key }) {
            try await connection.statement("""
                INSERT INTO document_contents (wedding_id, sha256, byte_count, content)
                VALUES (\(wedding.rawValue), \(sha256), \(bytes.count), \(bytes))
                ON CONFLICT DO NOTHING
                """, logger: settings.logger)
        }
    }
}
