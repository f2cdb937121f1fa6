import BlueprintDomain

/// A command typed on the `:` line.
enum PlannerCommand: Equatable {
    case quit
    case help
    case diagnostics
    /// Opens the form of the wedding's own settings.
    case settings
    /// Lists the weddings of the data directory.
    case weddings
    /// Opens the wedding with this name or id.
    case wedding(String)
    /// Moves the wedding day (and, if the planner agrees, the open checklist tasks with it).
    case date(CalendarDate)
    /// Imports a CSV file, or a sheet of an `.xlsx` workbook (`nil`: its first).
    case importFile(TransferKind, path: String, sheet: String?)
    case exportFile(TransferKind, path: String, format: TransferFormat)
    /// Attaches the file at `path` (as `title`, else its name) to the vendor or expense in view, else the wedding.
    case attach(path: String, title: String?)
    /// Lists every document of the wedding.
    case documents
    /// Offers the first edit made offline that conflicts, to settle.
    case conflicts
    /// Shows the notes pane, narrowed to the notes containing the text (every note for none).
    case notes(String)

    /// The command names, for completion and the "unknown command" message.
    static let names = ["attach", "conflicts", "date", "diagnostics", "documents", "export", "find", "help", "import", "notes", "quit", "settings", "wedding",
                        "weddings"]

    /// Parses a command line; the error says what is wrong and what would be right (with the
    /// keys of `keymap`).
    static func parse(_ line: String, keymap: Keymap) -> Result<PlannerCommand, CommandError> {
        let words = CommandWords.split(line)
        guard let name = words.first else { return .failure(CommandError("Type a command: " + names.joined(separator: ", "))) }
        let arguments = Array(words.dropFirst())
        switch name {
        case "q", "quit", "q!", "wq", "x": return .success(.quit)
        case "help", "h": return .success(.help)
        case "diagnostics", "diag": return .success(.diagnostics)
        case "weddings": return .success(.weddings)
        case "settings", "set": return .success(.settings)
        case "notes", "find": return .success(.notes(arguments.joined(separator: " ")))
        case "wedding", "w":
            guard !arguments.isEmpty else {
                let completion = keymap.hint(.complete, in: .commandLine, "lists the weddings").map { " (\($0))" } ?? ""
                return .failure(CommandError("Usage: wedding NAME" + completion))
            }
            return .success(.wedding(arguments.joined(separator: " ")))
        case "date":
            guard arguments.count == 1, let date = CalendarDate(iso: arguments[0]) else {
                return .failure(CommandError("Usage: date yyyy-mm-dd (the new wedding day)"))
            }
            return .success(.date(date))
        case "import":
            return parseImport(arguments)
        case "attach":
            return parseAttach(arguments)
        case "documents", "docs":
            return .success(.documents)
        case "conflicts":
            return .success(.conflicts)
        case "export":
            guard (2...3).contains(arguments.count), let kind = TransferKind(rawValue: arguments[0]) else {
                return .failure(CommandError("Usage: export guests|vendors|expenses|tasks FILE [csv|json]"))
            }
            let path = arguments[1]
            let format: TransferFormat
            if arguments.count == 3 {
                guard let named = TransferFormat(rawValue: arguments[2]) else {
                    return .failure(CommandError("Unknown format \(arguments[2]): csv or json"))
                }
                format = named
            } else {
                format = path.lowercased().hasSuffix(".json") ? .json : .csv
            }
            return .success(.exportFile(kind, path: path, format: format))
        default:
            return .failure(CommandError("Unknown command \(name): " + names.joined(separator: ", ")))
        }
    }

    /// What `import` takes, said when it is given something else.
    static let importUsage = "Usage: import guests|vendors|expenses FILE [--sheet NAME] "
        + "(.csv, or .xlsx: its first sheet unless --sheet names one; quote a name with spaces)"

    /// What `attach` takes, said when it is given something else.
    static let attachUsage = "Usage: attach FILE [--title TITLE] (to the vendor or expense in view, else the wedding; "
        + "quote a name with spaces)"

    /// `attach FILE`, with `--title TITLE` (or `--title=TITLE`) before or after the file.
    private static func parseAttach(_ arguments: [String]) -> Result<PlannerCommand, CommandError> {
        var positional: [String] = []
        var title: String?
        var remaining = arguments[...]
        while let word = remaining.popFirst() {
            let given: String
            if word == "--title" {
                guard let next = remaining.popFirst() else { return .failure(CommandError("--title needs a title; " + attachUsage)) }
                given = next
            } else if word.hasPrefix("--title=") {
                given = String(word.dropFirst("--title=".count))
            } else if word.hasPrefix("--") {
                return .failure(CommandError("Unknown option \(word); " + attachUsage))
            } else {
                positional.append(word)
                continue
            }
            guard title == nil else { return .failure(CommandError("--title is given twice; give one title")) }
            title = given
        }
        guard positional.count == 1 else { return .failure(CommandError(attachUsage)) }
        return .success(.attach(path: positional[0], title: title))
    }

    /// `import KIND FILE`, with `--sheet NAME` (or `--sheet=NAME`) before or after the file.
    private static func parseImport(_ arguments: [String]) -> Result<PlannerCommand, CommandError> {
        var positional: [String] = []
        var sheet: String?
        var remaining = arguments[...]
        while let word = remaining.popFirst() {
            let name: String
            if word == "--sheet" {
                guard let next = remaining.popFirst() else {
                    return .failure(CommandError("--sheet needs the name of a sheet; " + importUsage))
                }
                name = next
            } else if word.hasPrefix("--sheet=") {
                name = String(word.dropFirst("--sheet=".count))
            } else if word.hasPrefix("--") {
                return .failure(CommandError("Unknown option \(word); " + importUsage))
            } else {
                positional.append(word)
                continue
            }
            guard sheet == nil else { return .failure(CommandError("--sheet is given twice; name one sheet")) }
            guard !name.isEmpty else { return .failure(CommandError("--sheet needs the name of a sheet; " + importUsage)) }
            sheet = name
        }
        guard positional.count == 2, let kind = TransferKind(rawValue: positional[0]), TransferKind.importable.contains(kind) else {
            return .failure(CommandError(importUsage))
        }
        return .success(.importFile(kind, path: positional[1], sheet: sheet))
    }
}

/// Why a command line cannot run.
struct CommandError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Splitting a command line into words: spaces separate them, except inside "double" or
/// 'single' quotes, and a backslash keeps the next character (a space in a file name).
enum CommandWords {
    static func split(_ line: String) -> [String] {
        splitKeepingEnd(line).words
    }

    /// The words, and whether the line ends inside a word (so the last word is being typed).
    static func splitKeepingEnd(_ line: String) -> (words: [String], endsInWord: Bool) {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return (words, inWord)
    }

    /// `word` written so that `split` reads it back: spaces and quotes escaped.
    static func quoted(_ word: String) -> String {
        var output = ""
        for character in word {
            if character == " " || character == "\\" || character == "\"" || character == "'" { output.append("\\") }
            output.append(character)
        }
        return output
    }
}
