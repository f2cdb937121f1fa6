import BlueprintTerminal

/// A `ConfirmDialog` over the screen; `onConfirm` runs if the user confirms.
@MainActor
final class ConfirmOverlay: Overlay {
    private var dialog: ConfirmDialog
    private let onConfirm: @MainActor () -> Void
    private let onCancel: @MainActor () -> Void

    init(dialog: ConfirmDialog, onConfirm: @escaping @MainActor () -> Void, onCancel: @escaping @MainActor () -> Void = {}) {
        self.dialog = dialog
        self.onConfirm = onConfirm
        self.onCancel = onCancel
    }

    var keyMode: KeyMode { .confirm }
    var modeName: String { "CONFIRM" }

    func render(into canvas: any Canvas, keymap: Keymap) { dialog.render(into: canvas) }

    func handle(_ key: Key, host: any PlannerHost) {
        guard let outcome = dialog.handle(key, keymap: host.keymap) else { return }
        host.dismiss(self)
        switch outcome {
        case .confirmed: onConfirm()
        case .cancelled: onCancel()
        }
    }
}
