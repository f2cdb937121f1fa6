/// How much colour the theme may use, from least to most.
public enum ColorCapability: Sendable, Hashable, Comparable {
    /// No colour: `NO_COLOR` is set, or the terminal has none. Attributes only.
    case monochrome
    /// The eight basic ANSI colours; bright ones are drawn as bold.
    case ansi8
    /// The sixteen ANSI colours: the design's baseline.
    case ansi16
    /// The 256-colour palette: finer shades of the same design.
    case indexed256

    /// The capability for a terminal that reports `colors` colours (ncurses' `COLORS`, or 0
    /// without colour support), at most `limit` (the user's theme), honouring `NO_COLOR` (any
    /// non-empty value) in `environment` whatever the limit.
    public static func detect(environment: [String: String], hasColors: Bool, colors: Int,
                              limit: ColorCapability = .indexed256) -> ColorCapability {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        guard hasColors else { return .monochrome }
        let terminal: ColorCapability = switch colors {
        case 256...: .indexed256
        case 16...: .ansi16
        case 8...: .ansi8
        default: .monochrome
        }
        return min(terminal, limit)
    }
}
