/// Attributes a terminal can show without colour.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1)
    public static let reverse = TextAttributes(rawValue: 2)
    public static let underline = TextAttributes(rawValue: 4)
    public static let dim = TextAttributes(rawValue: 8)
}

/// A terminal colour: the user's own default, or an entry of the palette (0–15 are the ANSI
/// colours, 16–255 the 256-colour cube and greys).
public enum TerminalColor: Hashable, Sendable {
    case terminalDefault
    case palette(Int)

    public static let black = TerminalColor.palette(0)
    public static let red = TerminalColor.palette(1)
    public static let green = TerminalColor.palette(2)
    public static let yellow = TerminalColor.palette(3)
    public static let blue = TerminalColor.palette(4)
    public static let magenta = TerminalColor.palette(5)
    public static let cyan = TerminalColor.palette(6)
    public static let white = TerminalColor.palette(7)
    public static let brightBlack = TerminalColor.palette(8)
    public static let brightWhite = TerminalColor.palette(15)
}

/// How one cell looks: colours and attributes, resolved for a terminal's capability.
public struct CellStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: TextAttributes

    public init(foreground: TerminalColor = .terminalDefault, background: TerminalColor = .terminalDefault,
                attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = CellStyle()
}
