import Crypto
import Foundation

/// A file attached to a vendor, an expense or the wedding: a contract, an invoice, a quote, a menu.
///
/// The record describes the file; its bytes are stored once per content, named by `sha256`, in
/// the wedding's folder (the same file attached twice is stored once). Deleting a document from
/// the planner or `doc delete` moves it to the trash (`trashedAt`), from which it can be restored.
public struct Document: Record {
    public static let kind = RecordKind.document

    public var id: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var version: Int

    /// What it is called in lists: "Venue contract".
    public var title: String
    /// The name of the file it was attached from, without its folder: "contract-v3.pdf".
    public var fileName: String
    /// The file's media type as recognised when attached: "application/pdf", "text/plain".
    public var contentType: String
    public var byteCount: Int
    /// The SHA-256 of the file's bytes, in lower-case hex: the stored file's name.
    public var sha256: String
    /// A vendor, an expense or the wedding; a document whose vendor or expense is deleted stays,
    /// attached to the wedding.
    public var subject: RecordSubject
    /// Who attached it: the configuration's `name`, else the login name.
    public var addedBy: String
    /// When it was moved to the trash; `nil` while it is in use.
    public var trashedAt: Timestamp?

    public init(id: UUID = UUID(), title: String, fileName: String, contentType: String, byteCount: Int, sha256: String,
                subject: RecordSubject, addedBy: String, trashedAt: Timestamp? = nil,
                createdAt: Timestamp = Timestamp(Date()), version: Int = 1) {
        self.id = id
        self.title = title
        self.fileName = fileName
        self.contentType = contentType
        self.byteCount = byteCount
        self.sha256 = sha256
        self.subject = subject
        self.addedBy = addedBy
        self.trashedAt = trashedAt
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.version = version
    }

    public var isTrashed: Bool { trashedAt != nil }

    /// Whether the document is text, to be shown with a pager rather than the system's opener.
    public var isText: Bool { contentType.hasPrefix("text/") || contentType == "application/json" }

    /// The SHA-256 of `bytes` in lower-case hex: what names a stored file.
    public static func sha256(of bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// The kinds of record a document can be attached to.
    public static let attachableKinds: Set<RecordKind> = [.wedding, .vendor, .expense]
}
