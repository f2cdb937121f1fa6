import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

/// The key reference is written from the keymap, and the README carries it unchanged.
@Suite("Key reference")
struct KeyReferenceTests {
    @Test("every binding of every section is in the Markdown and the plain reference, with its keys")
    func everyBindingListed() {
        let markdown = KeyReference.markdown(.standard), plain = KeyReference.plain(.standard)
        for (mode, bindings) in Keymap.standard.sections {
            #expect(markdown.contains("### \(mode.title)\n"))
            #expect(plain.contains("\(mode.title)\n"))
            for binding in bindings {
                let keys = binding.keys.map { "`\($0.displayName)`" }.joined(separator: " ")
                #expect(markdown.contains("| \(keys) | \(binding.help.replacingOccurrences(of: "|", with: "\\|")) |"), "\(binding)")
                #expect(plain.contains(binding.keyNames) && plain.contains(binding.help), "\(binding)")
            }
        }
    }

    @Test("a key holding a backtick or a bar stays one code span in one table cell")
    func awkwardKeys() {
        let keymap = Keymap([KeyBinding(.global, [.character("`"), .character("|")], .quit, "Quit")])
        #expect(KeyReference.markdown(keymap).contains("| `` ` `` `\\|` | Quit |"))
    }

    @Test("README.md's key reference is the standard keymap's (run `blueprint keys --standard --markdown` to refresh it)")
    func readmeIsCurrent() throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "<!-- keys:begin -->\n").last?
            .components(separatedBy: "<!-- keys:end -->").first)
        #expect(section == KeyReference.markdown(.standard))
    }

    @Test("Resources/config.example.toml's key lines are the standard keymap's (run `blueprint keys --standard --toml` to refresh them)")
    func configExampleIsCurrent() throws {
        let example = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/config.example.toml"),
                                 encoding: .utf8)
        let keyLines = try #require(example.range(of: "\n# [keys.global]\n")).lowerBound
        #expect(String(example[keyLines...].dropFirst()) == KeyReference.toml(.standard))
    }

    @Test("the TOML reference writes one key as a string, several as an array, and escapes quotes and backslashes")
    func toml() {
        let keymap = Keymap([KeyBinding(.global, [.character("q"), .control("c")], .quit, "Quit"),
                             KeyBinding(.list, [.character("\""), .character("\\")], .search, "Search")])
        #expect(KeyReference.toml(keymap) == """
            # [keys.global]
            # quit = ["q", "ctrl-c"]                 # Quit

            # [keys.list]
            # search = ["\\"", "\\\\"]                  # Search

            """)
    }
}
