import ArgumentParser
import BlueprintTUI

/// `blueprint keys`: the key reference, from the keymap the planner uses.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Print every key of the planner, section by section (what ? shows inside it).")

    @Flag(help: "Write Markdown tables (the README's key reference).") var markdown = false

    func run() {
        print(markdown ? KeyReference.markdown(.standard) : KeyReference.plain(.standard), terminator: "")
    }
}
