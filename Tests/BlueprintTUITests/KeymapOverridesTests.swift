import BlueprintConfiguration
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("Key overrides from the configuration file")
struct KeymapOverridesTests {
    private func apply(_ lines: [(section: String, action: String, keys: [String])]) -> (keymap: Keymap, problems: [ConfigurationProblem]) {
        Keymap.standard.applying(lines.enumerated().map { index, line in
            KeyOverride(section: line.section, action: line.action, keys: line.keys, file: "config.toml", line: index + 1)
        })
    }

    @Test("an override replaces the action's keys, in dispatch and in help")
    @MainActor
    func landsInKeymapAndHelp() {
        let (keymap, problems) = apply([("list", "add", ["+", "insert"]), ("guests", "rsvp-attending", ["y"])])
        #expect(problems.isEmpty, "\(problems)")
        #expect(keymap.resolve(.character("+"), in: .guests) == .action(.add))
        #expect(keymap.resolve(.insert, in: .vendors) == .action(.add))
        #expect(keymap.resolve(.character("a"), in: .guests) == .unbound)
        #expect(keymap.resolve(.character("y"), in: .guests) == .action(.setRSVP(.attending)))
        #expect(keymap.resolve(.character("A"), in: .guests) == .unbound)
        #expect(keymap.conflicts.isEmpty)
        let help = HelpOverlay(keymap: keymap)
        #expect(help.lines.contains { $0.keys.string == "+, Insert" && $0.text.string == "Add" })
        #expect(help.lines.contains { $0.keys.string == "y" && $0.text.string == "RSVP: attending" })
        #expect(!help.lines.contains { $0.keys.string == "a" && $0.text.string == "Add" })
        #expect(keymap.bindings.count == Keymap.standard.bindings.count)
    }

    @Test("two actions can swap keys")
    func swap() {
        let (keymap, problems) = apply([("list", "add", ["e"]), ("list", "edit", ["a"])])
        #expect(problems.isEmpty, "\(problems)")
        #expect(keymap.resolve(.character("e"), in: .tasks) == .action(.add))
        #expect(keymap.resolve(.character("a"), in: .tasks) == .action(.edit))
    }

    @Test("a key that would mean two things in one mode is refused on its line; the action keeps its keys")
    func conflictWithStandard() {
        let (keymap, problems) = apply([("list", "search", ["f"]), ("list", "add", ["A"]), ("global", "help", ["h"])])
        #expect(problems.map(\.line) == [1, 2, 3])
        #expect(problems[0].message == "\"f\" already means filter in [keys.list]; search keeps \"/\"")
        #expect(problems[1].message
                == "\"A\" already means rsvp-attending in [keys.guests], which shares keys with [keys.list]; add keeps \"a\"")
        #expect(problems[2].message.hasPrefix("\"h\" already means move-left in [keys.list]"))
        #expect(keymap.bindings == Keymap.standard.bindings)
    }

    @Test("of two overrides giving one key, the later line is refused")
    func conflictBetweenOverrides() {
        let (keymap, problems) = apply([("list", "add", ["x"]), ("list", "edit", ["x"])])
        #expect(problems.map(\.line) == [2])
        #expect(problems.first?.message == "\"x\" already means add in [keys.list]; edit keeps \"e\"")
        #expect(keymap.resolve(.character("x"), in: .list) == .action(.add))
        #expect(keymap.resolve(.character("e"), in: .list) == .action(.edit))
    }

    @Test("keys of sections that do not share a mode may repeat")
    func separateModes() {
        let (_, problems) = apply([("budget", "mark-paid", ["x"]), ("vendors", "book", ["x"]), ("help", "top", ["x"])])
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("each kind of wrong override names its line and what is wrong", arguments: [
        ("guestz", "add", ["x"], "unknown key section \"[keys.guestz]\": the sections are global, list, guests"),
        ("list", "ad", ["x"], "unknown action \"ad\" in [keys.list]: its actions are move-up, move-down"),
        ("guests", "mark-paid", ["x"], "mark-paid is not an action of [keys.guests]; it is in [keys.budget]"),
        ("list", "add", ["x", "zz"], "\"zz\" is not a key name"),
        ("list", "add", ["ctrl-i"], "\"ctrl-i\" reaches the app as tab on a terminal"),
        ("form", "submit", ["s"], "\"s\" would no longer type itself in text fields"),
        ("text-editing", "line-start", ["ctrl-a", "0"], "\"0\" would no longer type itself"),
        ("global", "redraw", ["f5"], "redraw works in every mode only from a ctrl- key, not \"f5\""),
        ("global", "suspend", ["Z"], "suspend works in every mode only from a ctrl- key"),
    ])
    func wrongOverrides(section: String, action: String, keys: [String], message: String) {
        let (keymap, problems) = apply([("list", "add", ["+"]), (section, action, keys)])
        #expect(problems.map(\.line) == [2])
        #expect(problems.first?.message.hasPrefix(message) == true, "\(problems)")
        #expect(problems.first?.description.hasPrefix("config.toml:2: ") == true)
        #expect(keymap.resolve(.character("+"), in: .list) == .action(.add))
    }

    @Test("quit may take a plain key, and the text sections take control and named keys")
    func allowedSpecialCases() {
        let (keymap, problems) = apply([("global", "quit", ["Q", "ctrl-q"]), ("form", "submit", ["ctrl-s", "f2"]),
                                        ("global", "redraw", ["ctrl-y"])])
        #expect(problems.isEmpty, "\(problems)")
        #expect(keymap.resolve(.character("Q"), in: .guests) == .action(.quit))
        #expect(keymap.resolve(.character("q"), in: .guests) == .unbound)
        #expect(keymap.appAction(for: .control("q")) == .quit)
        #expect(keymap.appAction(for: .control("y")) == .redraw)
        #expect(keymap.resolve(.function(2), in: .form) == .action(.submit))
        #expect(keymap.resolve(.enter, in: .form) == .unbound)
    }

    @Test("a repeated key in one override counts once")
    func repeatedKey() {
        let (keymap, problems) = apply([("list", "add", ["+", "+"])])
        #expect(problems.isEmpty)
        #expect(keymap.bindings(in: .list).first { $0.action == .add }?.keys == [.character("+")])
    }
}
