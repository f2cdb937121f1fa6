extension DatabaseURL {
    /// What a password is shown as.
    public static let passwordMask = "***"

    /// `text`, a database URL as someone gave it (perhaps mistyped, perhaps without its
    /// scheme), with every password in it shown as `***`: the value of each `password=`
    /// parameter, and the user information's (from its first `:` to the last `@`, so that a
    /// password with an unescaped `/`, `?` or `@` in it is hidden whole). The one way a URL
    /// that was given is quoted in a message or a log; it may hide more than the password of a
    /// strange URL, never less.
    public static func redacting(_ text: String) -> String {
        let parameters = redactingPasswordParameters(text)
        let userStart = parameters.range(of: "://")?.upperBound ?? parameters.startIndex
        guard let at = parameters[userStart...].lastIndex(of: "@"),
              let colon = parameters[userStart..<at].firstIndex(of: ":") else { return parameters }
        return parameters[...colon] + passwordMask + parameters[at...]
    }

    /// Command-line arguments as they may be logged: the value of `--database` (as the next
    /// argument or after `=`) and any argument with `://` in it, redacted.
    public static func redactingArguments(_ arguments: [String]) -> [String] {
        let option = "--database"
        return arguments.indices.map { index in
            let argument = arguments[index]
            if index > 0 && arguments[index - 1] == option { return redacting(argument) }
            if argument.hasPrefix(option + "=") { return option + "=" + redacting(String(argument.dropFirst(option.count + 1))) }
            return argument.contains("://") ? redacting(argument) : argument
        }
    }

    /// `text` with the value of every `password=` (at the start, or after `?`, `&` or a space)
    /// up to the next `&`, `#` or space shown as `***`.
    private static func redactingPasswordParameters(_ text: String) -> String {
        let key = "password="
        var result = ""
        var rest = Substring(text)
        while let found = rest.range(of: key) {
            let previous = rest[..<found.lowerBound].last ?? result.last
            let boundary = previous.map { "?& \t".contains($0) } ?? true
            result += rest[..<found.upperBound]
            rest = rest[found.upperBound...]
            guard boundary else { continue }
            result += passwordMask
            rest = rest[(rest.firstIndex { "&# \t".contains($0) } ?? rest.endIndex)...]
        }
        return result + rest
    }
}
