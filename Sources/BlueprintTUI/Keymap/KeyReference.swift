
/// The keymap written out for people, section by section as `?` help shows it: the README's key
/// reference and `blueprint keys` come from here, so neither can drift from what keys do.
public enum KeyReference {
    /// A heading per section and a table of keys and what they do, in Markdown.
    public static func markdown(_ keymap: Keymap) -> String {
        keymap.sections.map { mode, bindings in
            let rows = bindings.map { binding in
                "| " + binding.keys.map { codeSpan($0.displayName) }.joined(separator: " ") + " | "
                    + binding.help.replacingOccurrences(of: "|", with: "\\|") + " |"
            }
            return (["### \(mode.title)", "", "| keys | what they do |", "|---|---|"] + rows).joined(separator: "\n")
        }.joined(separator: "\n\n") + "\n"
    }

    /// Sections with their keys in a column, for a terminal.
    public static func plain(_ keymap: Keymap) -> String {
        let width = keymap.bindings.map(\.keyNames.count).max() ?? 0
        return keymap.sections.map { mode, bindings in
            let lines = bindings.map { binding in
                "  " + binding.keyNames + String(repeating: " ", count: width - binding.keyNames.count) + "  " + binding.help
            }
            return ([mode.title] + lines).joined(separator: "\n")
        }.joined(separator: "\n\n") + "\n"
    }

    /// `text` as a Markdown code span: fenced with more backticks than it holds in a row, and
    /// padded with spaces when it starts or ends with a backtick.
    private static func codeSpan(_ text: String) -> String {
        let longestRun = text.split(whereSeparator: { $0 != "`" }).map(\.count).max() ?? 0
        let fence = String(repeating: "`", count: longestRun + 1)
        let padded = text.hasPrefix("`") || text.hasSuffix("`") ? " \(text) " : text
        return fence + padded.replacingOccurrences(of: "|", with: "\\|") + fence
    }
}
