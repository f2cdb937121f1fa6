import BlueprintDomain
import Foundation

/// The open wedding's notes, ready to draw: every note newest first, each record's notes, and
/// the notes or records whose notes contain a text. Intents add, edit and delete notes at once
/// and roll back if the write fails; each is undoable.
///
/// A new note is written as `records.author` (who this process writes as). Changes (this
/// session's writes, other sessions', and the notes that go with a deleted record) are patched
/// in: the changed note is moved to its place. Nothing is reloaded after a write.
@MainActor
public final class NotesStore: DomainStore {
    public static let validity = Duration.seconds(10 * 60)

    private let repository: any RecordRepository<Note>
    private let author: String
    private var rows = SortedRecords<Note>(by: NotesStore.precedes)
    /// The ids of each subject's notes, newest first (the notes stay in `noteRecords`).
    private var notesBySubject: [RecordSubject: [UUID]] = [:]

    private lazy var noteRecords: RecordCollection<Note> = {
        let records = RecordCollection(RecordGateway(repository, in: weddingID), in: self)
        records.rowChanged = { [unowned self] old, new, _ in
            rows.replace(old, with: new, in: noteRecords.records)
            if let old { notesBySubject[old.subject]?.removeAll { $0 == old.id } }
            if let new { insert(new, into: &notesBySubject[new.subject, default: []]) }
            notesChanged()
        }
        return records
    }()

    /// Every note, newest first.
    public var notes: ListedRows<Note> { rows.records(in: noteRecords.records) }
    /// The open conflict, if an edit to a note lost to someone else's.
    public var conflict: EditConflict<Note>? { noteRecords.conflict }
    /// Told after the notes changed (the list stores search notes: their filters find again).
    var onNotesChanged: (@MainActor () -> Void)?

    public init(wedding: WeddingID, context: StoreContext) {
        repository = context.records.records(Note.self)
        author = context.records.author
        super.init(weddingID: wedding, domain: .notes, validity: Self.validity, recordKinds: [.note], context: context)
    }

    public func note(_ id: UUID) -> Note? { noteRecords[id] }

    /// The notes about `subject` (a record, or the wedding), newest first.
    public func notes(of subject: RecordSubject) -> ListedRows<Note> {
        ListedRows(ids: notesBySubject[subject] ?? [], table: noteRecords.records)
    }

    /// The notes whose text contains `text`, ignoring case and accents, newest first; every
    /// note for an empty text.
    public func search(_ text: String) -> [Note] {
        let query = TextQuery(text)
        return query.isEmpty ? Array(notes) : notes.filter { query.matches($0) }
    }

    /// The ids of the records of `kind` with a note containing `query` (see `GuestFilter.notedIDs`).
    public func subjectIDs(of kind: RecordKind, matching query: TextQuery) -> Set<UUID> {
        query.subjectIDs(of: kind, in: noteRecords.records)
    }

    // MARK: Intents

    /// Adds a note with `text` about `subject`, written by this process's author, now.
    @discardableResult
    public func add(_ text: String, on subject: RecordSubject) async -> EditOutcome {
        await noteRecords.create(Note(subject: subject, text: text, author: author, createdAt: context.clock.now()), title: "add note")
    }

    /// Saves the note with `id` with `text` instead; `version` is the version it was read at (a
    /// stale one is a conflict). Its author and time stay.
    @discardableResult
    public func edit(_ id: UUID, text: String, version: Int) async -> EditOutcome {
        guard var note = noteRecords[id] else { return .failed(.notLoaded(.note, id: id)) }
        note.text = text
        note.version = version
        return await noteRecords.update(note, title: "edit note")
    }

    @discardableResult
    public func delete(_ id: UUID) async -> EditOutcome {
        await noteRecords.delete(id: id, title: "delete note")
    }

    // MARK: Loading and deriving

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let mark = noteRecords.loadMark(), gateway = noteRecords.gateway
        let loaded = try await gateway.fetchAll()
        return { self.noteRecords.show(loaded, loadedFrom: mark) }
    }

    override func apply(_ change: RecordChange) {
        if change.kind == .note { noteRecords.apply(change) }
    }

    override func recordsDidChange() {
        rows.show(noteRecords.records)
        notesBySubject = Dictionary(grouping: notes, by: \.subject).mapValues { $0.map(\.id) }
        super.recordsDidChange()
        onNotesChanged?()
    }

    private func notesChanged() {
        noteChange()
        onNotesChanged?()
    }

    /// Puts `note`'s id among `ids` (a subject's notes, newest first) where it belongs.
    private func insert(_ note: Note, into ids: inout [UUID]) {
        let notes = ListedRows(ids: ids, table: noteRecords.records)
        let index = notes.firstIndex { Self.precedes(note, $0) } ?? notes.endIndex
        ids.insert(note.id, at: index)
    }

    // MARK: Order

    /// Newest written first, then id.
    nonisolated static func precedes(_ lhs: Note, _ rhs: Note) -> Bool {
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt > rhs.createdAt }
        return lhs.id < rhs.id
    }
}
