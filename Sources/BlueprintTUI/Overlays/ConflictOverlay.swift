import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// An edit made offline that the database refused once it answered, because someone changed
/// the same record since: take theirs, keep yours, or not now (it waits in `:conflicts`). An
/// edit made in this session that does not merge on its own is `MergeConflictOverlay`'s.
@MainActor
final class ConflictOverlay: Overlay {
    /// What the dialog says of each choice, and does for it.
    private struct Choices {
        let message: String
        let reload: (hint: String, button: String)
        let overwrite: (hint: String, button: String)
        let cancel: (hint: String, button: String)
        let onReload: @MainActor (any PlannerHost) -> Void
        let onOverwrite: @MainActor (any PlannerHost) -> Void
        let onCancel: @MainActor () -> Void
    }

    private let choices: Choices

    /// `conflict`, one of `count` edits made offline that conflict in `model`: take theirs,
    /// keep yours, or decide later.
    init(offline conflict: OfflineConflict, of count: Int, in model: OfflineConflictsModel, now: Timestamp,
         timeZone: TimeZone) {
        let edit = conflict.edit
        let when = Formats.ago(edit.at, now: now, timeZone: timeZone)
        let who = edit.author.map { "\($0) " } ?? ""
        choices = Choices(
            message: "While the database could not be reached, \(who)\(edit.sentence) (\(when)); someone changed the same "
                + "since, so the database refused it. Nothing is lost until you choose."
                + (count > 1 ? " (1 of \(count) edits made offline that conflict.)" : ""),
            reload: ("takes theirs (your edit is dropped)", "Take theirs"),
            overwrite: ("keeps yours in the fields you both changed (their other changes stay)", "Keep yours"),
            cancel: ("decides later (:conflicts)", "Later"),
            onReload: { host in Self.settle(conflict, in: model, keepingYours: false, host: host) },
            onOverwrite: { host in Self.settle(conflict, in: model, keepingYours: true, host: host) },
            onCancel: {})
    }

    private static func settle(_ conflict: OfflineConflict, in model: OfflineConflictsModel, keepingYours: Bool,
                               host: any PlannerHost) {
        host.perform { [weak host] in
            switch await model.settle(conflict, keepingYours: keepingYours) {
            case .saved, .merged: host?.report(keepingYours ? "Kept your offline edit over theirs" : "Took theirs; your offline edit is dropped")
            case .failed(let error): host?.report("Not settled: \(error)", severity: .error)
            case .conflict: break
            }
        }
    }

    var keyMode: KeyMode { .conflict }
    var modeName: String { "CONFLICT" }

    func render(into canvas: any Canvas, keymap: Keymap) {
        let hints = keymap.hints([(.reload, choices.reload.hint), (.overwrite, choices.overwrite.hint),
                                  (.cancel, choices.cancel.hint)], in: .conflict, separator: ", ")
        let message = DisplayText(choices.message + (hints.isEmpty ? "" : " \(hints)."))
        let width = min(canvas.size.columns - 4, 64)
        let lines = message.wrapped(toWidth: width - 4)
        let box = CanvasRect(canvas.size).centered(rows: lines.count + 5, columns: width)
        BoxFrame.render(into: canvas, rect: box, title: "Edit conflict")
        for (index, line) in lines.prefix(max(0, box.rows - 5)).enumerated() {
            canvas.draw(line, row: box.row + 2 + index, column: box.column + 2, style: .normal)
        }
        let buttons = DisplayText([(KeyAction.reload, choices.reload.button), (.overwrite, choices.overwrite.button),
                                   (.cancel, choices.cancel.button)]
            .compactMap { keymap.hint($0, in: .conflict, $1).map { "[ \($0) ]" } }.joined(separator: "  "))
        canvas.draw(buttons, row: box.bottom - 2, column: box.column + max(2, (box.columns - buttons.width) / 2), style: .button)
    }

    func handle(_ key: Key, host: any PlannerHost) {
        guard case .action(let action) = host.keymap.resolve(key, in: .conflict) else { return }
        switch action {
        case .reload:
            host.dismiss(self)
            choices.onReload(host)
        case .overwrite:
            host.dismiss(self)
            choices.onOverwrite(host)
        case .cancel:
            host.dismiss(self)
            choices.onCancel()
        default: break
        }
    }
}
