import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// The documents in a box: every one (`:documents`), or one vendor's or expense's (from its
/// row or details). Each row: title, what it is attached to, type, size, who added it and when.
/// Enter shows a document's details with its stored path; `o` opens it (on a local terminal);
/// `d` moves it to the trash (asks; `u` undoes); `t` shows the trash, where `r` restores.
@MainActor
final class DocumentsOverlay: Overlay {
    private let store: DocumentsStore
    /// The record whose documents are listed; `nil` for every document.
    private let subject: RecordSubject?
    private let title: String
    /// Whose session names the records and whose clock says how long ago a document was added.
    private weak var host: (any PlannerHost)?
    private var showingTrash = false
    private var selected = 0
    private var scrollOffset = 0
    private var viewportRows = 1

    init(store: DocumentsStore, host: any PlannerHost, subject: RecordSubject? = nil, title: String = "Documents") {
        self.store = store
        self.host = host
        self.subject = subject
        self.title = title
    }

    var keyMode: KeyMode { .documents }
    var modeName: String { showingTrash ? "DOCUMENTS · TRASH" : "DOCUMENTS" }

    /// The documents listed: in use or in the trash, newest first, of the subject if one is given.
    private var rows: [Document] {
        let shown = showingTrash ? store.trashed : store.documents
        guard let subject else { return shown }
        return shown.filter { $0.subject == subject }
    }

    private var current: Document? {
        let rows = self.rows
        return rows.isEmpty ? nil : rows[min(selected, rows.count - 1)]
    }

    // MARK: Drawing

    private struct Column {
        let heading: String
        let width: Int
        var alignment: TextAlignment = .left
    }

    /// The columns after the title in a box `inner` columns wide: narrower boxes leave out who
    /// added it, then what it is attached to.
    private static func columns(inner: Int) -> [Column] {
        var columns = [Column(heading: "Type", width: 16), Column(heading: "Size", width: 8, alignment: .right)]
        if inner >= 70 { columns.insert(Column(heading: "Attached to", width: 18), at: 0) }
        if inner >= 96 { columns.append(Column(heading: "Added", width: 22)) }
        return columns
    }

    func render(into canvas: any Canvas, keymap: Keymap) {
        let screen = CanvasRect(canvas.size)
        let rows = self.rows
        let box = screen.centered(rows: min(screen.rows - 2, max(rows.count, 1) + 3), columns: min(screen.columns - 4, 110))
        viewportRows = max(1, box.rows - 3)
        selected = min(selected, max(0, rows.count - 1))
        scrollOffset = min(max(scrollOffset, selected - viewportRows + 1), selected)
        let hints = keymap.hints(showingTrash
                                     ? [(.restore, "restores"), (.activate, "details"), (.showTrash, "documents in use"), (.cancel, "closes")]
                                     : [(.activate, "details"), (.openDocument, "opens"), (.delete, "to trash"), (.showTrash, "trash"),
                                        (.cancel, "closes")],
                                 in: .documents)
        BoxFrame.render(into: canvas, rect: box, title: DisplayText(showingTrash ? title + " · trash" : title), footer: DisplayText(hints))
        let inner = box.columns - 4, x = box.column + 2
        let columns = Self.columns(inner: inner)
        let titleWidth = max(8, inner - columns.reduce(0) { $0 + $1.width + 2 })
        var column = x + titleWidth + 2
        canvas.draw(DisplayText("Title"), row: box.row + 1, column: x, width: titleWidth, style: .columnHeader)
        for heading in columns {
            canvas.draw(DisplayText(heading.heading), row: box.row + 1, column: column, width: heading.width,
                        alignment: heading.alignment, style: .columnHeader)
            column += heading.width + 2
        }
        guard !rows.isEmpty else {
            let empty = showingTrash ? "The trash is empty." : "No documents yet: :attach FILE attaches one."
            canvas.draw(DisplayText(empty), row: box.row + 2, column: x, width: inner, style: .muted)
            return
        }
        guard let host else { return }
        for (offset, document) in rows.dropFirst(scrollOffset).prefix(viewportRows).enumerated() {
            let row = box.row + 2 + offset, isSelected = scrollOffset + offset == selected
            let style = TextStyle.normal.selected(isSelected)
            canvas.draw(DisplayText(String(repeating: " ", count: inner)), row: row, column: x, style: style)
            canvas.draw(DisplayText(document.title), row: row, column: x, width: titleWidth, style: style)
            var column = x + titleWidth + 2
            for field in columns {
                let value: String = switch field.heading {
                case "Attached to": NoteText.about(document.subject, in: host.session)
                case "Type": document.contentType
                case "Size": Formats.byteCount(document.byteCount)
                default: DocumentText.added(document, now: host.now, timeZone: host.timeZone)
                }
                canvas.draw(DisplayText(value), row: row, column: column, width: field.width, alignment: field.alignment,
                            style: TextStyle.muted.selected(isSelected))
                column += field.width + 2
            }
        }
    }

    // MARK: Keys

    func handle(_ key: Key, host: any PlannerHost) {
        guard case .action(let action) = host.keymap.resolve(key, in: .documents) else { return }
        _ = Self.keyCommands.perform(action, in: .documents, on: self, host: host)
    }

    /// Its details, with the path of its bytes on this machine (brought from the database if need be).
    private func showDetails(of document: Document, host: any PlannerHost) {
        let store = self.store
        host.perform { [weak host] in
            let fetched = await store.localPath(of: document)
            return { [weak host] in
                guard let host else { return }
                let path: String
                switch fetched {
                case .success(let local): path = local
                case .failure(let error):
                    host.report("\(error)", severity: .warning)
                    path = store.storedPath(of: document)
                }
                host.present(DetailOverlay.report(document.title, lines: DocumentText.details(
                    document, storedAt: path, session: host.session, now: host.now, timeZone: host.timeZone)))
            }
        }
    }
}

extension DocumentsOverlay {
    /// The documents' keys, in use and in the trash.
    nonisolated static let keyCommands: [PlannerKeyCommand<DocumentsOverlay>] = [
        HandledKeyCommand(.documents, [.escape, .character("q")], .cancel, "Close") { overlay, host in
            host.dismiss(overlay)
            return true
        },
        HandledKeyCommand(.documents, [.character("k"), .up], .moveUp, "Previous document") { overlay, _ in
            overlay.selected = max(0, overlay.selected - 1)
            return true
        },
        HandledKeyCommand(.documents, [.character("j"), .down], .moveDown, "Next document") { overlay, _ in
            overlay.selected = min(overlay.selected + 1, max(0, overlay.rows.count - 1))
            return true
        },
        HandledKeyCommand(.documents, [.enter], .activate, "Its details, with where its file is stored") { overlay, host in
            guard let document = overlay.current else { return false }
            overlay.showDetails(of: document, host: host)
            return true
        },
        HandledKeyCommand(.documents, [.character("o")], .openDocument, "Open it ($PAGER, xdg-open; over ssh: its path)") { overlay, host in
            guard let document = overlay.current, !overlay.showingTrash else { return false }
            host.open(document)
            return true
        },
        HandledKeyCommand(.documents, [.character("d")], .delete, "Move it to the trash (asks first; u undoes)", changesData: true) {
            overlay, host in
            guard let document = overlay.current, !overlay.showingTrash else { return false }
            let store = overlay.store
            host.confirmDelete("document", named: document.title, consequence: "It goes to the trash, where it can be restored.",
                               store: store) { await store.trash(document.id) }
            return true
        },
        HandledKeyCommand(.documents, [.character("t")], .showTrash, "Show the trash, or the documents in use again") { overlay, _ in
            overlay.showingTrash.toggle()
            overlay.selected = 0
            overlay.scrollOffset = 0
            return true
        },
        HandledKeyCommand(.documents, [.character("r")], .restore, "Restore the document from the trash", changesData: true) {
            overlay, host in
            guard let document = overlay.current, overlay.showingTrash else { return false }
            let store = overlay.store
            host.run({ await store.restore(document.id) }, undoable: "Restored \(document.title)", store: store)
            return true
        },
        HandledKeyCommand(.documents, [.character("u")], .undo, "Undo the last change to the documents", changesData: true) {
            overlay, host in
            let store = overlay.store
            guard let title = store.undoTitle else {
                host.report("Nothing to undo in the documents", severity: .warning)
                return true
            }
            host.run({ await store.undo() }, success: "Undid \(title)", store: store)
            return true
        },
        HandledKeyCommand(.documents, [.control("r")], .redo, "Redo what the last undo took back", changesData: true) { overlay, host in
            let store = overlay.store
            guard let title = store.redoTitle else {
                host.report("Nothing to redo in the documents", severity: .warning)
                return true
            }
            host.run({ await store.redo() }, success: "Redid \(title)", store: store)
            return true
        },
    ]
}
