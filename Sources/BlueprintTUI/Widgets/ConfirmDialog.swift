import BlueprintTerminal

/// A yes/no question, such as "Delete this guest?". Cancel has the focus when it opens, so
/// Enter pressed by habit changes nothing; `y` or moving to the confirm button and pressing
/// Enter confirms.
public struct ConfirmDialog: Hashable, Sendable {
    public enum Button: Hashable, Sendable {
        case confirm, cancel
    }

    public enum Outcome: Hashable, Sendable {
        case confirmed, cancelled
    }

    public var title: DisplayText
    public var message: DisplayText
    public var confirmLabel: DisplayText
    public var cancelLabel: DisplayText
    /// The focused button; `.cancel` when the dialog opens.
    public private(set) var focus = Button.cancel

    public init(title: DisplayText, message: DisplayText, confirmLabel: DisplayText, cancelLabel: DisplayText = "Cancel") {
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
        self.cancelLabel = cancelLabel
    }

    /// Handles a key in the `confirm` mode: the outcome once the user has chosen, nil while the
    /// dialog stays open.
    public mutating func handle(_ key: Key, keymap: Keymap = .standard) -> Outcome? {
        guard case .action(let action) = keymap.resolve(key, in: .confirm),
              let perform = Self.keyCommands.handler(for: action, in: .confirm) else { return nil }
        return perform(&self)
    }

    /// Draws the dialog centred on the canvas, over whatever is there.
    @MainActor
    public func render(into canvas: any Canvas) {
        let screen = CanvasRect(canvas.size)
        let width = min(screen.columns - 4, max(40, min(64, message.width + 6)))
        let lines = message.wrapped(toWidth: width - 4)
        let box = screen.centered(rows: lines.count + 5, columns: width)
        BoxFrame.render(into: canvas, rect: box, title: title)
        for (index, line) in lines.prefix(max(0, box.rows - 5)).enumerated() {
            canvas.draw(line, row: box.row + 2 + index, column: box.column + 2, style: .normal)
        }
        let confirm = "[ " + confirmLabel + " ]"
        let cancel = "[ " + cancelLabel + " ]"
        let buttonsWidth = confirm.width + 2 + cancel.width
        let x = box.column + max(2, (box.columns - buttonsWidth) / 2)
        let row = box.bottom - 2
        canvas.draw(confirm, row: row, column: x, style: TextStyle.button.selected(focus == .confirm))
        canvas.draw(cancel, row: row, column: x + confirm.width + 2, style: TextStyle.button.selected(focus == .cancel))
    }
}

extension ConfirmDialog {
    /// The dialog's keys.
    nonisolated static let keyCommands: [HandledKeyCommand<@Sendable (inout ConfirmDialog) -> Outcome?>] = [
        HandledKeyCommand(.confirm, [.character("y")], .confirm, "Yes, do it") { _ in .confirmed },
        HandledKeyCommand(.confirm, [.character("n"), .escape], .cancel, "No, cancel") { _ in .cancelled },
        HandledKeyCommand(.confirm, [.tab, .backTab, .left, .right], .switchButton, "Switch button") { dialog in
            dialog.focus = dialog.focus == .cancel ? .confirm : .cancel
            return nil
        },
        HandledKeyCommand(.confirm, [.enter], .activate, "Choose the highlighted button (Cancel at first)") { dialog in
            dialog.focus == .confirm ? .confirmed : .cancelled
        },
    ]
}
