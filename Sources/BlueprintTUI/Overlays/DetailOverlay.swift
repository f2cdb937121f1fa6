import BlueprintDomain
import BlueprintTerminal

/// Every field of one record in a box, scrollable; `e` edits it, `d` deletes it, and other keys
/// of the keymap's detail section do what the record offers (`p` marks an expense paid). The
/// footer names the keys of the keymap in force.
///
/// The details follow the record: each frame reads it again from its store, so a change made
/// anywhere (another session, another pane, a command) shows at once; once the record is
/// deleted, the last lines stay under a line saying so, and the keys that act on it are gone.
@MainActor
final class DetailOverlay: RecordOverlay {
    /// Something the record offers besides editing and deleting: the key of `action` runs
    /// `perform` once the details are closed; `hint` says what it does after that key in the
    /// footer ("paid", shown as "p paid"), unless it is empty (the lines say it).
    struct Action {
        let action: KeyAction
        let hint: String
        let perform: @MainActor () -> Void

        /// The same, not hinted in the footer.
        var unoffered: Action { Action(action: action, hint: "", perform: perform) }
    }

    /// One line: a label and its value; a line with an empty label continues the one above.
    struct Line {
        let label: String
        let value: String
        var style: TextStyle = .normal
        /// Whether a value wider than the box goes on over the next rows (a note's text) rather
        /// than being cut.
        var wraps = false
    }

    /// What the details show, read again before each frame.
    struct Content {
        let title: String
        let lines: [Line]
    }

    private var title: String
    private var lines: [Line]
    /// Reads the record's details anew; nil for lines that follow nothing (a report).
    private let reread: (@MainActor () -> Content?)?
    /// Says the record is gone ("Deleted by Sam · just now"); asked when `reread` finds no record.
    private let deletionNotice: @MainActor () -> String
    /// Set once the record is found deleted: what the top line says.
    private var deletion: String?
    private let onEdit: @MainActor () -> Void
    private let onDelete: @MainActor () -> Void
    private let actions: [Action]
    /// Whether `e` and `d` act (a record), or the lines are only to read (a report).
    private let offersEditing: Bool
    private var scrollOffset = 0
    private var viewportRows = 1
    let subject: PresenceSubject?
    var notice: DisplayText = .empty
    /// How many rows the lines took when last drawn (wrapped lines take more than one).
    private var drawnRows = 0

    private init(title: String, lines: [Line], onEdit: @escaping @MainActor () -> Void, onDelete: @escaping @MainActor () -> Void,
                 actions: [Action], offersEditing: Bool = true, subject: PresenceSubject? = nil,
                 reread: (@MainActor () -> Content?)? = nil, deletionNotice: @escaping @MainActor () -> String = { "" }) {
        self.offersEditing = offersEditing
        self.subject = subject
        self.title = title
        self.lines = lines
        self.reread = reread
        self.deletionNotice = deletionNotice
        self.onEdit = onEdit
        self.onDelete = onDelete
        self.actions = actions
    }

    var keyMode: KeyMode { .detail }
    var modeName: String { "DETAIL" }

    /// Whether the record shown has been deleted since the details opened.
    var isDeleted: Bool { deletion != nil }

    /// Reads the record again: its lines as they are now, or, once it is gone, the notice saying so.
    private func follow() {
        guard let reread else { return }
        if let content = reread() {
            title = content.title
            lines = content.lines
            deletion = nil
        } else {
            deletion = deletionNotice()
        }
    }

    func render(into canvas: any Canvas, keymap: Keymap) {
        follow()
        let screen = CanvasRect(canvas.size)
        let columns = min(screen.columns - 4, 84)
        let labelWidth = min(18, lines.map { DisplayText($0.label).width }.max() ?? 0)
        let valueWidth = max(1, columns - labelWidth - 6)
        let rows = Self.rows(of: lines, width: valueWidth)
        drawnRows = rows.count
        let box = screen.centered(rows: min(screen.rows - 2, rows.count + 4), columns: columns)
        viewportRows = max(1, box.rows - 4)
        scrollOffset = min(scrollOffset, max(0, rows.count - viewportRows))
        let offered = actions.filter { !$0.hint.isEmpty }.map { (action: $0.action, text: $0.hint) }
        let editing: [(action: KeyAction, text: String)] = offersEditing ? [(.edit, "edits"), (.delete, "deletes")] : []
        let hints = keymap.hints((isDeleted ? [] : editing + offered) + [(.cancel, "closes")],
                                 in: .detail, more: scrollOffset + viewportRows < rows.count)
        BoxFrame.render(into: canvas, rect: box, title: DisplayText(title), footer: DisplayText(hints))
        if let deletion {
            canvas.draw(DisplayText(deletion), row: box.row + 1, column: box.column + 2, width: box.columns - 4, style: .danger)
        } else if !notice.isEmpty {
            canvas.draw(notice, row: box.row + 1, column: box.column + 2, width: box.columns - 4, style: .warning)
        }
        let x = box.column + 2
        for (offset, line) in rows.dropFirst(scrollOffset).prefix(viewportRows).enumerated() {
            let row = box.row + 2 + offset
            canvas.draw(DisplayText(line.label), row: row, column: x, width: labelWidth, alignment: .right, style: .muted)
            canvas.draw(line.value, row: row, column: x + labelWidth + 2, width: valueWidth, style: line.style)
        }
    }

    /// The rows `lines` take with values `width` columns wide: a wrapping line's value is
    /// sanitised, then broken at spaces over as many rows as it needs, its label on the first.
    private static func rows(of lines: [Line], width: Int) -> [(label: String, value: DisplayText, style: TextStyle)] {
        lines.flatMap { line -> [(label: String, value: DisplayText, style: TextStyle)] in
            let value = DisplayText(line.value)
            guard line.wraps, value.width > width else { return [(line.label, value, line.style)] }
            return value.wrapped(toWidth: width).enumerated().map { ($0.offset == 0 ? line.label : "", $0.element, line.style) }
        }
    }

    func handle(_ key: Key, host: any PlannerHost) {
        guard case .action(let action) = host.keymap.resolve(key, in: .detail) else { return }
        if action.changesData, let refusal = host.session?.access.refusal { return host.report(refusal, severity: .warning) }
        _ = Self.keyCommands.perform(action, in: .detail, on: self, host: host)
    }

    /// Closes the details and runs `perform` on the record; while the record is deleted, says so
    /// instead. False when the record offers no `perform` (nil).
    private func closing(then perform: (@MainActor () -> Void)?, host: any PlannerHost) -> Bool {
        if isDeleted {
            host.report(deletion ?? "", severity: .warning)
            return true
        }
        guard let perform else { return false }
        host.dismiss(self)
        perform()
        return true
    }
}

extension DetailOverlay {
    /// The details' keys; those of what a record offers besides editing and deleting act when
    /// it offers them (`Action`).
    nonisolated static let keyCommands: [PlannerKeyCommand<DetailOverlay>] = [
        HandledKeyCommand(.detail, [.escape, .enter, .character("q")], .cancel, "Close") { detail, host in
            host.dismiss(detail)
            return true
        },
        HandledKeyCommand(.detail, [.character("e")], .edit, "Edit", changesData: true) { detail, host in
            detail.closing(then: detail.offersEditing ? detail.onEdit : nil, host: host)
        },
        HandledKeyCommand(.detail, [.character("d")], .delete, "Delete (asks first)", changesData: true) { detail, host in
            detail.closing(then: detail.offersEditing ? detail.onDelete : nil, host: host)
        },
        HandledKeyCommand(.detail, [.character("p")], .markPaid, "Mark the expense paid", changesData: true,
                          perform: offered(.markPaid)),
        HandledKeyCommand(.detail, [.character("i")], .recordInstallment, "Record an installment of the expense", changesData: true,
                          perform: offered(.recordInstallment)),
        HandledKeyCommand(.detail, [.character("I")], .editInstallments, "Edit the expense's installments", changesData: true,
                          perform: offered(.editInstallments)),
        HandledKeyCommand(.detail, [.character("P")], .changeInstallment,
                          "Mark one installment paid or not paid, or delete it (asks which)", changesData: true,
                          perform: offered(.changeInstallment)),
        HandledKeyCommand(.detail, [.character("w")], .addNote, "Write a note on the record", changesData: true,
                          perform: offered(.addNote)),
        HandledKeyCommand(.detail, [.character("D")], .showDocuments, "List the vendor's or expense's documents",
                          perform: offered(.showDocuments)),
        HandledKeyCommand(.detail, [.character(":")], .command, "Type a command (:attach FILE attaches to the vendor or expense)") {
            _, host in
            host.openCommandLine()
            return true
        },
        HandledKeyCommand(.detail, [.character("k"), .up], .moveUp, "Scroll up") { detail, _ in
            detail.scrollOffset = max(0, detail.scrollOffset - 1)
            return true
        },
        HandledKeyCommand(.detail, [.character("j"), .down], .moveDown, "Scroll down") { detail, _ in
            detail.scrollOffset = min(detail.scrollOffset + 1, max(0, detail.drawnRows - detail.viewportRows))
            return true
        },
    ]

    /// Runs what the record offers for `action`, if it offers it (`Action`), once the details are closed.
    private nonisolated static func offered(_ action: KeyAction) -> PlannerKeyHandler<DetailOverlay> {
        { detail, host in
            detail.closing(then: detail.actions.first { $0.action == action }?.perform, host: host)
        }
    }
}

extension DetailOverlay {
    /// Lines to read (a report, such as the seating rules broken): no record to edit or delete.
    static func report(_ title: String, lines: [Line]) -> DetailOverlay {
        DetailOverlay(title: title, lines: lines, onEdit: {}, onDelete: {}, actions: [], offersEditing: false)
    }

    /// The details of a record, read through `current` (its store's record of that id) for each
    /// frame, so they show the record as it is now: `title` and `lines` say it; `e`, `d` and
    /// `actions` act on it as it is when the key is pressed. A record that notes can be about (any
    /// but a note) ends with its notes, newest first, and the note key writes one on it; a vendor
    /// or an expense then ends with its documents, and the documents key lists them. Once
    /// `current` finds no record, the details say who deleted it and when, if the activity knows.
    static func record<Record: BlueprintDomain.Record>(
        _ title: @escaping @MainActor (Record) -> String, lines: @escaping @MainActor (Record) -> [Line],
        host: any PlannerHost, subject: PresenceSubject? = nil,
        current: @escaping @MainActor () -> Record?,
        edit: @escaping @MainActor (Record, any PlannerHost) -> Void,
        delete: @escaping @MainActor (Record, any PlannerHost) -> Void,
        actions: [(action: KeyAction, hint: String, perform: @MainActor (Record, any PlannerHost) -> Void)] = []
    ) -> DetailOverlay {
        let kind = Record.kind
        let content: @MainActor () -> Content? = { [weak host] in
            guard let host, let record = current() else { return nil }
            var shown = lines(record)
            guard kind != .note else { return Content(title: title(record), lines: shown) }
            shown.append(UpdatedLine.line(for: record, host: host))
            let about = RecordSubject.record(kind, record.id)
            if let notes = host.session?.notes {
                shown += NoteText.section(notes.notes(of: about), now: host.now, timeZone: host.timeZone)
            }
            if [.vendor, .expense].contains(kind), let documents = host.session?.documents {
                shown += DocumentText.section(documents.documents(of: about), keymap: host.keymap, now: host.now, timeZone: host.timeZone)
            }
            return Content(title: title(record), lines: shown)
        }
        var offered = actions.map { Action(action: $0.action, hint: $0.hint, perform: acting(on: current, host: host, $0.perform)) }
        if let record = current(), kind != .note, host.session?.notes != nil {
            let about = RecordSubject.record(kind, record.id)
            offered.append(Action(action: .addNote, hint: "writes a note") { [weak host] in
                guard let host else { return }
                NoteForms.present(on: about, host: host)
            })
            if [.vendor, .expense].contains(kind), host.session?.documents != nil {
                offered.append(Action(action: .showDocuments, hint: "") { [weak host] in host?.showDocuments(of: about) })
            }
        }
        let id = current()?.id
        let opening = content()
        // A viewer is not offered what would be refused (the keys still say why if pressed).
        let mayChange = host.session?.access.mayChange ?? true
        return DetailOverlay(title: opening?.title ?? "", lines: opening?.lines ?? [],
                             onEdit: acting(on: current, host: host, edit),
                             onDelete: acting(on: current, host: host, delete),
                             actions: mayChange ? offered : offered.map { $0.action.changesData ? $0.unoffered : $0 },
                             offersEditing: mayChange, subject: subject, reread: content,
                             deletionNotice: { [weak host] in
                                 guard let host, let id else { return "This \(kind.noun) has been deleted" }
                                 return RecordHistory.deletionNotice(of: id, kind: kind, host: host)
                             })
    }

    private static func acting<Record>(on current: @escaping @MainActor () -> Record?, host: any PlannerHost,
                                       _ perform: @escaping @MainActor (Record, any PlannerHost) -> Void) -> @MainActor () -> Void {
        { [weak host] in
            guard let host, let record = current() else { return }
            perform(record, host)
        }
    }
}
