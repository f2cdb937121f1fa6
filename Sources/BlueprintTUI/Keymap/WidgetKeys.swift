import BlueprintTerminal

/// The keymap's actions as the toolkit's widgets know them: a table's steps and a text field's
/// edits. The widgets know no keymap; the planner's keys drive them through these.
extension KeyAction {
    /// The table step this action is, if it is one.
    public var tableStep: TableViewModel.Step? {
        switch self {
        case .moveUp: .up
        case .moveDown: .down
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .top: .top
        case .bottom: .bottom
        case .moveLeft: .left
        case .moveRight: .right
        default: nil
        }
    }

    /// The text edit this action is, if it is one.
    public var textEdit: TextField.TextEdit? {
        switch self {
        case .cursorLeft: .cursorLeft
        case .cursorRight: .cursorRight
        case .lineStart: .lineStart
        case .lineEnd: .lineEnd
        case .deleteBackward: .deleteBackward
        case .deleteForward: .deleteForward
        case .deleteToStart: .deleteToStart
        case .deleteToEnd: .deleteToEnd
        case .deleteWordBackward: .deleteWordBackward
        default: nil
        }
    }
}

extension TableViewModel {
    /// Performs a navigation action; false if the action is not one a table handles.
    public func handle(_ action: KeyAction) -> Bool {
        guard let step = action.tableStep else { return false }
        move(step)
        return true
    }
}

extension TextField {
    /// Handles `key` as a text field does (typed characters and the text-editing keys); false if
    /// the key is not for the field (Enter, Esc and Tab belong to the form around it).
    public mutating func handle(_ key: Key, keymap: Keymap = .standard) -> Bool {
        switch keymap.resolve(key, in: .textEditing) {
        case .text(let character):
            insert(String(character))
            return true
        case .action(let action):
            return apply(action)
        case .unbound:
            return false
        }
    }

    /// Performs a text-editing action; false if it is not one.
    public mutating func apply(_ action: KeyAction) -> Bool {
        guard let edit = action.textEdit else { return false }
        apply(edit)
        return true
    }
}
