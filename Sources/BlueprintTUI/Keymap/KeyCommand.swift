import BlueprintTerminal

/// One key of the planner, declared once: the section it is bound in, its default keys, its
/// action (whose name the configuration file uses), what help says it does, and whether it
/// changes the wedding's data. The standard keymap, the `?` help, `blueprint keys`, the names the
/// configuration file accepts and the viewer's refusal (`KeyAction.changesData`) all come from
/// these declarations, each made by the key's owner with its handler (`HandledKeyCommand`): the
/// planner, each pane, and each overlay, form, dialog and widget, and the welcome screen.
public struct KeyCommand: Hashable, Sendable {
    /// The section, keys, action and help text, as the keymap holds them.
    public let binding: KeyBinding
    /// Whether the action changes the wedding's data: a viewer's key for it is refused at once,
    /// with the reason, before any form opens. Every declaration of one action says the same.
    public let changesData: Bool

    public init(_ mode: KeyMode, _ keys: [Key], _ action: KeyAction, _ help: String, changesData: Bool = false) {
        binding = KeyBinding(mode, keys, action, help)
        self.changesData = changesData
    }

    public var action: KeyAction { binding.action }
    public var mode: KeyMode { binding.mode }
}

extension KeyCommand {
    /// Every key of the planner, section by section in `KeyMode` order (each section's keys in
    /// the order their owner declares them): the planner's global and list keys, each pane's own
    /// section, the overlays', forms', dialogs' and text fields', and the welcome screen's.
    public static let standard: [KeyCommand] = {
        let owners: [[KeyCommand]] = [
            PlannerScreen.keyCommands.map(\.command),
            GuestsPane.keyCommands.map(\.command),
            BudgetPane.keyCommands.map(\.command),
            VendorsPane.keyCommands.map(\.command),
            TasksPane.keyCommands.map(\.command),
            TimelinePane.keyCommands.map(\.command),
            GiftsPane.keyCommands.map(\.command),
            SeatingPreviewOverlay.keyCommands.map(\.command),
            DetailOverlay.keyCommands.map(\.command),
            Form.keyCommands.map(\.command),
            TextField.keyCommands.map(\.command),
            SearchLine.keyCommands.map(\.command),
            CommandLineOverlay.keyCommands.map(\.command),
            ConfirmDialog.keyCommands.map(\.command),
            MergeConflictOverlay.keyCommands.map(\.command),
            HelpOverlay.keyCommands.map(\.command),
            DiagnosticsOverlay.keyCommands.map(\.command),
            DocumentsOverlay.keyCommands.map(\.command),
            FirstRunScreen.keyCommands.map(\.command),
        ]
        let declared = owners.flatMap { $0 }
        let order = Dictionary(uniqueKeysWithValues: KeyMode.allCases.enumerated().map { ($1, $0) })
        return declared.enumerated().sorted { first, second in
            (order[first.element.mode]!, first.offset) < (order[second.element.mode]!, second.offset)
        }.map(\.element)
    }()

    /// The actions that change the wedding's data, from the declarations.
    static let actionsChangingData = Set(standard.filter(\.changesData).map(\.action))
}

extension KeyAction {
    /// Whether the action changes the wedding's data (adds, edits, deletes, marks, moves, undoes),
    /// in any pane, as its declaration (`KeyCommand`) says: a viewer's key for it is refused at
    /// once, with the reason, before any form opens. The repositories refuse the write itself
    /// anyway (`AccessCheckedHost`), as does the database.
    var changesData: Bool { KeyCommand.actionsChangingData.contains(self) }
}
