import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("Keymap")
struct KeymapTests {
    let keymap = Keymap.standard

    @Test("no key means two things in one mode")
    func noConflicts() {
        let conflicts = keymap.conflicts.map { "\($0.mode): \($0.key.displayName)" }
        #expect(conflicts.isEmpty, "\(conflicts)")
    }

    @Test("a key bound twice in one mode is reported")
    func conflictsAreFound() {
        let broken = Keymap(keymap.bindings + [KeyBinding(.list, [.character("q")], .add, "Add again")])
        #expect(broken.conflicts.contains { $0.mode == .list && $0.key == .character("q") })
    }

    @Test("a binding on a key the app takes first (Ctrl-C, Ctrl-L, Ctrl-Z) is reported, even in a modal mode")
    func appKeysConflict() {
        let broken = Keymap(keymap.bindings + [KeyBinding(.form, [.control("l")], .submit, "Save")])
        #expect(broken.conflicts.contains { $0.mode == .form && $0.key == .control("l") })
        let confirm = Keymap(keymap.bindings + [KeyBinding(.confirm, [.control("z"), .control("c")], .cancel, "No")])
        #expect(confirm.conflicts.filter { $0.mode == .confirm }.map(\.key) == [.control("z"), .control("c")])
        #expect(!Keymap(keymap.bindings + [KeyBinding(.form, [.control("t")], .submit, "Save")]).conflicts.contains { $0.mode == .form })
    }

    @Test("every mode has bindings")
    func everyModeBound() {
        for mode in KeyMode.allCases {
            #expect(!keymap.bindings(in: mode).isEmpty, "\(mode)")
        }
    }

    @Test("the conventions: hjkl and arrows, g/G, paging, panes, search, add/edit/delete, toggle, undo, help, quit")
    func conventions() {
        let list: [(Key, KeyAction)] = [
            (.character("k"), .moveUp), (.up, .moveUp), (.character("j"), .moveDown), (.down, .moveDown),
            (.character("h"), .moveLeft), (.character("l"), .moveRight), (.character("g"), .top), (.character("G"), .bottom),
            (.pageUp, .pageUp), (.pageDown, .pageDown), (.character("/"), .search), (.character("n"), .nextMatch),
            (.character("N"), .previousMatch), (.character("a"), .add), (.character("e"), .edit), (.character("d"), .delete),
            (.character(" "), .toggle), (.character("u"), .undo), (.character("?"), .help), (.escape, .cancel),
            (.character("q"), .quit), (.control("l"), .redraw), (.character(":"), .command), (.tab, .nextPane),
            (.backTab, .previousPane), (.character("1"), .showPane(1)), (.character("4"), .showPane(4)),
        ]
        for (key, action) in list {
            #expect(keymap.resolve(key, in: .list) == .action(action), "\(key.displayName)")
        }
    }

    @Test("in a form, letters are typed text, editing keys edit, and only control keys reach the global section")
    func formMode() {
        #expect(keymap.resolve(.character("q"), in: .form) == .text("q"))
        #expect(keymap.resolve(.character("?"), in: .form) == .text("?"))
        #expect(keymap.resolve(.character("山"), in: .form) == .text("山"))
        #expect(keymap.resolve(.control("w"), in: .form) == .action(.deleteWordBackward))
        #expect(keymap.resolve(.tab, in: .form) == .action(.nextField))
        #expect(keymap.resolve(.enter, in: .form) == .action(.submit))
        #expect(keymap.resolve(.control("l"), in: .form) == .action(.redraw))
        #expect(keymap.resolve(.control("c"), in: .form) == .action(.quit))
    }

    @Test("a confirm dialog keeps Tab and letters to itself; Enter chooses the highlighted button")
    func confirmMode() {
        #expect(keymap.resolve(.tab, in: .confirm) == .action(.switchButton))
        #expect(keymap.resolve(.character("q"), in: .confirm) == .unbound)
        #expect(keymap.resolve(.character("1"), in: .confirm) == .unbound)
        #expect(keymap.resolve(.enter, in: .confirm) == .action(.activate))
        #expect(keymap.resolve(.escape, in: .confirm) == .action(.cancel))
    }

    @Test("the command line takes text, and Tab completes instead of switching panes under it")
    func commandLineMode() {
        #expect(keymap.resolve(.character("w"), in: .commandLine) == .text("w"))
        #expect(keymap.resolve(.tab, in: .commandLine) == .action(.complete))
        #expect(keymap.resolve(.enter, in: .commandLine) == .action(.submit))
    }

    @Test("help lists every binding: its keys and what it does")
    @MainActor
    func helpIsComplete() {
        let help = HelpOverlay(keymap: keymap)
        for binding in keymap.bindings {
            #expect(help.lines.contains { $0.keys.string == binding.keyNames && $0.text.string == binding.help },
                    "\(binding.keyNames): \(binding.help)")
        }
        for mode in KeyMode.allCases {
            #expect(help.lines.contains { $0.isHeading && $0.text.string == mode.title })
        }
        #expect(help.lines.filter { !$0.keys.isEmpty }.count == keymap.bindings.count)
    }

    @Test("the welcome screen: c creates, d opens a demo, q quits, and the planner's keys do not reach past it")
    func firstRunMode() {
        #expect(keymap.resolve(.character("c"), in: .firstRun) == .action(.add))
        #expect(keymap.resolve(.character("d"), in: .firstRun) == .action(.openDemo))
        #expect(keymap.resolve(.character("q"), in: .firstRun) == .action(.quit))
        #expect(keymap.resolve(.character("?"), in: .firstRun) == .action(.help))
        #expect(keymap.resolve(.character("1"), in: .firstRun) == .unbound)
        #expect(keymap.resolve(.control("c"), in: .firstRun) == .action(.quit))
    }

    @Test("key names as help writes them")
    func keyNames() {
        #expect(Key.control("l").displayName == "Ctrl-L")
        #expect(Key.character(" ").displayName == "Space")
        #expect(Key.backTab.displayName == "Shift-Tab")
        #expect(KeyBinding(.list, [.character("k"), .up], .moveUp, "Move up").keyNames == "k, ↑")
    }
}
