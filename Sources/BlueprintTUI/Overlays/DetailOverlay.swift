/// Every field of one record in a box, scrollable; `e` edits it, `d` deletes it, and other keys
/// of the keymap's detail section do what the record offers (`p` marks an expense paid).
@MainActor
final class DetailOverlay: Overlay {
    /// Something the record offers besides editing and deleting: `key action` runs `perform`
    /// once the details are closed; `hint` names it in the footer ("p paid").
    struct Action {
        let action: KeyAction
        let hint: String
        let perform: @MainActor () -> Void
    }

    /// One line: a label and its value; a line with an empty label continues the one above.
    struct Line {
        let label: String
        let value: String
        var style: TextStyle = .normal
    }

    private let title: String
    private let lines: [Line]
    private let onEdit: (@MainActor () -> Void)?
    private let onDelete: (@MainActor () -> Void)?
    private let actions: [Action]
    private var scrollOffset = 0
    private var viewportRows = 1

    init(title: String, lines: [Line], onEdit: (@MainActor () -> Void)? = nil, onDelete: (@MainActor () -> Void)? = nil,
         actions: [Action] = []) {
        self.title = title
        self.lines = lines
        self.onEdit = onEdit
        self.onDelete = onDelete
        self.actions = actions
    }

    var keyMode: KeyMode { .detail }
    var modeName: String { "DETAIL" }

    func render(into canvas: any Canvas) {
        let screen = CanvasRect(canvas.size)
        let box = screen.centered(rows: min(screen.rows - 2, lines.count + 4), columns: min(screen.columns - 4, 84))
        viewportRows = max(1, box.rows - 4)
        scrollOffset = min(scrollOffset, max(0, lines.count - viewportRows))
        var hints = ["Esc closes"]
        if onEdit != nil { hints.insert("e edits", at: 0) }
        if onDelete != nil { hints.insert("d deletes", at: hints.count - 1) }
        hints.insert(contentsOf: actions.map(\.hint), at: hints.count - 1)
        if scrollOffset + viewportRows < lines.count { hints.insert("↓ more", at: 0) }
        BoxFrame.render(into: canvas, rect: box, title: DisplayText(title), footer: DisplayText(hints.joined(separator: " · ")))
        let labelWidth = min(18, lines.map { DisplayText($0.label).width }.max() ?? 0)
        let x = box.column + 2
        for (offset, line) in lines.dropFirst(scrollOffset).prefix(viewportRows).enumerated() {
            let row = box.row + 2 + offset
            canvas.draw(DisplayText(line.label), row: row, column: x, width: labelWidth, alignment: .right, style: .muted)
            canvas.draw(DisplayText(line.value), row: row, column: x + labelWidth + 2, width: box.columns - labelWidth - 6,
                        style: line.style)
        }
    }

    func handle(_ key: Key, host: any PlannerHost) {
        guard case .action(let action) = host.keymap.resolve(key, in: .detail) else { return }
        switch action {
        case .cancel: host.dismiss(self)
        case .moveUp: scrollOffset = max(0, scrollOffset - 1)
        case .moveDown: scrollOffset = min(scrollOffset + 1, max(0, lines.count - viewportRows))
        case .edit:
            guard let onEdit else { return }
            host.dismiss(self)
            onEdit()
        case .delete:
            guard let onDelete else { return }
            host.dismiss(self)
            onDelete()
        default:
            guard let offered = actions.first(where: { $0.action == action }) else { return }
            host.dismiss(self)
            offered.perform()
        }
    }
}
