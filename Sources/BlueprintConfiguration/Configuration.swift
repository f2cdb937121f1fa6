import BlueprintDomain

/// The user's settings from the configuration file, each with its default when the file does
/// not set it or sets it wrongly.
public struct Configuration: Hashable, Sendable {
    /// How much colour the planner may use.
    public var theme: ThemeChoice
    /// Whether the planner takes mouse clicks and wheel steps (the terminal's own selection then
    /// needs Shift).
    public var mouse: Bool
    /// The currency of new weddings; nil leaves it to the command that makes one.
    public var currency: Currency?
    /// Keys rebound in `[keys.SECTION]` tables, in file order. They name sections, actions and
    /// keys as written; the keymap checks them (`Keymap.applying` in BlueprintTUI).
    public var keyOverrides: [KeyOverride]
    /// The name this person's changes, notes and presence are shown under ("Mei"); nil leaves it
    /// to the login name.
    public var name: String?
    /// The PostgreSQL database that holds the weddings, as a `postgresql://` URL (checked by
    /// `DatabaseURL`); nil keeps them in the data directory.
    public var database: String?
    /// How `blueprint serve` is reached (`[serve]`).
    public var serve: ServeSettings

    public init(theme: ThemeChoice = .auto, mouse: Bool = false, currency: Currency? = nil, keyOverrides: [KeyOverride] = [],
                name: String? = nil, database: String? = nil, serve: ServeSettings = ServeSettings()) {
        self.theme = theme
        self.mouse = mouse
        self.currency = currency
        self.keyOverrides = keyOverrides
        self.name = name
        self.database = database
        self.serve = serve
    }

    /// Every setting at its default.
    public static let defaults = Configuration()

    /// The top-level settings the file knows, as written in it.
    public static let settingNames = ["theme", "mouse", "currency", "name", "database"]
    /// The table that holds key overrides, one sub-table per section: `[keys.guests]`.
    public static let keysTable = "keys"
}

/// The look the planner may use: `auto` detects the terminal's colours; the others cap them.
/// The terminal's own limit and `NO_COLOR` still apply, so a 256-colour theme on an 8-colour
/// terminal draws in 8 colours, and `NO_COLOR` always means monochrome.
public enum ThemeChoice: String, CaseIterable, Hashable, Sendable {
    case auto
    case colors256 = "256-colors"
    case colors16 = "16-colors"
    case colors8 = "8-colors"
    case monochrome
}

/// One `action = keys` line of a `[keys.SECTION]` table, as written.
public struct KeyOverride: Hashable, Sendable {
    /// The keymap section: `guests`, `list`, `text-editing`…
    public let section: String
    /// The action's stable name: `add`, `move-up`, `rsvp-attending`…
    public let action: String
    /// Key names: `a`, `A`, `ctrl-d`, `f5`, `enter`, `pgdn`…
    public let keys: [String]
    /// Where the line is, for messages.
    public let file: String
    public let line: Int

    public init(section: String, action: String, keys: [String], file: String, line: Int) {
        self.section = section
        self.action = action
        self.keys = keys
        self.file = file
        self.line = line
    }

    /// A problem with this line.
    public func problem(_ message: String) -> ConfigurationProblem {
        ConfigurationProblem(file: file, line: line, message: message)
    }
}
