import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// Your edit and someone else's changed the same fields of a record differently (or they
/// deleted it): the fields are listed with the value each started from, yours and theirs, and
/// you choose a side per field, or all yours, or all theirs. Everything else merged on its own
/// and is saved with your choice; nothing is written until you choose.
@MainActor
final class MergeConflictOverlay: ConflictDialog {
    enum Resolution {
        case saved, cancelled
    }

    private let store: DomainStore
    private let conflict: ConflictSummary
    private let onResolved: @MainActor (Resolution) -> Void
    /// The wedding's currency, for amounts.
    private let currency: Currency
    /// "Sam", and when: "2 min ago".
    private let who: String, when: String
    /// The side kept in each field; yours until you choose.
    private var sides: [FieldPath: MergeSide]
    private var selected = 0
    /// The first field shown, when more fields than fit are listed: the selected one stays in view.
    private var firstShown = 0

    /// The open conflict of `store` (its `openConflict`), said with times relative to `now`.
    init(store: DomainStore, conflict: ConflictSummary, currency: Currency, now: Timestamp, timeZone: TimeZone,
         onResolved: @escaping @MainActor (Resolution) -> Void) {
        self.store = store
        self.conflict = conflict
        self.currency = currency
        self.onResolved = onResolved
        sides = Dictionary(uniqueKeysWithValues: conflict.fields.map { ($0.path, .mine) })
        who = conflict.writer?.author ?? "Someone in another session"
        when = conflict.writer.map { " " + Formats.ago($0.at, now: now, timeZone: timeZone) } ?? ""
    }

    var keyMode: KeyMode { .conflict }
    var modeName: String { "CONFLICT" }

    /// What the dialog says above the fields.
    private var message: String {
        if conflict.deleted {
            return "\(who) deleted \(conflict.name)\(when), while you were changing it. Restore it with your edits, or drop them?"
        }
        return "\(who) changed \(conflict.name)\(when), while you were changing it. Your other changes merge on their own; "
            + "you both changed \(CountPhrase.of(conflict.fields.count, "field")). Choose what to keep:"
    }

    func render(into canvas: any Canvas, keymap: Keymap) {
        let width = min(canvas.size.columns - 2, 100)
        let lines = DisplayText(message).wrapped(toWidth: width - 4)
        let fieldRows = conflict.deleted ? 0 : conflict.fields.count * 2 + 1
        let hints = footer(keymap).wrapped(toWidth: width - 4)
        let rows = min(canvas.size.rows - 2, lines.count + fieldRows + hints.count + 4)
        let box = CanvasRect(canvas.size).centered(rows: rows, columns: width)
        let last = box.bottom - 1 - hints.count
        var row = box.row + 2 + min(lines.count, max(0, last - box.row - 2))
        let shown = conflict.deleted ? 0..<0 : fieldsShown(fitting: max(1, (last - row - 1) / 2))
        let count = conflict.fields.count
        let title = conflict.deleted ? "Deleted meanwhile"
            : shown.count < count ? "Edit conflict: fields \(shown.lowerBound + 1)–\(shown.upperBound) of \(count)" : "Edit conflict"
        BoxFrame.render(into: canvas, rect: box, title: DisplayText(title))
        for (index, line) in lines.prefix(row - box.row - 2).enumerated() {
            canvas.draw(line, row: box.row + 2 + index, column: box.column + 2, style: .normal)
        }
        row += 1
        for index in shown where row + 1 < last {
            drawField(conflict.fields[index], selected: index == selected, row: row, column: box.column + 2, width: width - 4,
                      on: canvas)
            row += 2
        }
        for (index, line) in hints.enumerated() {
            canvas.draw(line, row: box.bottom - 1 - hints.count + index, column: box.column + 2, style: .muted)
        }
    }

    /// The fields that fit in `room` field places, scrolled so the selected one is among them.
    private func fieldsShown(fitting room: Int) -> Range<Int> {
        firstShown = min(max(firstShown, selected - room + 1), selected)
        return firstShown..<min(conflict.fields.count, firstShown + room)
    }

    /// A field on two lines: its name and what it was, then yours and theirs, the kept one marked ●.
    private func drawField(_ field: ConflictSummary.Field, selected: Bool, row: Int, column: Int, width: Int,
                           on canvas: any Canvas) {
        let name = DisplayText((selected ? "▸ " : "  ") + field.label + ": was ")
        canvas.draw(name, row: row, column: column, style: selected ? .accent : .normal)
        canvas.draw(DisplayText(text(field.base)).truncated(toWidth: max(0, width - name.width)), row: row,
                    column: column + name.width, style: .muted)
        let keepsMine = sides[field.path] == .mine
        let half = (width - 4) / 2
        let mine = DisplayText((keepsMine ? "● yours " : "○ yours ") + text(field.mine)).truncated(toWidth: half)
        let theirs = DisplayText((keepsMine ? "○ theirs " : "● theirs ") + text(field.theirs)).truncated(toWidth: half)
        canvas.draw(mine, row: row + 1, column: column + 4, style: keepsMine ? .accent : .normal)
        canvas.draw(theirs, row: row + 1, column: column + 4 + half, style: keepsMine ? .normal : .accent)
    }

    private func text(_ value: ConflictSummary.Value) -> String {
        switch value {
        case .text(let text): text
        case .money(let amount?): Formats.money(amount, currency)
        case .money(nil): "(none)"
        }
    }

    private func footer(_ keymap: Keymap) -> DisplayText {
        let actions: [(action: KeyAction, text: String)] = conflict.deleted
            ? [(.overwrite, "restore with your edits"), (.reload, "drop your edits"), (.cancel, "back to your edit")]
            : [(.moveUp, "field"), (.toggle, "yours or theirs"), (.submit, "save"), (.overwrite, "all mine"),
               (.reload, "all theirs"), (.cancel, "back")]
        return DisplayText(keymap.hints(actions, in: .conflict))
    }

    func handle(_ key: Key, host: any PlannerHost) {
        guard case .action(let action) = host.keymap.resolve(key, in: .conflict) else { return }
        _ = Self.keyCommands.perform(action, in: .conflict, on: self, host: host)
    }

    func moveField(by offset: Int) -> Bool {
        selected = min(max(0, selected + offset), max(0, conflict.fields.count - 1))
        return true
    }

    func toggleSide() -> Bool {
        guard let path = conflict.fields[safe: selected]?.path else { return false }
        sides[path] = sides[path] == .mine ? .theirs : .mine
        return true
    }

    func saveChosenSides(host: any PlannerHost) -> Bool {
        guard !conflict.deleted else { return false }
        resolve(with: sides, host: host, success: "Saved with the sides you chose")
        return true
    }

    func keepYours(host: any PlannerHost) {
        resolve(with: sides.mapValues { _ in .mine }, host: host,
                success: conflict.deleted ? "Restored \(conflict.name) with your edits" : "Saved with your values")
    }

    func takeTheirs(host: any PlannerHost) {
        guard conflict.deleted else {
            return resolve(with: sides.mapValues { _ in .theirs }, host: host, success: "Saved with their values; your other changes kept")
        }
        host.dismiss(self)
        host.perform { [weak host, store, onResolved, conflict] in
            await store.resolveConflictByReloading()
            return { [weak host] in
                host?.report("Dropped your edits of \(conflict.name)")
                onResolved(.saved)
            }
        }
    }

    func leave(host: any PlannerHost) {
        host.dismiss(self)
        onResolved(.cancelled)
    }

    private func resolve(with choices: [FieldPath: MergeSide], host: any PlannerHost, success: String) {
        host.dismiss(self)
        host.perform { [weak host, store, onResolved] in
            let outcome = await store.resolveConflict(choosing: choices)
            return { [weak host] in
                host?.report(outcome, success: success, store: store)
                onResolved(outcome.isSaved ? .saved : .cancelled)
            }
        }
    }
}
