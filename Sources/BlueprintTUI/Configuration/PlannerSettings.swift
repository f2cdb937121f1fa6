import BlueprintConfiguration
import BlueprintTerminal

/// The configuration file as the planner uses it: the terminal's options (theme, mouse), the
/// keymap with the user's keys, and every problem found, each naming the file and line. What
/// was wrong keeps its default; the rest applies.
public struct PlannerSettings: Sendable {
    public let configuration: Configuration
    /// The standard keymap with the file's overrides: what dispatch and help use.
    public let keymap: Keymap
    /// Problems of the file and its key overrides, by line.
    public let problems: [ConfigurationProblem]

    /// Settings from an already read `configuration` and the `problems` reading it found.
    public init(_ configuration: Configuration, problems: [ConfigurationProblem] = [], keymap base: Keymap = .standard) {
        let (keymap, keyProblems) = base.applying(configuration.keyOverrides)
        self.configuration = configuration
        self.keymap = keymap
        self.problems = (problems + keyProblems).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    }

    /// Reads the file at `path`, else at the default place (`ConfigurationFile.defaultPath`).
    public static func load(path: String?, environment: [String: String]) -> PlannerSettings {
        let (configuration, problems) = ConfigurationFile.load(path: path, environment: environment)
        return PlannerSettings(configuration, problems: problems)
    }

    /// The terminal set up as the file asks, in `environment` (where `NO_COLOR` still wins).
    public func terminalOptions(environment: [String: String]) -> TerminalOptions {
        TerminalOptions(mouse: configuration.mouse, colorLimit: ColorCapability(limit: configuration.theme), environment: environment)
    }

    /// One line for the status line, the count first since a long message is cut at the right:
    /// `~/.config/blueprint/config.toml:7: unknown theme …`, or with more than one problem
    /// `3 problems in the configuration (all in the log), first ~/…/config.toml:7: …`; nil if none.
    public var statusNote: String? {
        guard let first = problems.first else { return nil }
        guard problems.count > 1 else { return first.description }
        return "\(problems.count) problems in the configuration (all in the log), first \(first)"
    }
}

extension ColorCapability {
    /// The most colour a theme choice allows; `auto` allows all the terminal has.
    public init(limit theme: ThemeChoice) {
        self = switch theme {
        case .auto, .colors256: .indexed256
        case .colors16: .ansi16
        case .colors8: .ansi8
        case .monochrome: .monochrome
        }
    }
}
