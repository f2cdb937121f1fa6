import ArgumentParser
import BlueprintTUI
import Foundation

/// `blueprint keys`: the key reference, from the keymap the planner uses.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Print every key of the planner, section by section (what ? shows inside it).",
        discussion: """
            Prints the keys in force: the standard keys with the configuration file's [keys.SECTION] \
            changes. --standard prints the standard keys alone (README.md's key reference is \
            `blueprint keys --standard --markdown`).
            """)

    @Flag(help: "Write Markdown tables.") var markdown = false
    @Flag(help: "The standard keys, without the configuration file's changes.") var standard = false
    @OptionGroup var configurationFile: ConfigurationOptions

    func run() throws {
        let keymap = standard ? .standard
            : configurationFile.settings(environment: ProcessInfo.processInfo.environment, defaultsUsed: "listing the defaults").keymap
        try CommandOutput.print(markdown ? KeyReference.markdown(keymap) : KeyReference.plain(keymap), terminator: "")
    }
}
