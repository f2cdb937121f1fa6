import BlueprintDomain
import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("Names of keys, actions and keymap sections in the configuration file")
struct KeyNamesTests {
    @Test("every action has a name, no two share one, and each name reads back as its action")
    func actionNames() {
        let names = KeyAction.all.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        for action in KeyAction.all {
            #expect(KeyAction(name: action.name) == action, "\(action.name)")
            #expect(action.name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }, "\(action.name)")
        }
        for binding in Keymap.standard.bindings {
            #expect(KeyAction.all.contains(binding.action), "\(binding.action) is missing from KeyAction.all")
        }
        #expect(KeyAction(name: "rsvp-attending") == .setRSVP(.attending))
        #expect(KeyAction(name: "show-pane-3") == .showPane(3))
        #expect(KeyAction(name: "moveUp") == nil)
    }

    @Test("every keymap section has a name that reads back; an action is bound once per section")
    func sectionNames() {
        let names = KeyMode.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        for mode in KeyMode.allCases {
            #expect(KeyMode(name: mode.name) == mode)
            let actions = Keymap.standard.bindings(in: mode).map(\.action)
            #expect(Set(actions).count == actions.count, "\(mode.name): an override names its binding by section and action")
        }
        #expect(KeyMode(name: "text-editing") == .textEditing)
    }

    @Test("every key of the standard keymap reads back from its name and from the name help shows")
    func roundTrip() throws {
        for key in Keymap.standard.bindings.flatMap(\.keys) {
            #expect(try Key(name: key.name) == key, "\(key.name)")
            #expect(try Key(name: key.displayName) == key, "\(key.displayName)")
        }
    }

    @Test("names people type", arguments: [
        ("a", Key.character("a")), ("A", .character("A")), ("?", .character("?")), ("é", .character("é")),
        ("space", .character(" ")), ("Space", .character(" ")), (" ", .character(" ")),
        ("ctrl-d", .control("d")), ("Ctrl-D", .control("d")), ("C-x", .control("x")), ("ctrl+w", .control("w")),
        ("^u", .control("u")), ("ctrl-_", .control("_")),
        ("f5", .function(5)), ("F12", .function(12)), ("enter", .enter), ("Return", .enter), ("tab", .tab),
        ("shift-tab", .backTab), ("esc", .escape), ("Escape", .escape), ("pgdn", .pageDown), ("PageUp", .pageUp),
        ("page-down", .pageDown), ("home", .home), ("End", .end), ("up", .up), ("↓", .down), ("del", .delete),
        ("backspace", .backspace), ("insert", .insert),
        ("ctrl-home", .modified(.home, .control)), ("Shift-F5", .modified(.function(5), .shift)),
        ("ctrl-shift-up", .modified(.up, [.control, .shift])), ("Ctrl-Alt-Delete", .modified(.delete, [.control, .alt])),
        ("alt-pgdn", .modified(.pageDown, .alt)),
    ])
    func names(name: String, key: Key) throws {
        #expect(try Key(name: name) == key)
    }

    @Test("a modified key reads back from its name and from the name help shows", arguments: [
        Key.modified(.home, .control), .modified(.up, [.control, .alt, .shift]), .modified(.function(12), .shift),
        .modified(.end, .alt),
    ])
    func modifiedRoundTrip(key: Key) throws {
        #expect(try Key(name: key.name) == key, "\(key.name)")
        #expect(try Key(name: key.displayName) == key, "\(key.displayName)")
    }

    @Test("modifiers go with named keys only", arguments: ["ctrl-space", "shift-f25", "alt-shift-tab", "ctrl-enter", "ctrl-"])
    func modifiedBadNames(name: String) {
        #expect(throws: KeyNameError.self) { try Key(name: name) }
    }

    @Test("names that are no key say why", arguments: [
        ("zz", "is not a key name"), ("", "is not a key name"), ("f0", "f1 to f24"), ("f25", "f1 to f24"),
        ("ctrl-i", "as tab"), ("ctrl-m", "as enter"), ("ctrl-h", "as backspace"), ("ctrl-[", "as esc"),
        ("ctrl-1", "ctrl goes with a letter"), ("\u{1B}", "control character"), ("alt-x", "is not a key name"),
        ("resize", "is not a key name"), ("mouse", "is not a key name"),
    ])
    func badNames(name: String, reason: String) {
        #expect(throws: KeyNameError.self) { try Key(name: name) }
        do {
            _ = try Key(name: name)
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }
}
