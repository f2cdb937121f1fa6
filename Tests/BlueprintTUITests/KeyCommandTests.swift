import BlueprintConfiguration
import BlueprintDomain
@testable import BlueprintTUI
import BlueprintTerminal
import Testing

/// Keys are declared once, by their owner with their handler (`HandledKeyCommand`): the keymap,
/// help, `blueprint keys`, the configuration's names, dispatch and the viewer's refusal follow.
@Suite("Key declarations")
@MainActor
struct KeyCommandTests {
    /// Every action's name in the configuration file when the names were fixed: a name is never
    /// changed, so a configuration file written then still means the same.
    private static let namesInUse = [
        "quit", "help", "redraw", "suspend", "next-pane", "previous-pane", "command", "undo", "redo", "diagnostics",
        "show-message", "settings", "open-demo", "show-pane-0", "show-pane-1", "show-pane-2", "show-pane-3", "show-pane-4",
        "show-pane-5", "show-pane-6", "show-pane-7", "show-pane-8", "move-up", "move-down", "move-left", "move-right",
        "page-up", "page-down", "top", "bottom", "search", "next-match", "previous-match", "add", "edit", "delete", "toggle",
        "activate", "cancel", "cycle-sort", "reverse-sort", "filter", "clear-filters", "switch-view", "rsvp-invited",
        "rsvp-pending", "rsvp-attending", "rsvp-maybe", "rsvp-declined", "mark-paid", "record-installment",
        "edit-installments", "change-installment", "book", "archive", "show-archived", "expand", "expand-all",
        "category-details", "next-clash", "mark-thanked", "add-note", "show-documents", "open-document", "show-trash",
        "restore", "move-to-next-table", "move-to-previous-table", "move-guest-here", "move-household-here",
        "move-to-table-number", "unseat-guest", "suggest-seating", "keep-together", "keep-apart", "rule-problems",
        "compare-scenario", "make-live", "next-field", "previous-field", "submit", "previous-option", "next-option",
        "open-list", "complete", "cursor-left", "cursor-right", "line-start", "line-end", "delete-backward",
        "delete-forward", "delete-to-start", "delete-to-end", "delete-word-backward", "confirm", "switch-button", "reload",
        "overwrite", "refresh",
    ]

    /// The actions a viewer is refused when the change check was a hand-kept list.
    private static let changingActions = Set<KeyAction>([
        .settings, .add, .edit, .delete, .toggle, .undo, .redo, .markPaid, .recordInstallment, .editInstallments,
        .changeInstallment, .book, .archive, .markThanked, .addNote, .restore, .moveToNextTable, .moveToPreviousTable,
        .moveGuestHere, .moveHouseholdHere, .moveToTableNumber, .unseatGuest, .suggestSeating, .keepTogether, .keepApart,
        .makeLive,
    ] + RSVPStatus.allCases.map { .setRSVP($0) })

    /// Every owner's declarations, by owner.
    nonisolated private static let owners: [(owner: String, commands: [KeyCommand])] = [
        ("planner", PlannerScreen.keyCommands.map(\.command)), ("guests", GuestsPane.keyCommands.map(\.command)),
        ("budget", BudgetPane.keyCommands.map(\.command)), ("vendors", VendorsPane.keyCommands.map(\.command)),
        ("tasks", TasksPane.keyCommands.map(\.command)), ("timeline", TimelinePane.keyCommands.map(\.command)),
        ("gifts", GiftsPane.keyCommands.map(\.command)), ("documents", DocumentsOverlay.keyCommands.map(\.command)),
        ("preview", SeatingPreviewOverlay.keyCommands.map(\.command)), ("detail", DetailOverlay.keyCommands.map(\.command)),
        ("form", Form.keyCommands.map(\.command)), ("text field", TextField.keyCommands.map(\.command)),
        ("search line", SearchLine.keyCommands.map(\.command)), ("command line", CommandLineOverlay.keyCommands.map(\.command)),
        ("confirm dialog", ConfirmDialog.keyCommands.map(\.command)),
        ("conflict dialogs", MergeConflictOverlay.keyCommands.map(\.command)), ("help", HelpOverlay.keyCommands.map(\.command)),
        ("diagnostics", DiagnosticsOverlay.keyCommands.map(\.command)), ("welcome", FirstRunScreen.keyCommands.map(\.command)),
    ]

    @Test("every name in use still names its action, in the same order, and no declared name repeats one")
    func namesUnchanged() {
        let names = KeyAction.all.map(\.name)
        #expect(Array(names.prefix(Self.namesInUse.count)) == Self.namesInUse)
        #expect(Set(names).count == names.count, "\(names)")
        for name in Self.namesInUse {
            #expect(KeyAction(name: name)?.name == name, "\(name)")
        }
    }

    @Test("an action declared by name alone is named by it, in the configuration file and help alike")
    func namedAction() {
        #expect(KeyAction.named("show-seat-card").name == "show-seat-card")
        #expect(KeyAction.named("show-seat-card") != KeyAction.named("show-seat-cards"))
    }

    @Test("the actions a viewer is refused are those declared as changing data, as before")
    func changesDataFromDeclarations() {
        #expect(Set(KeyAction.all.filter(\.changesData)) == Self.changingActions)
        for command in KeyCommand.standard {
            #expect(command.action.changesData == command.changesData,
                    "\(command.action.name) in [keys.\(command.mode.name)]: every declaration of an action says whether it changes data")
        }
    }

    @Test("each section's keys are declared by one owner, and each declaration is in the standard keymap in its order")
    func oneOwnerPerSection() {
        var ownerOfSection: [KeyMode: String] = [:]
        for (owner, commands) in Self.owners {
            for mode in Set(commands.map(\.mode)) {
                #expect(ownerOfSection.updateValue(owner, forKey: mode) == nil, "[keys.\(mode.name)] is declared by two owners")
            }
            for mode in Set(commands.map(\.mode)) {
                #expect(Keymap.standard.bindings(in: mode) == commands.filter { $0.mode == mode }.map(\.binding), "\(mode.name)")
            }
        }
        #expect(Set(ownerOfSection.keys) == Set(Keymap.standard.sections.map(\.mode)))
        #expect(KeyCommand.standard.count == Self.owners.map(\.commands.count).reduce(0, +))
    }

    @Test("a declared key reaches help, `blueprint keys`, the configuration's names, dispatch and the viewer's refusal",
          arguments: KeyCommandTests.owners.flatMap(\.commands))
    func declarationReachesEverything(command: KeyCommand) throws {
        let markdown = KeyReference.markdown(.standard), plain = KeyReference.plain(.standard)
        let section = try #require(markdown.components(separatedBy: "### \(command.mode.title)\n").last)
        let keys = command.binding.keys.map { "`\($0.displayName)`" }.joined(separator: " ")
        #expect(section.contains("| \(keys) | \(command.binding.help) |"))
        #expect(plain.contains(command.binding.keyNames) && plain.contains(command.binding.help))
        #expect(HelpOverlay(keymap: .standard).lines.contains {
            $0.keys == DisplayText(command.binding.keyNames) && $0.text == DisplayText(command.binding.help)
        })
        #expect(KeyAction(name: command.action.name) == command.action)
        #expect(command.action.changesData == command.changesData)
        for key in command.binding.keys {
            #expect(Keymap.standard.resolve(key, in: command.mode) == .action(command.action), "\(key.name)")
        }
    }

    @Test("an overlay's declared key reaches help, and its declaration alone does what the key does on screen")
    func overlayDeclarationDispatches() throws {
        let bottom = try #require(HelpOverlay.keyCommands.first { $0.command.action == .bottom })
        #expect(KeyCommand.standard.contains(bottom.command))
        #expect(HelpOverlay(keymap: .standard).lines.contains { $0.text == DisplayText(bottom.command.binding.help) })
        let key = try #require(bottom.command.binding.keys.first)
        let goToBottom = try #require(bottom.perform)
        let pressed = HelpOverlay(keymap: .standard), performed = HelpOverlay(keymap: .standard)
        pressed.render(into: MemoryCanvas(rows: 20, columns: 80))
        performed.render(into: MemoryCanvas(rows: 20, columns: 80))
        #expect(pressed.handle(key) == .stayOpen)
        #expect(goToBottom(performed) == .stayOpen)
        #expect(performed.scrollOffset > 0 && performed.scrollOffset == pressed.scrollOffset)

        let close = try #require(HelpOverlay.keyCommands.handler(for: .cancel, in: .help))
        #expect(close(performed) == .close)
    }

    @Test("a dialog's declared keys, performed through their declarations, answer as the keys do")
    func dialogDeclarationDispatches() throws {
        let switching = try #require(ConfirmDialog.keyCommands.handler(for: .switchButton, in: .confirm))
        let choosing = try #require(ConfirmDialog.keyCommands.handler(for: .activate, in: .confirm))
        var dialog = ConfirmDialog(title: "Delete", message: "Delete Ana?", confirmLabel: "Delete")
        #expect(switching(&dialog) == nil)
        #expect(dialog.focus == .confirm)
        #expect(choosing(&dialog) == .confirmed)
        var pressed = ConfirmDialog(title: "Delete", message: "Delete Ana?", confirmLabel: "Delete")
        #expect(pressed.handle(.tab) == nil && pressed.handle(.enter) == .confirmed)
    }

    @Test("a pane's declared key, rebound in the configuration file, runs its handler; a viewer's press of it is refused")
    func reboundDeclaredKey() async throws {
        let settings = PlannerSettings(Configuration.read("[keys.guests]\nrsvp-maybe = \"y\"\n", file: "config.toml").configuration)
        #expect(settings.problems.isEmpty, "\(settings.problems)")
        let planner = await PlannerHarness(keymap: settings.keymap)
        await planner.press(.character("j"), .character("j"), .character("y"))
        #expect(try await planner.storedGuests().first { $0.id == Wedding1.cleo }?.rsvp == .maybe)
        let viewer = await PlannerHarness(access: WeddingAccess(role: .viewer, owner: "mei"), keymap: settings.keymap)
        await viewer.press(.character("j"), .character("j"), .character("y"))
        #expect(viewer.statusRow.contains("as a viewer"), "\(viewer.statusRow)")
        #expect(await viewer.host.writesReceived == 0)
    }
}
