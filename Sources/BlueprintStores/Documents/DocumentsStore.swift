import BlueprintDomain
import Foundation

/// The open wedding's documents, ready to draw: those in use newest first, each vendor's,
/// expense's or the wedding's, and the trash. Intents attach a file, move a document to the
/// trash and restore it; each is undoable (undoing an attach moves it to the trash, undoing a
/// trash restores it: a document's file is never removed from the planner).
///
/// Attaching goes through the document repository, which stores the file's bytes before its
/// record; trashing and restoring too. Changes (this session's writes and other sessions') are
/// patched in: the changed document is moved to its place. Nothing is reloaded after a write.
@MainActor
public final class DocumentsStore: DomainStore {
    public static let validity = Duration.seconds(10 * 60)

    private let repository: any RecordRepository<Document>
    private let files: any DocumentRepository
    private var rows = SortedRecords<Document>(by: DocumentsStore.precedes)

    private lazy var documentRecords: RecordCollection<Document> = {
        let records = RecordCollection(RecordGateway(repository, in: weddingID), in: self)
        records.rowChanged = { [unowned self] old, new, _ in
            rows.replace(old, with: new, in: documentRecords.records)
            noteChange()
        }
        return records
    }()

    public init(wedding: WeddingID, context: StoreContext) {
        repository = context.records.records(Document.self)
        files = context.documents
        super.init(weddingID: wedding, domain: .documents, validity: Self.validity, recordKinds: [.document], context: context)
    }

    /// Every document in use (not in the trash), newest first.
    public var documents: [Document] { sorted.filter { !$0.isTrashed } }
    /// The documents in the trash, newest first.
    public var trashed: [Document] { sorted.filter(\.isTrashed) }

    /// Every document in order, trashed or not.
    private var sorted: ListedRows<Document> { rows.records(in: documentRecords.records) }

    public func document(_ id: UUID) -> Document? { documentRecords[id] }

    /// The documents in use attached to `subject` (a vendor, an expense, or the wedding), newest first.
    public func documents(of subject: RecordSubject) -> [Document] {
        sorted.filter { !$0.isTrashed && $0.subject == subject }
    }

    /// Where `document`'s bytes are stored: to show (over ssh, to copy it from), or to open.
    public func storedPath(of document: Document) -> String {
        files.storedPath(of: document, in: weddingID)
    }

    /// Where `document`'s bytes are on this machine, brought from the database first when they
    /// are kept there and not here yet; the failure says why they cannot be had (the database
    /// out of reach, the bytes nowhere, or altered on the way).
    public func localPath(of document: Document) async -> Result<String, StoreError> {
        do {
            return .success(try await files.localPath(of: document, in: weddingID))
        } catch {
            return .failure(StoreError(error))
        }
    }

    // MARK: Intents

    /// Stores the file at `path` and attaches it to `subject` as `title` (the file's name when
    /// `nil` or blank), added by this process's author; returns the document. A missing file, a
    /// folder or an unreadable file is refused with the reason, and nothing changes.
    public func attach(fileAt path: String, title: String?, to subject: RecordSubject) async -> Result<Document, StoreError> {
        guard !isClosed else { return .failure(.closed) }
        let files = self.files, wedding = weddingID
        let document: Document
        do {
            document = try await files.attach(fileAt: path, title: title, to: subject, in: wedding)
        } catch {
            return .failure(StoreError(error))
        }
        return await landing {
            guard !self.isClosed else { return .success(document) }
            self.documentRecords.showWritten(document)
            self.recordUndo(UndoStep(title: "attach document") { await self.trash(document.id) })
            return .success(document)
        }
    }

    /// Moves the document to the trash (undo restores it).
    @discardableResult
    public func trash(_ id: UUID) async -> EditOutcome {
        guard var document = documentRecords[id] else { return .failed(.notLoaded(.document, id: id)) }
        guard !document.isTrashed else { return .saved }
        document.trashedAt = context.clock.now()
        let files = self.files, wedding = weddingID
        let outcome = await documentRecords.change(document, title: "delete document", undoable: false) {
            try await files.trash(id, in: wedding)
        }
        if outcome.isSaved { recordUndo(UndoStep(title: "delete document") { await self.restore(id) }) }
        return outcome
    }

    /// Takes the document out of the trash (undo moves it back).
    @discardableResult
    public func restore(_ id: UUID) async -> EditOutcome {
        guard var document = documentRecords[id] else { return .failed(.notLoaded(.document, id: id)) }
        guard document.isTrashed else { return .saved }
        document.trashedAt = nil
        let files = self.files, wedding = weddingID
        let outcome = await documentRecords.change(document, title: "restore document", undoable: false) {
            try await files.restore(id, in: wedding)
        }
        if outcome.isSaved { recordUndo(UndoStep(title: "restore document") { await self.trash(id) }) }
        return outcome
    }

    // MARK: Loading and deriving

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let mark = documentRecords.loadMark(), gateway = documentRecords.gateway
        let loaded = try await gateway.fetchAll()
        return { self.documentRecords.show(loaded, loadedFrom: mark) }
    }

    override func apply(_ change: RecordChange) {
        if change.kind == .document { documentRecords.apply(change) }
    }

    override func recordsDidChange() {
        rows.show(documentRecords.records)
        super.recordsDidChange()
    }

    // MARK: Order

    /// Newest attached first, then id.
    nonisolated static func precedes(_ lhs: Document, _ rhs: Document) -> Bool {
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt > rhs.createdAt }
        return lhs.id < rhs.id
    }
}
