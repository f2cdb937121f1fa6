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
            `blueprint keys --standard --markdown`, Resources/config.example.toml's key lines \
            `blueprint keys --standard --toml`).
            """)

    @Flag(help: "Write Markdown tables.") var markdown = false
    @Flag(help: "Write the configuration file's key lines, commented out: [keys.SECTION] and action = keys.") var toml = false
    @Flag(help: "The standard keys, without the configuration file's changes.") var standard = false
    @OptionGroup var configurationFile: ConfigurationOptions

    func validate() throws {
        if markdown && toml { throw ValidationError("--markdown and --toml are two ways to write the keys: give one") }
    }

    func run() throws {
        let keymap = standard ? .standard
            : configurationFile.settings(environment: ProcessInfo.processInfo.environment, defaultsUsed: "listing the defaults").keymap
        let text = markdown ? KeyReference.markdown(keymap) : toml ? KeyReference.toml(keymap) : KeyReference.plain(keymap)
        try CommandOutput.print(text, terminator: "")
    }
}
