/// One `key = value` of a configuration file: the full dotted path of its key (table headers
/// included) and the line it is on.
public struct ConfigEntry: Hashable, Sendable {
    /// `["keys", "guests", "add"]` for `add = …` under `[keys.guests]`.
    public let path: [String]
    /// The `[table]` header the entry is under (empty before the first header).
    public let table: [String]
    public let value: ConfigValue
    public let line: Int

    public init(path: [String], table: [String], value: ConfigValue, line: Int) {
        self.path = path
        self.table = table
        self.value = value
        self.line = line
    }

    /// The path as written in the file: `keys.guests.add`.
    public var name: String { path.joined(separator: ".") }
}

/// A value of the TOML subset the configuration file uses.
public enum ConfigValue: Hashable, Sendable {
    case string(String)
    case boolean(Bool)
    case integer(Int)
    /// An array of strings (the only kind of array settings use).
    case strings([String])

    /// How a message names the value: `"dark"`, `true`, `["a", "b"]`.
    var quotedForMessage: String {
        switch self {
        case .string(let text): quoted(text)
        case .boolean(let flag): String(flag)
        case .integer(let number): String(number)
        case .strings(let texts): "[" + texts.map(quoted).joined(separator: ", ") + "]"
        }
    }
}
