/// A configuration file read into entries, each with its line.
///
/// Written by hand for the small TOML subset the file uses rather than with a TOML library:
/// every message must name its line, and the TOML library on the package mirror (TOMLKit 0.6.0,
/// which wraps toml++) gives lines only for syntax errors, not for parsed values, so an unknown
/// setting or a bad theme could not have said where it was; it also costs about 40 s of C++ on
/// a clean build. The subset (see `Resources/config.example.toml`): `# comments`, `[table]`
/// and `[dotted.table]` headers, `key = value` with bare or dotted keys, basic `"…"` strings
/// with TOML's escapes, literal `'…'` strings, `true`/`false`, decimal integers and one-line
/// arrays of strings. Anything else is reported with its line and skipped; the rest of the
/// file still counts.
public struct ConfigDocument: Sendable {
    /// A `[table]` header: its dotted path and line.
    public struct Table: Hashable, Sendable {
        public let path: [String]
        public let line: Int
    }

    public private(set) var entries: [ConfigEntry] = []
    public private(set) var tables: [Table] = []
    /// Lines that are not valid in the subset, and keys set twice.
    public private(set) var problems: [ConfigurationProblem] = []

    /// Reads `text`; `file` names the file in problems.
    public init(parsing text: String, file: String) {
        var table: [String]? = []
        var firstLine: [String: Int] = [:]
        // "\r\n" is one Character in Swift, so a CRLF file is split on it as well as on "\n".
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            var line = rawLine
            if index == 0, line.first == "\u{FEFF}" { line.removeFirst() }
            var scanner = LineScanner(line)
            scanner.skipSpaces()
            if scanner.isAtEndOrComment { continue }
            do throws(SyntaxError) {
                if scanner.peek == "[" {
                    let path = try scanner.tableHeader()
                    try scanner.expectEndOfLine()
                    tables.append(Table(path: path, line: number))
                    table = path
                    continue
                }
                let key = try scanner.keyPath()
                scanner.skipSpaces()
                guard scanner.take("=") else { throw SyntaxError("expected \"=\" after the key \(quoted(key.joined(separator: ".")))") }
                scanner.skipSpaces()
                let value = try scanner.value()
                try scanner.expectEndOfLine()
                // Entries under a header that could not be read are skipped: the header's problem says why.
                guard let table else { continue }
                let entry = ConfigEntry(path: table + key, table: table, value: value, line: number)
                if let earlier = firstLine[entry.name] {
                    problems.append(ConfigurationProblem(file: file, line: number,
                                                         message: "\(quoted(entry.name)) is already set on line \(earlier)"))
                    continue
                }
                firstLine[entry.name] = number
                entries.append(entry)
            } catch {
                problems.append(ConfigurationProblem(file: file, line: number, message: error.message))
                if scanner.peekHeader { table = nil }
            }
        }
    }
}

/// Why a line is not in the subset.
private struct SyntaxError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Reads one line of the file, left to right.
private struct LineScanner {
    private let text: Substring
    private var index: Substring.Index

    init(_ text: Substring) {
        self.text = text
        index = text.startIndex
    }

    var peek: Character? { index < text.endIndex ? text[index] : nil }
    var isAtEndOrComment: Bool { peek == nil || peek == "#" }
    /// Whether the line is a table header (for recovery after a bad one).
    var peekHeader: Bool { text.drop { $0 == " " || $0 == "\t" }.first == "[" }

    mutating func skipSpaces() {
        while let character = peek, character == " " || character == "\t" { advance() }
    }

    mutating func take(_ character: Character) -> Bool {
        guard peek == character else { return false }
        advance()
        return true
    }

    private mutating func advance() { index = text.index(after: index) }

    /// What is left after optional spaces must be nothing or a comment.
    mutating func expectEndOfLine() throws(SyntaxError) {
        skipSpaces()
        guard isAtEndOrComment else {
            throw SyntaxError("unexpected \(quoted(String(text[index...]))) after the value (a comment starts with #)")
        }
    }

    /// `[keys.guests]`, positioned at the `[`.
    mutating func tableHeader() throws(SyntaxError) -> [String] {
        _ = take("[")
        if peek == "[" { throw SyntaxError("arrays of tables ([[…]]) are not used in this file") }
        skipSpaces()
        let path = try keyPath()
        skipSpaces()
        guard take("]") else { throw SyntaxError("a section header is a name in brackets, such as [keys.guests]") }
        return path
    }

    /// `theme` or `keys.guests.add`: bare keys (letters, digits, `-`, `_`) joined by dots.
    mutating func keyPath() throws(SyntaxError) -> [String] {
        var parts: [String] = []
        repeat {
            skipSpaces()
            var part = ""
            while let character = peek, character.isASCII, character.isLetter || character.isNumber || character == "-" || character == "_" {
                part.append(character)
                advance()
            }
            guard !part.isEmpty else {
                if peek == "\"" || peek == "'" { throw SyntaxError("write keys without quotes: letters, digits, - and _") }
                throw SyntaxError("expected a setting (name = value) or a section ([name])")
            }
            parts.append(part)
            skipSpaces()
        } while take(".")
        return parts
    }

    mutating func value() throws(SyntaxError) -> ConfigValue {
        switch peek {
        case "\""?, "'"?: return .string(try string())
        case "["?: return .strings(try stringArray())
        case nil, "#"?: throw SyntaxError("a value is missing after \"=\"")
        default: break
        }
        var word = ""
        while let character = peek, character != " ", character != "\t", character != "#", character != "," , character != "]" {
            word.append(character)
            advance()
        }
        switch word {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        default:
            let digits = word.replacingOccurrences(of: "_", with: "")
            if let number = Int(digits), !word.hasPrefix("_"), !word.hasSuffix("_") { return .integer(number) }
            throw SyntaxError("\(quoted(word)) is not a value: write text in quotes (\"…\"), true, false or a number")
        }
    }

    /// `["a", "ctrl-d"]` on one line.
    private mutating func stringArray() throws(SyntaxError) -> [String] {
        _ = take("[")
        var items: [String] = []
        while true {
            skipSpaces()
            if take("]") { return items }
            guard peek == "\"" || peek == "'" else {
                if peek == nil || peek == "#" { throw SyntaxError("an array must close with ] on the same line") }
                throw SyntaxError("an array here holds only text in quotes, such as [\"k\", \"up\"]")
            }
            items.append(try string())
            skipSpaces()
            if isAtEndOrComment { throw SyntaxError("an array must close with ] on the same line") }
            if take(",") { continue }
            guard take("]") else { throw SyntaxError("expected \",\" or \"]\" in the array") }
            return items
        }
    }

    /// A basic `"…"` string with TOML's escapes, or a literal `'…'` string.
    private mutating func string() throws(SyntaxError) -> String {
        let quote = peek!
        advance()
        if peek == quote, text[index...].hasPrefix(String(repeating: quote, count: 2)) {
            throw SyntaxError("multi-line strings are not used in this file")
        }
        var result = ""
        while let character = peek {
            advance()
            if character == quote { return result }
            if character == "\\" && quote == "\"" {
                result.unicodeScalars.append(try escape())
            } else {
                result.append(character)
            }
        }
        throw SyntaxError("the text in quotes is not closed on this line")
    }

    private mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
        guard let character = peek else { throw SyntaxError("the text in quotes is not closed on this line") }
        advance()
        switch character {
        case "\"": return "\""
        case "\\": return "\\"
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "e": return "\u{1B}"
        case "u", "U":
            let count = character == "u" ? 4 : 8
            var hex = ""
            for _ in 0..<count {
                guard let digit = peek, digit.isHexDigit else { throw SyntaxError("\\\(character) needs \(count) hex digits") }
                hex.append(digit)
                advance()
            }
            guard let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) else {
                throw SyntaxError("\\\(character)\(hex) is not a Unicode character")
            }
            return scalar
        default:
            throw SyntaxError("unknown escape \(quoted("\\" + String(character))) in the text")
        }
    }
}
