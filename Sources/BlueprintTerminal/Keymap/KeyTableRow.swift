/// One row of a key table: in `mode`, any of `keys` performs `action`; `help` says what it does.
public struct KeyTableRow<Mode: KeymapMode, Action: KeymapAction>: Hashable, Sendable {
    public let mode: Mode
    public let keys: [Key]
    public let action: Action
    public let help: String

    public init(_ mode: Mode, _ keys: [Key], _ action: Action, _ help: String) {
        self.mode = mode
        self.keys = keys
        self.action = action
        self.help = help
    }

    /// The keys as the help overlay lists them: `k, ↑`.
    public var keyNames: String { keys.map(\.displayName).joined(separator: ", ") }
}

/// What a key means in a mode.
public enum KeyMeaning<Action: KeymapAction>: Hashable, Sendable {
    case action(Action)
    /// A printable character typed into a text field.
    case text(Character)
    case unbound
}
