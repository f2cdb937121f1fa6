import BlueprintDomain
import BlueprintText

/// Something wrong in a configuration file: where (the file and, when one is to blame, the
/// line) and what. The setting it concerns keeps its default.
public struct ConfigurationProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as the user would write it (`~/.config/blueprint/config.toml`).
    public let file: String
    /// The 1-based line, or nil for a problem with the whole file (it cannot be read).
    public let line: Int?
    /// What is wrong, with any quoted file text already sanitised for a terminal.
    public let message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `~/.config/blueprint/config.toml:7: unknown theme "dark": …`, safe to print on a terminal.
    public var description: String {
        TerminalSanitizer.sanitize(file + (line.map { ":\($0)" } ?? "") + ": " + message)
    }
}

extension ConfigurationProblem {
    /// Text from a configuration file as a message quotes it: any URL's password hidden,
    /// sanitised for the terminal, cut to a readable length, in double quotes.
    public static func quoting(_ text: String) -> String {
        let mayHoldPassword = text.contains("://") || text.contains("password=")
        let safe = TerminalSanitizer.sanitize(mayHoldPassword ? DatabaseURL.redacting(text) : text)
        return "\"" + (safe.count > 40 ? safe.prefix(39) + "…" : safe) + "\""
    }
}

func quoted(_ text: String) -> String { ConfigurationProblem.quoting(text) }
