import BlueprintStores
import BlueprintTerminal

/// `u` and `Ctrl-R` in a pane: the newest change of the pane's store or of the wedding's
/// settings (which `W`, `:settings` and `:date` change from any pane).
@MainActor
enum UndoRedo {
    /// Takes back the newest change, naming it ("Undid RSVP: Caleb Brooks · Ctrl-R redoes").
    static func undo(in paneStore: DomainStore?, host: any PlannerHost) {
        let stores = [paneStore, host.session?.wedding].compactMap { $0 }.filter(\.canUndo)
        guard let store = stores.max(by: { ($0.undoOrder ?? 0) < ($1.undoOrder ?? 0) }), let title = store.undoTitle else {
            return host.report("Nothing to undo in this pane", severity: .warning)
        }
        host.run({ await store.undo() }, success: "Undid \(title)", keyHint: host.keymap.hint(.redo, in: .global, "redoes"),
                 store: store)
    }

    /// Does again what the newest undo took back.
    static func redo(in paneStore: DomainStore?, host: any PlannerHost) {
        let stores = [paneStore, host.session?.wedding].compactMap { $0 }.filter(\.canRedo)
        guard let store = stores.max(by: { ($0.redoOrder ?? 0) < ($1.redoOrder ?? 0) }), let title = store.redoTitle else {
            return host.report("Nothing to redo in this pane", severity: .warning)
        }
        host.run({ await store.redo() }, success: "Redid \(title)", store: store)
    }
}
