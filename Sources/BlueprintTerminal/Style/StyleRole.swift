/// What a piece of text means on screen; the theme decides how each meaning looks on the
/// terminal at hand (colour, or bold/reverse/underline/dim without colour).
public enum StyleRole: String, CaseIterable, Sendable, Hashable {
    case normal
    /// The title bar.
    case header
    /// A table's column titles.
    case columnHeader
    /// Secondary text: placeholders, counts, hints.
    case muted
    /// Key names in hints and help; emphasis.
    case accent
    /// Something needs attention soon (a payment due this week).
    case warning
    /// Something is wrong (over budget, overdue, an error message).
    case danger
    /// Something is done or fine (paid, booked, attending).
    case success
    case tabActive
    case tabInactive
    /// The status line.
    case statusBar
    /// Dialog and overlay frames.
    case border
    /// A dialog button; selected means focused.
    case button

    /// One letter per role for text snapshots of styles (`MemoryCanvas.styleMap`).
    public var code: Character {
        switch self {
        case .normal: "n"
        case .header: "h"
        case .columnHeader: "c"
        case .muted: "m"
        case .accent: "a"
        case .warning: "w"
        case .danger: "d"
        case .success: "s"
        case .tabActive: "t"
        case .tabInactive: "i"
        case .statusBar: "b"
        case .border: "o"
        case .button: "u"
        }
    }
}

/// How text is drawn: a role, and whether it is selected (the highlighted row, the focused
/// button). Selection keeps the role, so an over-budget row stays distinguishable when selected.
public struct TextStyle: Hashable, Sendable {
    public var role: StyleRole
    public var isSelected: Bool

    public init(_ role: StyleRole, selected: Bool = false) {
        self.role = role
        self.isSelected = selected
    }

    /// The same role, selected.
    public var selected: TextStyle { TextStyle(role, selected: true) }

    /// This style, selected when `isSelected` is true.
    public func selected(_ isSelected: Bool) -> TextStyle { TextStyle(role, selected: isSelected || self.isSelected) }

    /// Every style a theme must be able to draw.
    public static let all: [TextStyle] = StyleRole.allCases.flatMap { [TextStyle($0), TextStyle($0, selected: true)] }

    public static let normal = TextStyle(.normal)
    public static let header = TextStyle(.header)
    public static let columnHeader = TextStyle(.columnHeader)
    public static let muted = TextStyle(.muted)
    public static let accent = TextStyle(.accent)
    public static let warning = TextStyle(.warning)
    public static let danger = TextStyle(.danger)
    public static let success = TextStyle(.success)
    public static let tabActive = TextStyle(.tabActive)
    public static let tabInactive = TextStyle(.tabInactive)
    public static let statusBar = TextStyle(.statusBar)
    public static let border = TextStyle(.border)
    public static let button = TextStyle(.button)
}
