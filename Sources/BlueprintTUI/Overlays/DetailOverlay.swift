import BlueprintDomain
import BlueprintTerminal

/// Every field of one record in a box, scrollable; `e` edits it, `d` deletes it, and other keys
/// of the keymap's detail section do what the record offers (`p` marks an expense paid). The
/// footer names the keys of the keymap in force.
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

    private let title: String
    private let lines: [Line]
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
                 actions: [Action], offersEditing: Bool = true, subject: PresenceSubject? = nil) {
        self.offersEditing = offersEditing
        self.subject = subject
        self.title = title
        self.lines = lines
        self.onEdit = onEdit
        self.onDelete = onDelete
        self.actions = actions
    }

    var keyMode: KeyMode { .detail }
    var modeName: String { "DETAIL" }

    func render(into canvas: any Canvas, keymap: Keymap) {
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
        let hints = keymap.hints(editing + offered + [(.cancel, "closes")],
                                 in: .detail, more: scrollOffset + viewportRows < rows.count)
        BoxFrame.render(into: canvas, rect: box, title: DisplayText(title), footer: DisplayText(hints))
        if !notice.isEmpty { canvas.draw(notice, row: box.row + 1, column: box.column + 2, width: box.columns - 4, style: .warning) }
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
        switch action {
        case .cancel: host.dismiss(self)
        case .moveUp: scrollOffset = max(0, scrollOffset - 1)
        case .moveDown: scrollOffset = min(scrollOffset + 1, max(0, drawnRows - viewportRows))
        case .edit where offersEditing:
            host.dismiss(self)
            onEdit()
        case .delete where offersEditing:
            host.dismiss(self)
            onDelete()
        case .command: host.openCommandLine()
        default:
            guard let offered = actions.first(where: { $0.action == action }) else { return }
            host.dismiss(self)
            offered.perform()
        }
    }
}

extension DetailOverlay {
    /// Lines to read (a report, such as the seating rules broken): no record to edit or delete.
    static func report(_ title: String, lines: [Line]) -> DetailOverlay {
        DetailOverlay(title: title, lines: lines, onEdit: {}, onDelete: {}, actions: [], offersEditing: false)
    }

    /// The details of a record whose `e`, `d` and `actions` act on the record as it is when the
    /// key is pressed: `current` looks it up again, since another session may have changed it.
    /// A record that notes can be about (any but a note) ends with its notes, newest first, and
    /// the note key writes one on it; a vendor or an expense then ends with its documents, and
    /// the documents key lists them.
    static func record<Record>(_ title: String, lines: [Line], host: any PlannerHost, subject: PresenceSubject? = nil,
                               current: @escaping @MainActor () -> Record?,
                               edit: @escaping @MainActor (Record, any PlannerHost) -> Void,
                               delete: @escaping @MainActor (Record, any PlannerHost) -> Void,
                               actions: [(action: KeyAction, hint: String, perform: @MainActor (Record, any PlannerHost) -> Void)] = [])
        -> DetailOverlay {
        var lines = lines
        if let record = current() as? any BlueprintDomain.Record, type(of: record).kind != .note {
            lines.append(UpdatedLine.line(for: record, host: host))
        }
        var offered = actions.map { Action(action: $0.action, hint: $0.hint, perform: acting(on: current, host: host, $0.perform)) }
        if let record = current() as? any TableRecord, type(of: record).kind != .note, let notes = host.session?.notes {
            let subject = RecordSubject.record(type(of: record).kind, record.id)
            lines += NoteText.section(notes.notes(of: subject), now: host.now, timeZone: host.timeZone)
            offered.append(Action(action: .addNote, hint: "writes a note") { [weak host] in
                guard let host else { return }
                NoteForms.present(on: subject, host: host)
            })
        }
        if let record = current() as? any TableRecord, [.vendor, .expense].contains(type(of: record).kind),
           let documents = host.session?.documents {
            let subject = RecordSubject.record(type(of: record).kind, record.id)
            lines += DocumentText.section(documents.documents(of: subject), keymap: host.keymap, now: host.now, timeZone: host.timeZone)
            offered.append(Action(action: .showDocuments, hint: "") { [weak host] in host?.showDocuments(of: subject) })
        }
        // A viewer is not offered what would be refused (the keys still say why if pressed).
        let mayChange = host.session?.access.mayChange ?? true
        return DetailOverlay(title: title, lines: lines,
                             onEdit: acting(on: current, host: host, edit),
                             onDelete: acting(on: current, host: host, delete),
                             actions: mayChange ? offered : offered.map { $0.action.changesData ? $0.unoffered : $0 },
                             offersEditing: mayChange, subject: subject)
    }

    private static func acting<Record>(on current: @escaping @MainActor () -> Record?, host: any PlannerHost,
                                       _ perform: @escaping @MainActor (Record, any PlannerHost) -> Void) -> @MainActor () -> Void {
        { [weak host] in
            guard let host, let record = current() else { return }
            perform(record, host)
        }
    }
}
