import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// An edit made offline that the database refused once it answered, because someone changed
/// the same record since: take theirs, keep yours, or not now (it waits in `:conflicts`). An
/// edit made in this session that does not merge on its own is `MergeConflictOverlay`'s.
@MainActor
final class OfflineConflictOverlay: ConflictDialog {
    private let conflict: OfflineConflict
    private let model: OfflineConflictsModel
    private let message: String

    /// What each key does, with its hint and its button.
    private static let choices: [(action: KeyAction, hint: String, button: String)] = [
        (.reload, "takes theirs (your edit is dropped)", "Take theirs"),
        (.overwrite, "keeps yours in the fields you both changed (their other changes stay)", "Keep yours"),
        (.cancel, "decides later (:conflicts)", "Later"),
    ]

    /// `conflict`, one of `count` edits made offline that conflict in `model`: take theirs,
    /// keep yours, or decide later.
    init(_ conflict: OfflineConflict, of count: Int, in model: OfflineConflictsModel, now: Timestamp, timeZone: TimeZone) {
        self.conflict = conflict
        self.model = model
        let edit = conflict.edit
        let when = Formats.ago(edit.at, now: now, timeZone: timeZone)
        let who = edit.author.map { "\($0) " } ?? ""
        message = "While the database could not be reached, \(who)\(edit.sentence) (\(when)); someone changed the same "
            + "since, so the database refused it. Nothing is lost until you choose."
            + (count > 1 ? " (1 of \(count) edits made offline that conflict.)" : "")
    }

    var keyMode: KeyMode { .conflict }
    var modeName: String { "CONFLICT" }

    func render(into canvas: any Canvas, keymap: Keymap) {
        let hints = keymap.hints(Self.choices.map { ($0.action, $0.hint) }, in: .conflict, separator: ", ")
        let text = DisplayText(message + (hints.isEmpty ? "" : " \(hints)."))
        let width = min(canvas.size.columns - 4, 64)
        let lines = text.wrapped(toWidth: width - 4)
        let box = CanvasRect(canvas.size).centered(rows: lines.count + 5, columns: width)
        BoxFrame.render(into: canvas, rect: box, title: "Edit conflict")
        for (index, line) in lines.prefix(max(0, box.rows - 5)).enumerated() {
            canvas.draw(line, row: box.row + 2 + index, column: box.column + 2, style: .normal)
        }
        let buttons = DisplayText(Self.choices.compactMap { keymap.hint($0.action, in: .conflict, $0.button).map { "[ \($0) ]" } }
            .joined(separator: "  "))
        canvas.draw(buttons, row: box.bottom - 2, column: box.column + max(2, (box.columns - buttons.width) / 2), style: .button)
    }

    func handle(_ key: Key, host: any PlannerHost) {
        guard case .action(let action) = host.keymap.resolve(key, in: .conflict) else { return }
        _ = Self.keyCommands.perform(action, in: .conflict, on: self, host: host)
    }

    func keepYours(host: any PlannerHost) { settle(keepingYours: true, host: host) }

    func takeTheirs(host: any PlannerHost) { settle(keepingYours: false, host: host) }

    func leave(host: any PlannerHost) { host.dismiss(self) }

    /// Closes the dialog and settles the conflict, keeping your edit or taking theirs.
    private func settle(keepingYours: Bool, host: any PlannerHost) {
        host.dismiss(self)
        let conflict = self.conflict, model = self.model
        host.perform { [weak host] in
            let outcome = await model.settle(conflict, keepingYours: keepingYours)
            return { [weak host] in
                switch outcome {
                case .saved, .merged:
                    host?.report(keepingYours ? "Kept your offline edit over theirs" : "Took theirs; your offline edit is dropped")
                case .failed(let error): host?.report("Not settled: \(error)", severity: .error)
                case .conflict: break
                }
            }
        }
    }
}
