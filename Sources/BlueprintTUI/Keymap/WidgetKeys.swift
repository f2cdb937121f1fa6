import BlueprintTerminal

/// The keymap's actions as the toolkit's widgets know them: a table's steps, and a text field's
/// keys declared with the edit each makes (`TextField.keyCommands`). The widgets know no
/// keymap; the planner's keys drive them through these.
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
        guard let perform = Self.keyCommands.handler(for: action, in: .textEditing) else { return false }
        perform(&self)
        return true
    }

    /// The editing keys of every text field (forms, the search and command lines).
    nonisolated static let keyCommands: [HandledKeyCommand<@Sendable (inout TextField) -> Void>] = [
        HandledKeyCommand(.textEditing, [.left], .cursorLeft, "Cursor left", perform: editing(.cursorLeft)),
        HandledKeyCommand(.textEditing, [.right], .cursorRight, "Cursor right", perform: editing(.cursorRight)),
        HandledKeyCommand(.textEditing, [.control("a"), .home], .lineStart, "Start of the text", perform: editing(.lineStart)),
        HandledKeyCommand(.textEditing, [.control("e"), .end], .lineEnd, "End of the text", perform: editing(.lineEnd)),
        HandledKeyCommand(.textEditing, [.backspace], .deleteBackward, "Delete the character before the cursor",
                          perform: editing(.deleteBackward)),
        HandledKeyCommand(.textEditing, [.delete, .control("d")], .deleteForward, "Delete the character under the cursor",
                          perform: editing(.deleteForward)),
        HandledKeyCommand(.textEditing, [.control("w")], .deleteWordBackward, "Delete the word before the cursor",
                          perform: editing(.deleteWordBackward)),
        HandledKeyCommand(.textEditing, [.control("u")], .deleteToStart, "Delete to the start", perform: editing(.deleteToStart)),
        HandledKeyCommand(.textEditing, [.control("k")], .deleteToEnd, "Delete to the end", perform: editing(.deleteToEnd)),
    ]

    /// Makes `edit` in the field.
    private static func editing(_ edit: TextEdit) -> @Sendable (inout TextField) -> Void {
        { $0.apply(edit) }
    }
}
