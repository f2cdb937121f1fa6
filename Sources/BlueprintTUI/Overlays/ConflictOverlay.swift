import BlueprintStores
import BlueprintTerminal

/// Your edit lost to another session's edit of the same record: reload (drop yours), overwrite
/// (save yours over theirs) or cancel (back to your edit, to look again).
@MainActor
final class ConflictOverlay: Overlay {
    enum Resolution {
        case reloaded, overwritten, cancelled
    }

    private let store: DomainStore
    private let onResolved: @MainActor (Resolution) -> Void

    init(store: DomainStore, onResolved: @escaping @MainActor (Resolution) -> Void) {
        self.store = store
        self.onResolved = onResolved
    }

    var keyMode: KeyMode { .conflict }
    var modeName: String { "CONFLICT" }

    func render(into canvas: any Canvas, keymap: Keymap) {
        let choices = keymap.hints([(.reload, "reloads theirs (your edit is dropped)"),
                                    (.overwrite, "overwrites theirs with yours"),
                                    (.cancel, "goes back to your edit")], in: .conflict, separator: ", ")
        let message = DisplayText("Someone changed this record in another session after you opened it."
                                  + (choices.isEmpty ? "" : " \(choices)."))
        let width = min(canvas.size.columns - 4, 64)
        let lines = message.wrapped(toWidth: width - 4)
        let box = CanvasRect(canvas.size).centered(rows: lines.count + 5, columns: width)
        BoxFrame.render(into: canvas, rect: box, title: "Edit conflict")
        for (index, line) in lines.prefix(max(0, box.rows - 5)).enumerated() {
            canvas.draw(line, row: box.row + 2 + index, column: box.column + 2, style: .normal)
        }
        let buttons = DisplayText([(KeyAction.reload, "Reload"), (.overwrite, "Overwrite"), (.cancel, "Cancel")]
            .compactMap { keymap.hint($0, in: .conflict, $1).map { "[ \($0) ]" } }.joined(separator: "  "))
        canvas.draw(buttons, row: box.bottom - 2, column: box.column + max(2, (box.columns - buttons.width) / 2), style: .button)
    }

    func handle(_ key: Key, host: any PlannerHost) {
        guard case .action(let action) = host.keymap.resolve(key, in: .conflict) else { return }
        let store = self.store, onResolved = self.onResolved
        switch action {
        case .reload:
            host.dismiss(self)
            host.perform { [weak host] in
                await store.resolveConflictByReloading()
                host?.report("Reloaded: showing the other session's version")
                onResolved(.reloaded)
            }
        case .overwrite:
            host.dismiss(self)
            host.perform { [weak host] in
                let outcome = await store.resolveConflictByOverwriting()
                host?.report(outcome, success: "Overwritten with your version", store: store)
                onResolved(.overwritten)
            }
        case .cancel:
            host.dismiss(self)
            onResolved(.cancelled)
        default: break
        }
    }
}
