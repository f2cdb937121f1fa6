import BlueprintDomain
import BlueprintStorage

/// A host that keeps documents' bytes somewhere besides its documents folder (a database), so
/// that a document added on one machine opens on another.
///
/// `FileDocumentRepository` tells it of each content it has stored in the folder, before the
/// record naming that content is committed, and asks it for a content the folder lacks. A host
/// that is not one (the file store) keeps the bytes in its folder alone, as always.
public protocol DocumentContentSource: Sendable {
    /// `files` has just stored the content `sha256` for a record about to be committed: keep it
    /// too, or see that it is kept before that record leaves this machine. If it throws, the
    /// record is not committed.
    func keepContent(_ sha256: String, from files: DocumentFiles, in wedding: WeddingID) async throws

    /// Brings the content `sha256` of the document titled `title` into `files`, checked against
    /// its hash on the way (written atomically, as `DocumentFiles` writes every file).
    ///
    /// - Throws: `DocumentError.notFetchedYet` when the bytes are out of reach now,
    ///   `.storedNowhere` when they are not kept there either, `.receivedAltered` when they do
    ///   not match `sha256` (then nothing is written).
    func fetchContent(_ sha256: String, title: String, into files: DocumentFiles, in wedding: WeddingID) async throws
}
