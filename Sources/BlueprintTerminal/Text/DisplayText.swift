import BlueprintText

/// Text that is safe to draw and knows its width in terminal columns.
///
/// The only way to make one from a `String` runs it through `TerminalSanitizer.sanitize`, and
/// the canvas draws nothing else, so untrusted text (anything a user or a CSV typed) cannot reach
/// the terminal unsanitised. Construction also makes every grapheme cluster measurable, so the
/// width here is the width ncurses will use: a character the locale cannot print becomes `�`,
/// and a combining mark with nothing to sit on is shown on a dotted circle `◌` instead of
/// joining whatever is drawn to its left.
public struct DisplayText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The sanitised text.
    public let string: String
    /// Columns the text takes on the terminal.
    public let width: Int

    /// `text` sanitised and measured.
    public init(_ text: String) {
        let safe = TerminalSanitizer.sanitize(text)
        if safe.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            self.init(measured: safe, width: safe.utf8.count)
            return
        }
        var output = ""
        var width = 0
        for character in safe {
            let cluster = Self.measurable(character)
            output.append(cluster.character)
            width += cluster.width
        }
        self.init(measured: output, width: width)
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// Text already sanitised and measured, such as a piece of another `DisplayText`.
    init(measured string: String, width: Int) {
        self.string = string
        self.width = width
    }

    public static let empty = DisplayText(measured: "", width: 0)

    public var isEmpty: Bool { string.isEmpty }
    public var description: String { string }

    /// `count` spaces.
    public static func spaces(_ count: Int) -> DisplayText {
        count > 0 ? DisplayText(measured: String(repeating: " ", count: count), width: count) : .empty
    }

    public static func + (lhs: DisplayText, rhs: DisplayText) -> DisplayText {
        DisplayText(measured: lhs.string + rhs.string, width: lhs.width + rhs.width)
    }

    /// Each grapheme cluster with its width in columns, left to right.
    var clusters: [(character: Character, width: Int)] {
        string.map { ($0, DisplayWidth.of($0) ?? 1) }
    }

    /// `character` with a width ncurses agrees with, and that width.
    private static func measurable(_ character: Character) -> (character: Character, width: Int) {
        switch DisplayWidth.of(character) {
        case nil:
            return DisplayWidth.of(replacement) == 1 ? (replacement, 1) : ("?", 1)
        case 0?:
            let based = Character(String(dottedCircle) + String(character))
            return DisplayWidth.of(based).map { $0 > 0 ? (based, $0) : ("?", 1) } ?? ("?", 1)
        case let width?:
            return (character, width)
        }
    }

    private static let replacement: Character = "\u{FFFD}"
    private static let dottedCircle: Character = "\u{25CC}"
}
