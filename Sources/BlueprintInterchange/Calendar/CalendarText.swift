/// Values of the iCalendar TEXT type (RFC 5545 section 3.3.11).
enum CalendarText {
    /// `text` as a TEXT value: `\`, `;` and `,` escaped with a backslash, each line break (LF or
    /// CRLF) written `\n`, and every other control character dropped except the tab, which TEXT
    /// allows. Nothing in the result can end the line it is written on.
    static func escaped(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", ";", ",":
                escaped.append("\\")
                escaped.append(scalar)
            case "\n":
                escaped.append(contentsOf: "\\n".unicodeScalars)
            case "\t":
                escaped.append(scalar)
            case _ where scalar.properties.generalCategory == .control:
                // A CR is either half of a CRLF, whose LF is written above, or a stray one.
                continue
            default:
                escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
