import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// Every note of the wedding, newest first: when, who wrote it, what it is about and its first
/// line. `/` narrows the list to the notes containing a text (ignoring case and accents); Enter
/// opens the record a note is about in its own pane, or shows a note on the wedding whole; `a`
/// writes a note on the wedding, `e` edits the selected note, `d` deletes it (asks first).
@MainActor
final class NotesPane: Pane, NarrowingSearch {
    let notes: NotesStore
    private let session: WeddingSession
    /// The stores' clock and time zone, for how long ago a note was written.
    private let context: StoreContext
    private lazy var controller = RecordListController<[Note]>(columns: NoteColumns.columns) { [unowned self] in rows }
    var list: RecordList { controller.list }
    var filterText = ""

    init(session: WeddingSession, context: StoreContext) {
        notes = session.notes
        self.session = session
        self.context = context
        controller.onAdd { [unowned self] in write(on: .wedding, host: $0) }
        controller.on(.edit) { [unowned self] in edit($0, host: $1) }
        controller.on(.delete) { [unowned self] in confirmDelete($0, host: $1) }
        controller.on(.activate) { [unowned self] in open($0, host: $1) }
    }

    var store: DomainStore? { notes }
    var keyMode: KeyMode { .list }
    var modeName: String { "NOTES" }
    var searchTarget: (any SearchTarget)? { self }
    var noteSubject: RecordSubject? { .wedding }

    var statusContext: String {
        CountPhrase.of(notes.notes.count, "note")
    }

    /// The notes shown: every note, or those containing `filterText`.
    var rows: [Note] { notes.search(filterText) }

    private func about(_ subject: RecordSubject) -> String { NoteText.about(subject, in: session) }

    // MARK: Drawing

    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        guard !LoadNotice.render(notes, noun: "notes", into: canvas, rect: rect) else { return }
        let rows = self.rows, now = context.clock.now(), timeZone = context.timeZone
        list.sync(rows)
        let empty = filterText.isEmpty
            ? EmptyListText.noRecords("notes", keymap: keymap, mode: keyMode)
            : DisplayText("No note contains “\(filterText)”.")
        TableView.render(list.model, into: canvas, rect: rect, empty: empty) { row, column in
            NoteColumns.cell(rows[row], column: column, about: { self.about($0) }, now: now, timeZone: timeZone)
        }
    }

    // MARK: Keys and mouse

    func handle(_ mouse: MouseEvent) -> Bool { controller.handle(mouse) }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        if controller.handle(action, host: host) { return true }
        switch action {
        case .cancel:
            guard !filterText.isEmpty else { return false }
            searchText = ""
        default:
            return false
        }
        return true
    }

    /// Shows the notes containing a text (`:notes TEXT`).
    func reveal(_ destination: Destination, host: any PlannerHost) -> Bool {
        guard case .notes(let text) = destination else { return false }
        searchText = text
        return true
    }

    /// Opens the record `note` is about in its pane; a note on the wedding, or on a record no
    /// pane opens, is shown whole.
    private func open(_ note: Note, host: any PlannerHost) {
        guard let id = note.subject.id, let destination = Destination.record(note.subject.kind, id) else {
            return showDetail(note, host: host)
        }
        host.reveal(destination)
    }

    private func showDetail(_ note: Note, host: any PlannerHost) {
        let notes = self.notes
        host.present(DetailOverlay.record(
            { _ in "Note" }, lines: { self.detailLines($0) }, host: host, current: { notes.note(note.id) },
            edit: { [weak self] in self?.edit($0, host: $1) },
            delete: { [weak self] in self?.confirmDelete($0, host: $1) }))
    }

    /// The lines of `note`'s details, as the note is now.
    private func detailLines(_ note: Note) -> [DetailOverlay.Line] {
        let now = context.clock.now(), timeZone = context.timeZone
        let lines: [DetailOverlay.Line] = [
            .init(label: "About", value: about(note.subject)),
            .init(label: "Written by", value: note.author),
            .init(label: "When", value: Formats.ago(note.createdAt, now: now, timeZone: timeZone) + " (" + Formats.moment(note.createdAt, now: now, timeZone: timeZone) + ")",
                  style: .muted),
            .init(label: "", value: ""),
        ]
        return lines + NoteText.paragraphs(of: note).map { .init(label: "", value: $0, wraps: true) }
    }

    private func write(on subject: RecordSubject, host: any PlannerHost) {
        NoteForms.present(on: subject, host: host) { [weak self] id in self?.select(id) }
    }

    private func edit(_ note: Note, host: any PlannerHost) {
        NoteForms.present(on: note.subject, editing: note, host: host) { [weak self] id in self?.select(id) }
    }

    private func select(_ id: UUID) { controller.select(id: id) }

    private func confirmDelete(_ note: Note, host: any PlannerHost) {
        let notes = self.notes
        host.confirmDelete("note", named: "“\(note.firstLine)”", consequence: "(on \(about(note.subject)))", store: notes) {
            await notes.delete(note.id)
        }
    }
}
