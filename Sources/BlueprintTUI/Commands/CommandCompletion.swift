import Foundation

/// Tab completion on the `:` line: command names, then what each command takes (kinds, file
/// paths, wedding names).
struct CommandCompletion {
    /// The weddings' names, for `wedding`.
    var weddingNames: [String] = []
    /// The entries of a folder (names only; folders end in `/`), for file arguments.
    var listFolder: (String) -> [String] = CommandCompletion.entries(of:)

    /// What a Tab does to `line`: the completed line (with a space after a unique match) and
    /// the candidates when several remain.
    func complete(_ line: String) -> (line: String, candidates: [String]) {
        let (words, endsInWord) = CommandWords.splitKeepingEnd(line)
        let position = endsInWord ? words.count - 1 : words.count
        let partial = endsInWord ? words.last! : ""
        let done = Array(words.prefix(position))
        let options = candidates(at: position, after: done, partial: partial)
        let matching = options.filter { $0.hasPrefix(partial) }
        guard !matching.isEmpty else { return (line, []) }
        let common = Self.commonPrefix(matching)
        let isFolder = common.hasSuffix("/")
        let unique = matching.count == 1
        let completed = done.map(CommandWords.quoted) + [CommandWords.quoted(common)]
        let rebuilt = completed.joined(separator: " ") + (unique && !isFolder ? " " : "")
        return (rebuilt, unique ? [] : matching.map { ($0 as NSString).lastPathComponent + ($0.hasSuffix("/") ? "/" : "") })
    }

    private func candidates(at position: Int, after words: [String], partial: String) -> [String] {
        if position == 0 { return PlannerCommand.names }
        switch (words[0], position) {
        case ("import", 1): return TransferKind.importable.map(\.rawValue)
        case ("export", 1): return TransferKind.allCases.map(\.rawValue)
        case ("import", 2), ("export", 2), ("attach", 1): return files(matching: partial)
        case ("attach", 2): return words.contains { $0.hasPrefix("--title") } ? [] : ["--title"]
        case ("import", 3): return words.contains { $0.hasPrefix("--sheet") } ? [] : ["--sheet"]
        case ("export", 3): return TransferFormat.allCases.map(\.rawValue)
        case ("wedding", _), ("w", _): return position == 1 ? weddingNames : []
        default: return []
        }
    }

    /// Paths that start with `partial`: the folder part is kept, the rest completed.
    private func files(matching partial: String) -> [String] {
        let slash = partial.lastIndex(of: "/")
        let folder = slash.map { String(partial[...$0]) } ?? ""
        return listFolder(folder.isEmpty ? "." : folder).map { folder + $0 }.sorted()
    }

    static func entries(of folder: String) -> [String] {
        let expanded = (folder as NSString).expandingTildeInPath
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: expanded) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.map { name in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: (expanded as NSString).appendingPathComponent(name),
                                                        isDirectory: &isFolder)
            return exists && isFolder.boolValue ? name + "/" : name
        }
    }

    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
