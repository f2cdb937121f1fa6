import BlueprintTerminal

/// Draws a `Form` as a centred box: a label column, the fields, each problem beside its field
/// (or under it when the terminal is narrow), and an open pick-list over the rest. A field
/// without a problem that another session changed says so in the same place ("Sam changed
/// this: …", or "updated by Sam" when their value was taken in). The form scrolls to keep the
/// focused field in view.
@MainActor
public enum FormView {
    /// Where to look when a form is refused, in words that hold without colour.
    static let problemsNote = "fix the problems shown"

    /// The footer of a form: what `keymap`'s keys for saving, cancelling and the next field do
    /// ("Enter saves · Esc cancels · Tab next field").
    public static func keyHints(_ keymap: Keymap, submit: String = "saves", cancel: String = "cancels") -> DisplayText {
        DisplayText(keymap.hints([(.submit, submit), (.cancel, cancel), (.nextField, "next field")], in: .form))
    }

    /// Draws `form` on `canvas`, with `footer` under it: its key hints, or what is going on
    /// ("Saving…"); `notice`, if any, on the line above the fields ("Mei is editing this guest").
    /// `changedBy` names who changed the fields another session changed.
    public static func render(_ form: Form, into canvas: any Canvas, footer: DisplayText, notice: DisplayText = .empty,
                              changedBy: String = "someone") {
        let screen = CanvasRect(canvas.size)
        let width = min(screen.columns - 2, 88)
        let labelWidth = min(20, form.fields.map { DisplayText($0.label).width }.max() ?? 0)
        let inner = width - 4
        let valueWidth = min(36, max(8, inner - labelWidth - 2))
        let issueColumn = labelWidth + 2 + valueWidth + 2
        let issueRoom = inner - issueColumn
        let remarks = form.fields.map { remark(on: $0, in: form, changedBy: changedBy, valueWidth: valueWidth) }
        let lines = layoutLines(remarks, roomBeside: issueRoom >= 18 ? issueRoom : 0)
        let general = form.generalIssues.flatMap { DisplayText($0).wrapped(toWidth: inner) }
        let height = min(screen.rows - 2, lines.count + general.count + 4)
        let box = screen.centered(rows: height, columns: width)
        BoxFrame.render(into: canvas, rect: box, title: DisplayText(form.title), footer: footer)
        if !notice.isEmpty { canvas.draw(notice, row: box.row + 1, column: box.column + 2, width: inner, style: .warning) }

        let bodyRows = max(1, box.rows - 4 - min(general.count, max(0, box.rows - 5)))
        let focusLine = lines.firstIndex { $0.field == form.focus && !$0.isRemarkLine } ?? 0
        let lastFocusLine = lines.lastIndex { $0.field == form.focus } ?? focusLine
        let top = min(max(0, lastFocusLine - bodyRows + 1), focusLine)
        let x = box.column + 2
        var pickListAnchor: (row: Int, column: Int)?
        for (offset, line) in lines.dropFirst(top).prefix(bodyRows).enumerated() {
            let row = box.row + 2 + offset
            let field = form.fields[line.field]
            let focused = line.field == form.focus
            if line.isRemarkLine, let remark = remarks[line.field] {
                canvas.draw("↳ " + remark.text, row: row, column: x + labelWidth + 2, width: inner - labelWidth - 2, style: remark.style)
                continue
            }
            canvas.draw(DisplayText(field.label), row: row, column: x, width: labelWidth, alignment: .right,
                        style: focused ? .accent : .normal)
            let valueX = x + labelWidth + 2
            switch field.value {
            case .text(let text):
                text.render(into: canvas, row: row, column: valueX, width: valueWidth, style: .normal, focused: focused,
                            placeholder: DisplayText(field.placeholder))
            case .choice(let choice):
                let shown = focused ? DisplayText("◂ " + choice.label + " ▸") : DisplayText(choice.label)
                canvas.draw(shown, row: row, column: valueX, width: valueWidth, style: focused ? TextStyle.accent : .normal)
                if focused { pickListAnchor = (row, valueX) }
            }
            if line.showsRemarkBeside, let remark = remarks[line.field] {
                canvas.draw(remark.text, row: row, column: x + issueColumn, width: issueRoom, style: remark.style)
            }
        }
        for (offset, line) in general.prefix(max(0, box.rows - 5)).enumerated() {
            canvas.draw(line, row: box.bottom - 2 - min(general.count, box.rows - 5) + offset, column: x, style: .danger)
        }
        if let anchor = pickListAnchor, let highlighted = form.pickListSelection,
           case .choice(let choice) = form.focusedField.value {
            renderPickList(choice, highlighted: highlighted, below: anchor, on: canvas)
        }
    }

    /// One line of the form body: a field (with its remark beside it, if that fits), or the
    /// remark under it.
    private struct Line {
        let field: Int
        let isRemarkLine: Bool
        var showsRemarkBeside = false
    }

    /// What is said beside `field`: its problem from the last submit, else what another session
    /// changed in it, their value cut to the field's `valueWidth`.
    private static func remark(on field: FormField, in form: Form, changedBy who: String,
                               valueWidth: Int) -> (text: DisplayText, style: TextStyle)? {
        if let issue = form.issues[field.name] { return (DisplayText(issue), .danger) }
        guard let change = form.changedElsewhere[field.name] else { return nil }
        // Taken in and not typed over since: it holds theirs.
        if change.taken, field.text == change.theirs { return (DisplayText("updated by " + who), .warning) }
        return (DisplayText(who + " changed this: ") + DisplayText(change.theirs).truncated(toWidth: valueWidth), .warning)
    }

    /// A line per field, plus one under each field whose remark does not fit in `roomBeside` columns.
    private static func layoutLines(_ remarks: [(text: DisplayText, style: TextStyle)?], roomBeside: Int) -> [Line] {
        remarks.indices.flatMap { index -> [Line] in
            guard let remark = remarks[index] else { return [Line(field: index, isRemarkLine: false)] }
            if remark.text.width <= roomBeside {
                return [Line(field: index, isRemarkLine: false, showsRemarkBeside: true)]
            }
            return [Line(field: index, isRemarkLine: false), Line(field: index, isRemarkLine: true)]
        }
    }

    /// The open pick-list: a box of every option under the field (above it when there is no
    /// room below), scrolled to keep the highlighted option in view.
    private static func renderPickList(_ choice: FormField.Choice, highlighted: Int, below anchor: (row: Int, column: Int),
                                       on canvas: any Canvas) {
        let labels = choice.options.map { DisplayText($0) }
        let width = min(canvas.size.columns - anchor.column, (labels.map(\.width).max() ?? 0) + 4)
        let roomBelow = canvas.size.rows - anchor.row - 1
        let roomAbove = anchor.row
        let wanted = labels.count + 2
        let placeBelow = roomBelow >= min(wanted, 6) || roomBelow >= roomAbove
        let height = min(wanted, placeBelow ? roomBelow : roomAbove)
        guard height >= 3, width >= 4 else { return }
        let top = placeBelow ? anchor.row + 1 : anchor.row - height
        let rect = CanvasRect(row: top, column: anchor.column, rows: height, columns: width)
        BoxFrame.render(into: canvas, rect: rect)
        let visible = height - 2
        let first = min(max(0, highlighted - visible + 1), max(0, labels.count - visible))
        for (offset, label) in labels.dropFirst(first).prefix(visible).enumerated() {
            let index = first + offset
            canvas.draw(" " + label, row: top + 1 + offset, column: anchor.column + 1, width: width - 2,
                        style: TextStyle.normal.selected(index == highlighted))
        }
    }
}
