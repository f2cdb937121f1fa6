/// User text made literal in Markdown (CommonMark and GitHub's tables).
enum MarkdownText {
    /// `text` as literal inline text on one line, fit for a table cell, a heading or a list item.
    ///
    /// Line breaks and tabs become spaces and the ends are trimmed; every character Markdown
    /// could read as syntax is escaped with a backslash (`\` `` ` `` `*` `_` `[` `]` `<` `>` `#`
    /// `|` `~` `$`, and `&` before a letter or `#`), so no text can end a table cell, open HTML,
    /// make a link or change emphasis; a start that would begin a block (`-`, `+`, `=`, `1.`,
    /// `1)`) is escaped as well. Controls other than those become U+FFFD.
    static func inline(_ text: String) -> String {
        let flat = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar -> Unicode.Scalar in
            switch scalar {
            case "\n", "\r", "\t": " "
            case _ where scalar.properties.generalCategory == .control: "\u{FFFD}"
            default: scalar
            }
        })).trimmingSpaces()
        let scalars = Array(flat.unicodeScalars)
        var output = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if needsEscape(scalar, at: index, in: scalars) { output.append("\\") }
            output.append(scalar)
        }
        return String(output)
    }

    private static let syntax: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "$"]

    private static func needsEscape(_ scalar: Unicode.Scalar, at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        if syntax.contains(scalar) { return true }
        let next = index + 1 < scalars.count ? scalars[index + 1] : nil
        switch scalar {
        case "&":
            return next.map { $0 == "#" || $0.properties.isAlphabetic } ?? false
        case "-", "+", "=":
            return index == 0
        case ".", ")":
            // "1." or "12)" at the start would begin an ordered list.
            return index > 0 && scalars[..<index].allSatisfy { ("0"..."9").contains($0) }
        default:
            return false
        }
    }
}

private extension String {
    /// Without leading and trailing spaces.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }),
              let last = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        return String(scalars[first...last])
    }
}
