import BlueprintDomain

extension Configuration {
    /// The settings in `text` (a whole configuration file), and every problem with it, each
    /// naming `file` and its line. A wrong setting keeps its default; the rest still apply.
    public static func read(_ text: String, file: String) -> (configuration: Configuration, problems: [ConfigurationProblem]) {
        let document = ConfigDocument(parsing: text, file: file)
        var configuration = Configuration()
        var problems = document.problems
        func problem(_ line: Int, _ message: String) {
            problems.append(ConfigurationProblem(file: file, line: line, message: message))
        }
        for table in document.tables where !isKnownTable(table.path) {
            problem(table.line, unknownTableMessage(table.path))
        }
        for entry in document.entries {
            switch entry.path.first {
            case "theme" where entry.path.count == 1:
                guard case .string(let name) = entry.value, let theme = ThemeChoice(rawValue: name.lowercased()) else {
                    problem(entry.line, "unknown theme \(entry.value.quotedForMessage): use "
                            + ThemeChoice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
                    continue
                }
                configuration.theme = theme
            case "mouse" where entry.path.count == 1:
                guard case .boolean(let on) = entry.value else {
                    problem(entry.line, "mouse is true or false, not \(entry.value.quotedForMessage)")
                    continue
                }
                configuration.mouse = on
            case "currency" where entry.path.count == 1:
                guard case .string(let code) = entry.value, let currency = Currency(code: code) else {
                    problem(entry.line, "\(entry.value.quotedForMessage) is not a currency code: write three letters, such as \"EUR\"")
                    continue
                }
                configuration.currency = currency
            case "name" where entry.path.count == 1:
                guard case .string(let name) = entry.value,
                      !name.trimmingCharacters(in: .whitespaces).isEmpty, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    problem(entry.line, "name is the text your changes are shown under, such as \"Mei\", "
                            + "not \(entry.value.quotedForMessage)")
                    continue
                }
                configuration.name = name.trimmingCharacters(in: .whitespaces)
            case "database" where entry.path.count == 1:
                guard case .string(let url) = entry.value else {
                    problem(entry.line, "database is a PostgreSQL URL in quotes, such as \"postgresql:///wedding\", "
                            + "not \(entry.value.quotedForMessage)")
                    continue
                }
                // Kept even when wrong, so that opening it says why instead of quietly using the
                // data directory.
                configuration.database = url
                do {
                    _ = try DatabaseURL(url, loginName: "")
                } catch {
                    problem(entry.line, "database: \(error)")
                }
            case keysTable? where entry.path.count == 3:
                let keys: [String]
                switch entry.value {
                case .string(let key): keys = [key]
                case .strings(let list) where !list.isEmpty: keys = list
                default:
                    problem(entry.line, "\(entry.path[2]) takes a key name or a list of them, such as \"a\" or [\"a\", \"f5\"], "
                            + "not \(entry.value.quotedForMessage)")
                    continue
                }
                configuration.keyOverrides.append(KeyOverride(section: entry.path[1], action: entry.path[2], keys: keys,
                                                              file: file, line: entry.line))
            case ServeSettings.table? where entry.path.count == 2 && ServeSettings.settingNames.contains(entry.path[1]):
                guard case .string(let value) = entry.value, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                    problem(entry.line, "\(entry.name) is text in quotes, not \(entry.value.quotedForMessage)")
                    continue
                }
                switch entry.path[1] {
                case "listen": configuration.serve.listen = value
                case "base-url": configuration.serve.baseURL = value
                default: configuration.serve.trustedProxy = value
                }
            case keysTable? where entry.path.count == 2:
                problem(entry.line, "key overrides go in a section's table, such as [keys.guests], not directly in [keys]")
            default:
                // The entries of an unknown table were reported once, at its header.
                guard isKnownTable(entry.table) else { continue }
                problem(entry.line, "unknown setting \(quoted(entry.name)): the settings are "
                        + settingNames.joined(separator: ", ") + ", [serve] with " + ServeSettings.settingNames.joined(separator: ", ")
                        + " and [keys.SECTION] tables")
            }
        }
        problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        return (configuration, problems)
    }

    private static func isKnownTable(_ path: [String]) -> Bool {
        path.isEmpty || path == [keysTable] || path == [ServeSettings.table] || (path.count == 2 && path[0] == keysTable)
    }

    private static func unknownTableMessage(_ path: [String]) -> String {
        let name = "[" + path.joined(separator: ".") + "]"
        if path.first == keysTable { return "\(quoted(name)) is too deep: key overrides go in [keys.SECTION]" }
        return "unknown section \(quoted(name)): the only sections are [serve] and [keys.SECTION], such as [keys.guests]"
    }
}
