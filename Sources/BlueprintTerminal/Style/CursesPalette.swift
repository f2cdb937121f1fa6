import CNcursesw

/// A theme installed in ncurses: one colour pair per distinct foreground/background, and the
/// attribute bits and pair for every `TextStyle`, looked up on each draw.
@MainActor
final class CursesPalette {
    private var looks: [TextStyle: (attributes: attr_t, pair: Int16)] = [:]

    /// Installs `theme`. Colour is started only when the theme uses it; `use_default_colors`
    /// keeps the user's background where the theme says `terminalDefault`.
    init(theme: Theme) {
        let usesColor = theme.capability != .monochrome
        var hasDefaultColors = false
        if usesColor {
            start_color()
            hasDefaultColors = use_default_colors() == OK
        }
        var pairs: [ColorPairKey: Int16] = [:]
        for style in TextStyle.all {
            let cell = theme.cellStyle(for: style)
            var pair: Int16 = 0
            let key = ColorPairKey(foreground: cell.foreground, background: cell.background)
            if usesColor && key != ColorPairKey(foreground: .terminalDefault, background: .terminalDefault) {
                if let existing = pairs[key] {
                    pair = existing
                } else if pairs.count + 1 < Int(cn_color_pairs()) {
                    pair = Int16(pairs.count + 1)
                    init_pair(pair, key.foreground.cursesNumber(defaultsAllowed: hasDefaultColors, fallback: COLOR_WHITE),
                              key.background.cursesNumber(defaultsAllowed: hasDefaultColors, fallback: COLOR_BLACK))
                    pairs[key] = pair
                }
            }
            looks[style] = (Self.cursesAttributes(cell.attributes), pair)
        }
    }

    /// The ncurses attributes and colour pair that draw `style`.
    func look(for style: TextStyle) -> (attributes: attr_t, pair: Int16) {
        looks[style] ?? (cn_a_normal(), 0)
    }

    private static func cursesAttributes(_ attributes: TextAttributes) -> attr_t {
        var result = cn_a_normal()
        if attributes.contains(.bold) { result |= cn_a_bold() }
        if attributes.contains(.reverse) { result |= cn_a_reverse() }
        if attributes.contains(.underline) { result |= cn_a_underline() }
        if attributes.contains(.dim) { result |= cn_a_dim() }
        return result
    }

    private struct ColorPairKey: Hashable {
        let foreground: TerminalColor
        let background: TerminalColor
    }
}

extension TerminalColor {
    /// The colour number `init_pair` takes: -1 for the terminal's default where allowed.
    fileprivate func cursesNumber(defaultsAllowed: Bool, fallback: Int32) -> Int16 {
        switch self {
        case .terminalDefault: return defaultsAllowed ? -1 : Int16(fallback)
        case .palette(let index): return Int16(index)
        }
    }
}
