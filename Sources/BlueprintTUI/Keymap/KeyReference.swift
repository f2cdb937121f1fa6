
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

    /// Every section as the configuration file's commented defaults (`# [keys.list]`, then
    /// `# add = "a"   # Add`): Resources/config.example.toml's key lines come from here.
    public static func toml(_ keymap: Keymap) -> String {
        keymap.sections.map { mode, bindings in
            (["# [keys.\(mode.name)]"] + bindings.map { binding in
                let keys = binding.keys.map { tomlString($0.name) }
                let setting = "# \(binding.action.name) = " + (keys.count == 1 ? keys[0] : "[" + keys.joined(separator: ", ") + "]")
                return setting.padding(toLength: max(setting.count + 1, 41), withPad: " ", startingAt: 0) + "# " + binding.help
            }).joined(separator: "\n")
        }.joined(separator: "\n\n") + "\n"
    }

    /// `text` as a TOML basic string.
    private static func tomlString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
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
