/// A libpq password file (`~/.pgpass`, or the one `PGPASSFILE` or `passfile` names): one
/// `hostname:port:database:username:password` a line. Each of the first four fields is a value
/// or `*`, which matches anything; `\:` and `\\` stand for `:` and `\`; a line starting with `#`
/// is a comment. The first line that matches gives the password.
struct PasswordFile {
    let text: String

    /// The password on the first line matching the connection, nil if none matches (or the
    /// matching line's is empty). `host` is a host name, or a socket's directory (libpq
    /// writes `localhost` for the default one: see `DatabaseURL`).
    func password(host: String, port: Int, database: String, user: String) -> String? {
        let wanted = [host, String(port), database, user]
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            guard !line.hasPrefix("#") else { continue }
            let fields = Self.fields(line)
            guard fields.count == 5, zip(fields, wanted).allSatisfy({ $0.matches($1) }) else { continue }
            return fields[4].value.isEmpty ? nil : fields[4].value
        }
        return nil
    }

    /// One field of a line: its value with escapes taken out, and whether it was a bare `*`.
    private struct Field {
        var value = ""
        var isWildcard = false

        func matches(_ wanted: String) -> Bool { isWildcard || value == wanted }
    }

    /// The line's fields: the first four end at an unescaped `:`, and so does the password
    /// (as in libpq, anything after it is ignored).
    private static func fields(_ line: Substring) -> [Field] {
        var fields: [Field] = []
        var current = Field(), raw = ""
        var escaped = false
        for character in line {
            if escaped {
                current.value.append(character)
                raw.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                raw.append(character)
            } else if character == ":" {
                current.isWildcard = raw == "*"
                fields.append(current)
                if fields.count == 5 { return fields }
                current = Field()
                raw = ""
            } else {
                current.value.append(character)
                raw.append(character)
            }
        }
        // A backslash at the very end stands for itself.
        if escaped { current.value.append("\\") }
        current.isWildcard = raw == "*"
        fields.append(current)
        return fields
    }
}
