import Foundation

/// The documents attached to a wedding's vendors, expenses and the wedding itself, with their
/// stored bytes: attaching a file, exporting it again, the trash.
///
/// A document's bytes are stored once per content, named by their SHA-256, before its record
/// is committed, so a record never names a missing file; a stored file no record names is
/// harmless and goes with a purge.
public protocol DocumentRepository: Sendable {
    /// Every document of `wedding`, those in the trash too, in the order they were attached.
    func fetchAll(in wedding: WeddingID) async throws -> RecordTable<Document>
    /// The one document whose id starts with `idPrefix` (as `doc list` prints it, any case).
    ///
    /// - Throws: `DocumentError.noMatch` or `.ambiguous`.
    func find(_ idPrefix: String, in wedding: WeddingID) async throws -> Document
    /// Stores the file at `path` (read once, hashed while it is copied) and attaches it to
    /// `subject` as `title` (the file's name when `nil` or blank), added by the repository's author.
    ///
    /// - Throws: `DocumentError` when the file does not exist, is a folder or cannot be read;
    ///   `RepositoryError.invalid` when the subject is not in the wedding.
    func attach(fileAt path: String, title: String?, to subject: RecordSubject, in wedding: WeddingID) async throws -> Document
    /// Stores `bytes` as a document's content and returns their SHA-256 (the name of the stored file).
    func storeContent(_ bytes: Data, in wedding: WeddingID) async throws -> String
    /// Adds records whose contents are already stored (`storeContent`), in one write.
    ///
    /// - Throws: `DocumentError.storedFileMissing` for a record whose content is not stored.
    func add(_ documents: [Document], in wedding: WeddingID) async throws
    /// Writes the document's bytes to `path` atomically, checked against its SHA-256 on the way.
    /// An existing file at `path` is refused unless `replacing`.
    func export(_ id: UUID, to path: String, replacing: Bool, in wedding: WeddingID) async throws
    /// Moves the document to the trash (it stays restorable); returns the stored record.
    func trash(_ id: UUID, in wedding: WeddingID) async throws -> Document
    /// Takes the document out of the trash; returns the stored record.
    func restore(_ id: UUID, in wedding: WeddingID) async throws -> Document
    /// Removes a document in the trash for good, and its stored file when no other document has
    /// the same content.
    func purge(_ id: UUID, in wedding: WeddingID) async throws
    /// Where the document's bytes are stored (to show, or to open with another program).
    func storedPath(of document: Document, in wedding: WeddingID) -> String
    /// Where the document's bytes are on this machine, brought from the database first when
    /// they are kept there and not here yet (to open them, or show where they are).
    ///
    /// - Throws: `DocumentError.notFetchedYet` while the database cannot be reached,
    ///   `.storedNowhere` when it does not have them either, `.receivedAltered` when what it
    ///   sent does not match the document's SHA-256 (nothing is written then).
    func localPath(of document: Document, in wedding: WeddingID) async throws -> String
}
