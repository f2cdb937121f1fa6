/// One input event from the terminal: a key press, a mouse event or a resize.
public enum Key: Hashable, Sendable {
    /// A printable character, wide ones included.
    case character(Character)
    /// Control and a letter (lower case) or one of `@ \ ] ^ _`. Ctrl-H, Ctrl-I, Ctrl-J, Ctrl-M
    /// and Ctrl-[ arrive as `backspace`, `tab`, `enter` and `escape`, since terminals send the
    /// same bytes for those keys.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case tab
    /// Shift-Tab.
    case backTab
    case enter, escape, backspace, delete, insert
    /// F1, F2, …
    case function(Int)
    /// A named key (never a character) with Shift, Alt or Ctrl held: Ctrl-Home, Shift-F5.
    indirect case modified(Key, KeyModifiers)
    /// The terminal changed size.
    case resize
    case mouse(MouseEvent)

    /// The key's name as the help overlay and hints write it: `k`, `↑`, `Ctrl-L`, `Shift-Tab`.
    public var displayName: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let character): "Ctrl-\(character.uppercased())"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .insert: "Insert"
        case .function(let number): "F\(number)"
        case .modified(let key, let modifiers): modifiers.prefix(forConfiguration: false) + key.displayName
        case .resize: "Resize"
        case .mouse: "Mouse"
        }
    }

    /// The character a text field inserts for this key, if it is a printable character.
    public var printableCharacter: Character? {
        if case .character(let character) = self { return character }
        return nil
    }
}

/// A mouse event, at a cell of the screen. Mouse input is opt-in (`TerminalOptions.mouse`).
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The primary button went down: selects what is under it.
        case click
        case wheelUp
        case wheelDown
    }

    public var kind: Kind
    public var position: CanvasPoint

    public init(_ kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.position = CanvasPoint(row: row, column: column)
    }
}
