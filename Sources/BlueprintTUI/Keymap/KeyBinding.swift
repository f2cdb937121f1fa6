import BlueprintTerminal

/// One row of the keymap: in `mode`, any of `keys` performs `action`; `help` says what it does.
public struct KeyBinding: Hashable, Sendable {
    public let mode: KeyMode
    public let keys: [Key]
    public let action: KeyAction
    public let help: String

    public init(_ mode: KeyMode, _ keys: [Key], _ action: KeyAction, _ help: String) {
        self.mode = mode
        self.keys = keys
        self.action = action
        self.help = help
    }

    /// The keys as the help overlay lists them: `k, ↑`.
    public var keyNames: String { keys.map(\.displayName).joined(separator: ", ") }
}

/// What a key means in a mode.
public enum KeyResolution: Hashable, Sendable {
    case action(KeyAction)
    /// A printable character typed into a text field.
    case text(Character)
    case unbound
}
