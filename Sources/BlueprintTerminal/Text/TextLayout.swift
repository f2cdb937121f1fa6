/// Where text sits in a column wider than itself.
public enum TextAlignment: Sendable, Hashable {
    case left, right, center
}

extension DisplayText {
    /// What ends text cut short: `…`, or `~` where the locale cannot draw it.
    public static var ellipsis: DisplayText {
        TerminalLocale.isUTF8 ? DisplayText(measured: "\u{2026}", width: 1) : DisplayText(measured: "~", width: 1)
    }

    /// At most `width` columns. Text that does not fit is cut between grapheme clusters (a wide
    /// character or an accented letter is never split) and ends in an ellipsis, with no space
    /// left dangling before it.
    public func truncated(toWidth width: Int) -> DisplayText {
        guard self.width > width else { return self }
        guard width > 0 else { return .empty }
        let ellipsis = Self.ellipsis
        let kept = prefix(columns: width - ellipsis.width)
        var string = kept.string, keptWidth = kept.width
        while string.last == " " {
            string.removeLast()
            keptWidth -= 1
        }
        return DisplayText(measured: string, width: keptWidth) + ellipsis
    }

    /// Exactly `width` columns: truncated if too long, padded with spaces if too short.
    public func fitted(toWidth width: Int, alignment: TextAlignment = .left) -> DisplayText {
        let text = truncated(toWidth: width)
        let room = max(0, width - text.width)
        switch alignment {
        case .left: return text + .spaces(room)
        case .right: return .spaces(room) + text
        case .center: return .spaces(room / 2) + text + .spaces(room - room / 2)
        }
    }

    /// The columns `start ..< start + width` of the text, exactly `width` wide (spaces past its
    /// end). A wide character cut by either edge shows as spaces rather than half a glyph.
    public func columns(from start: Int, width: Int) -> DisplayText {
        guard width > 0 else { return .empty }
        var output = ""
        var column = 0
        var taken = 0
        for (character, characterWidth) in clusters {
            let end = column + characterWidth
            defer { column = end }
            if end <= start { continue }
            if column >= start + width { break }
            let visible = min(end, start + width) - max(column, start)
            if column >= start && end <= start + width {
                output.append(character)
            } else {
                output += String(repeating: " ", count: visible)
            }
            taken += visible
        }
        return DisplayText(measured: output, width: taken) + .spaces(width - taken)
    }

    /// Lines of at most `width` columns, broken at spaces; a word longer than a line is cut
    /// between grapheme clusters.
    public func wrapped(toWidth width: Int) -> [DisplayText] {
        guard width > 0 else { return [] }
        var lines: [DisplayText] = []
        var line = DisplayText.empty
        for word in string.split(separator: " ").map({ DisplayText(measured: String($0), width: Self.width(of: $0)) }) {
            if !line.isEmpty && line.width + 1 + word.width <= width {
                line = line + " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            var rest = word
            while rest.width > width {
                let head = rest.prefix(columns: width)
                // A wide character in a one-column line cannot be drawn; an ellipsis stands in.
                lines.append(head.isEmpty ? Self.ellipsis : head)
                rest = rest.dropping(characters: max(1, head.string.count))
            }
            line = rest
        }
        lines.append(line)
        return lines
    }

    /// The longest leading run of whole grapheme clusters that fits in `columns`.
    func prefix(columns: Int) -> DisplayText {
        // Text as wide as its UTF-8 is long is printable ASCII, a column a byte (every other
        // character takes more bytes than columns): cut it without measuring (each cell of
        // every frame is cut to its column).
        if string.utf8.count == self.width {
            let count = max(0, min(columns, self.width))
            return DisplayText(measured: String(decoding: string.utf8.prefix(count), as: UTF8.self), width: count)
        }
        var output = ""
        var width = 0
        for character in string {
            let characterWidth = DisplayWidth.of(character) ?? 1
            if width + characterWidth > columns { break }
            output.append(character)
            width += characterWidth
        }
        return DisplayText(measured: output, width: width)
    }

    private func dropping(characters count: Int) -> DisplayText {
        let rest = String(string.dropFirst(count))
        return DisplayText(measured: rest, width: Self.width(of: Substring(rest)))
    }

    private static func width(of text: Substring) -> Int {
        text.reduce(0) { $0 + (DisplayWidth.of($1) ?? 1) }
    }
}
