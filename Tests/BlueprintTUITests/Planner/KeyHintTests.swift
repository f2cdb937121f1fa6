import BlueprintConfiguration
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("Key hints name the keys in force")
@MainActor
struct KeyHintTests {
    /// A keymap read from a configuration file; the file must be accepted whole.
    private static func keymap(_ text: String) -> Keymap {
        let settings = PlannerSettings(Configuration.read(text, file: "config.toml").configuration)
        #expect(settings.problems.isEmpty, "\(settings.problems)")
        return settings.keymap
    }

    /// Every action a screen's hint names, each rebound to a key no hint names by default.
    static let rebound = keymap("""
        [keys.global]
        quit = ["Q", "ctrl-c"]
        help = "f1"
        undo = "U"
        command = ";"
        show-pane-0 = "f9"
        show-pane-1 = "f5"
        show-pane-2 = "f6"
        show-pane-3 = "f7"
        show-pane-4 = "f8"
        show-pane-5 = "f11"
        show-pane-6 = "f14"
        show-pane-7 = "f15"

        [keys.list]
        add = "+"
        clear-filters = "x"
        search = "f2"
        next-match = "]"
        previous-match = "["
        activate = "f3"
        switch-view = "V"

        [keys.vendors]
        book = "B"

        [keys.timeline]
        next-clash = "Z"

        [keys.detail]
        edit = "E"
        delete = "X"
        cancel = "f4"
        mark-paid = "P"
        record-installment = "I"
        edit-installments = "f19"
        change-installment = "f20"
        add-note = "Y"
        show-documents = "f16"
        move-down = "J"

        [keys.form]
        submit = "ctrl-s"
        cancel = "ctrl-g"
        next-field = "f10"

        [keys.command-line]
        complete = "f12"

        [keys.conflict]
        reload = "R"
        overwrite = "W"
        cancel = "C"
        move-up = "K"
        toggle = "V"
        submit = "f2"

        [keys.diagnostics]
        refresh = "R"
        cancel = "X"
        move-down = "J"

        [keys.help]
        cancel = "X"
        move-down = "J"

        [keys.first-run]
        add = "N"
        move-up = "K"
        move-down = "J"
        activate = "f3"
        help = "f1"
        quit = "Q"
        """)

    /// What each hinted screen says with the standard keys, and with `rebound`.
    static let texts: [(screen: String, standard: String, rebound: String)] = [
        ("status", "? help  q quit", "F1 help  Q quit"),
        ("header", "[1] Guests [2] Budget [3] Vendors [4] Tasks", "[F5] Guests [F6] Budget [F7] Vendors [F8] Tasks"),
        ("header", "[0] Dashboard [1] Guests", "[F9] Dashboard [F5] Guests"),
        ("header", "[4] Tasks [5] Timeline", "[F8] Tasks [F11] Timeline"),
        ("header", "[6] Gifts [7] Notes", "[F14] Gifts [F15] Notes"),
        ("timeline", "1 overdue  2 clashes  v switches", "1 overdue  2 clashes  V switches"),
        ("run-sheet", "2 clashes on the run sheet · c goes to the next", "2 clashes on the run sheet · Z goes to the next"),
        ("empty-milestones", "No milestones yet: press a to add one.", "No milestones yet: press + to add one."),
        ("empty-run-sheet", "No run-sheet items yet: press a to add one.", "No run-sheet items yet: press + to add one."),
        ("waiting-guests", "The guests still to answer · F shows everyone", "The guests still to answer · x shows everyone"),
        ("caterers", "Catering: none booked yet · b books one, F shows all", "Catering: none booked yet · B books one, x shows all"),
        ("guest-detail", "↓ more · e edits · d deletes · w writes a note · Esc closes",
         "J more · E edits · X deletes · Y writes a note · F4 closes"),
        ("expense-detail", "e edits · d deletes · p paid · i installment · w writes a note · Esc closes",
         "E edits · X deletes · P paid · I installment · Y writes a note · F4 closes"),
        ("expense-detail", "Documents (0) · D lists them", "Documents (0) · F16 lists them"),
        ("expense-detail", "none (i records one)", "none (I records one)"),
        ("help", "↓ more · Esc closes", "J more · X closes"),
        ("diagnostics", "↓ more · r refreshes · Esc closes", "J more · R refreshes · X closes"),
        ("conflict", "k field · Space yours or theirs · Enter save · m all mine · t all theirs · c back",
         "K field · V yours or theirs · F2 save · W all mine · R all theirs · C back"),
        ("conflict", "m all mine  t all theirs  c back", "W all mine  R all theirs  C back"),
        ("confirm-delete", "Their RSVP and seat go too. u undoes it.", "Their RSVP and seat go too. U undoes it."),
        ("form", "Enter saves · Esc cancels · Tab next field", "Ctrl-S saves · Ctrl-G cancels · F10 next field"),
        ("saved", "Saved Anax Alvarez · u undoes", "Saved Anax Alvarez · U undoes"),
        ("filter", "Applies as you type · Enter keeps · Esc restores", "Applies as you type · Ctrl-S keeps · Ctrl-G restores"),
        ("rsvp", "Ana Alvarez: maybe · u undoes", "Ana Alvarez: maybe · U undoes"),
        ("no-search", "No search: / starts one", "No search: F2 starts one"),
        ("search-kept", "7 matches · n next, N previous", "7 matches · ] next, [ previous"),
        ("command-usage", "Usage: wedding NAME (Tab lists the weddings)", "Usage: wedding NAME (F12 lists the weddings)"),
        ("choose-expense", "Choose an expense first: Enter opens the category's expenses",
         "Choose an expense first: F3 opens the category's expenses"),
        ("empty-guests", "No guests yet: press a to add one, or :import guests FILE.",
         "No guests yet: press + to add one, or ;import guests FILE."),
        ("empty-vendors", "No vendors yet: press a to add one, or :import vendors FILE.",
         "No vendors yet: press + to add one, or ;import vendors FILE."),
        ("empty-tasks", "No tasks yet: press a to add one.", "No tasks yet: press + to add one."),
        ("empty-categories", "No categories yet: press a to add one.", "No categories yet: press + to add one."),
        ("empty-expenses", "No expenses here: Enter, then a adds one.", "No expenses here: F3, then + adds one."),
        ("no-guest-match", "No guest matches the filter: F clears it.", "No guest matches the filter: x clears it."),
        ("no-vendor-match", "No vendor matches the filter: F clears it.", "No vendor matches the filter: x clears it."),
        ("no-task-match", "No task matches the filter: F clears it.", "No task matches the filter: x clears it."),
        ("too-small", "Enlarge the window, or press q to quit.", "Enlarge the window, or press Q to quit."),
        ("welcome", "↑↓ choose · Enter takes it", "K/J choose · F3 takes it"),
        ("welcome", "c  Create a wedding", "N  Create a wedding"),
        ("welcome", "opened with :wedding NAME.", "opened with ;wedding NAME."),
        ("welcome", "? help  q quit", "F1 help  Q quit"),
        ("new-wedding", "Enter creates · Esc goes back · Tab next field", "Ctrl-S creates · Ctrl-G goes back · F10 next field"),
        ("created", "Created Mia & Noor; a adds a guest, ? lists every key.", "Created Mia & Noor; + adds a guest, F1 lists every key."),
    ]

    /// How the standard keys are named in hints: none may show once every hinted action has another key.
    static let standardHints = [
        "? help", "q quit", "[0]", "[1]", "[2]", "[3]", "[4]", "[5]", "[6]", "[7]", "press a ", "a adds", "? lists", ":import", ":wedding", "F clears",
        "v switches", "c goes", "F shows", "b books",
        "Enter", "Esc", "Tab next", "Tab lists", "↓ more", "↑↓", "e edits", "d deletes", "w writes", "p paid", "i installment", "i records", "r Reload",
        "m all mine", "t all theirs", "c back", "Space yours", "k field", "c goes back", "r refreshes", "u undoes", "n next",
        "N previous", "/ starts", "press q", "c  Create",
    ]

    @Test("with the standard keys every hinted screen names them as it always has")
    func standardKeys() async throws {
        let screens = await HintedScreens(keymap: .standard).draw()
        for (name, standard, _) in Self.texts {
            let screen = try #require(screens[name], "\(name) was not drawn")
            #expect(screen.contains(standard), "\(name): \(standard)")
        }
    }

    @Test("with every hinted action rebound, every hint names the new key and no screen names an old one")
    func reboundKeys() async throws {
        let screens = await HintedScreens(keymap: Self.rebound).draw()
        #expect(Set(screens.keys) == Set(Self.texts.map(\.screen)))
        for (name, _, rebound) in Self.texts {
            let screen = try #require(screens[name], "\(name) was not drawn")
            #expect(screen.contains(rebound), "\(name): \(rebound)")
        }
        for (name, screen) in screens {
            for old in Self.standardHints {
                #expect(!screen.contains(old), "\(name) still names \(old)")
            }
        }
    }

    /// The standard keymap without keys for these actions of these sections.
    private static func unbinding(_ actions: [(KeyMode, KeyAction)]) -> Keymap {
        Keymap(Keymap.standard.bindings.map { binding in
            actions.contains { $0 == binding.mode && $1 == binding.action }
                ? KeyBinding(binding.mode, [], binding.action, binding.help) : binding
        })
    }

    @Test("a hint of an action without a key is left out, and the rest of the text stands")
    func unboundActions() async throws {
        let keymap = Self.unbinding([
            (.global, .undo), (.global, .command), (.global, .quit), (.global, .showPane(3)),
            (.list, .add), (.list, .clearFilters), (.list, .search),
            (.detail, .edit), (.detail, .recordInstallment), (.detail, .showDocuments), (.conflict, .reload), (.form, .submit),
            (.diagnostics, .refresh), (.firstRun, .activate),
        ])
        let screens = await HintedScreens(keymap: keymap).draw()
        let expected: [(screen: String, shows: String, leavesOut: String)] = [
            ("status", "? help ", "quit"),
            ("header", "[1] Guests [2] Budget Vendors [4] Tasks", "[3]"),
            ("guest-detail", "↓ more · d deletes · w writes a note · Esc closes", "edits"),
            ("expense-detail", "d deletes · p paid · w writes a note · Esc closes", "installment"),
            ("expense-detail", "Installments  none", "records"),
            ("expense-detail", "Documents (0)", "lists them"),
            ("diagnostics", "↓ more · Esc closes", "refreshes"),
            ("conflict", "Enter save · m all mine · c back", "all theirs"),
            ("confirm-delete", "Their RSVP and seat go too. [ Delete ]", "undoes"),
            ("rsvp", "Ana Alvarez: maybe", "undoes"),
            ("form", "Esc cancels · Tab next field", "saves"),
            ("filter", "Applies as you type · Esc restores", "keeps"),
            ("no-search", "No search ", "starts"),
            ("empty-guests", "No guests yet.", "press"),
            ("empty-tasks", "No tasks yet.", "press"),
            ("empty-categories", "No categories yet.", "press"),
            ("empty-expenses", "No expenses here.", "adds"),
            ("no-guest-match", "No guest matches the filter.", "clears"),
            ("too-small", "Enlarge the window.", "press"),
            ("welcome", "─ ↑↓ choose ─┘", "takes it"),
            ("welcome", "More weddings can be added later (blueprint wedding create NAME).", "opened with"),
            ("new-wedding", "Esc goes back · Tab next field", "creates"),
        ]
        for (name, shows, leavesOut) in expected {
            let screen = try #require(screens[name], "\(name) was not drawn")
            #expect(screen.contains(shows), "\(name): \(shows)")
            #expect(!screen.contains(leavesOut), "\(name) still hints \(leavesOut)")
        }
        #expect(screens["command-usage"] == nil && screens["saved"] == nil, "drawn without a key to reach them")
    }

    @Test("a key is named for the mode it is pressed in: the mode's sections, then what reaches it of the global one")
    func keyNames() {
        let keymap = Keymap.standard
        #expect(keymap.keyName(for: .add, in: .guests) == "a")
        #expect(keymap.keyName(for: .undo, in: .guests) == "u")
        #expect(keymap.keyName(for: .undo, in: .detail) == nil)
        #expect(keymap.keyName(for: .redraw, in: .detail) == "Ctrl-L")
        #expect(keymap.keyName(for: .moveDown, in: .detail) == "j")
        #expect(keymap.keyName(for: .moveDown, in: .detail, preferring: .down) == "↓")
        #expect(keymap.keyName(for: .moveDown, in: .detail, preferring: .up) == "j")
        #expect(keymap.hints([(.edit, "edits"), (.undo, "undoes"), (.cancel, "closes")], in: .detail) == "e edits · Esc closes")
        #expect(keymap.command("import guests FILE") == ":import guests FILE")
        #expect(Self.keymap("[keys.global]\ncommand = \"f2\"\n").command("import guests FILE") == "F2 import guests FILE")
        #expect(Self.unbinding([(.global, .command)]).command("import guests FILE") == nil)
    }
}
