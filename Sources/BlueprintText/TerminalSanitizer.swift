import Foundation

/// The one sanitiser for untrusted text (anything a user or a CSV typed) on its way to a terminal.
///
/// - C0 controls, DEL and C1 controls become visible placeholders (U+241B `␛` for ESC,
///   U+240A `␊` for a line feed, `�` for C1), so no escape sequence, OSC title, carriage
///   return or newline ever reaches the terminal or moves the cursor. A tab becomes a space.
/// - Bidi embedding/override/isolate marks and zero-width format characters are removed, so
///   text cannot reorder or hide what is drawn around it.
/// Stored text is never changed; only what is drawn is.
public enum TerminalSanitizer {
    /// `text` made safe to draw.
    public static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09:
                output.append(" ")
            case 0x00...0x1F:
                output.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F:
                output.append("\u{2421}")
            case 0x80...0x9F:
                output.append("\u{FFFD}")
            case _ where isInvisibleFormat(scalar.value):
                continue
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Multi-line text (a report, an export shown on a terminal) made safe line by line: line
    /// feeds stay line feeds, and everything else is sanitised as in `sanitize`.
    public static func sanitizeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { sanitize(String($0).replacingOccurrences(of: "\r", with: "")) }
            .joined(separator: "\n")
    }

    /// JSON text made safe to print without changing what it means: every DEL, C1 control and
    /// invisible format character is written as a `\uXXXX` escape. (An encoder already escapes
    /// C0 controls inside strings, and such characters can stand nowhere else in JSON, so the
    /// escapes decode to the very same text.)
    public static func escapingJSON(_ json: String) -> String {
        let escaped: (Unicode.Scalar) -> Bool = { $0.value >= 0x7F && needsWork($0) }
        guard json.unicodeScalars.contains(where: escaped) else { return json }
        var output = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard escaped(scalar) else {
                output.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(output)
    }

    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || isInvisibleFormat(value)
    }

    /// Bidi controls and zero-width or invisible format characters.
    private static func isInvisibleFormat(_ value: UInt32) -> Bool {
        switch value {
        case 0x00AD, 0x061C, 0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF,
             0xFFF9...0xFFFB:
            return true
        default:
            return false
        }
    }
}
