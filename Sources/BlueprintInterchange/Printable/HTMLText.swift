/// User text made safe to stand in HTML, between tags or in a quoted attribute value.
enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references, so it can never
    /// open a tag, end an attribute or start an entity. Controls other than tab and line breaks
    /// (which HTML forbids) become U+FFFD. With `breakingLines`, each line break (LF, CRLF or
    /// CR) becomes `<br>`; without, a space.
    static func escaped(_ text: String, breakingLines: Bool = false) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\n" where afterCR:
                continue
            case "\n", "\r":
                output += breakingLines ? "<br>" : " "
            case "\t":
                output.unicodeScalars.append(scalar)
            case _ where scalar.properties.generalCategory == .control:
                output += "\u{FFFD}"
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
