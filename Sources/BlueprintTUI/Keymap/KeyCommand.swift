import BlueprintTerminal

/// One key of the planner, declared once: the section it is bound in, its default keys, its
/// action (whose name the configuration file uses), what help says it does, and whether it
/// changes the wedding's data. The standard keymap, the `?` help, `blueprint keys`, the names the
/// configuration file accepts and the viewer's refusal (`KeyAction.changesData`) all come from
/// these declarations: the planner's, each pane's and the documents' (`HandledKeyCommand`, with
/// the handler) and those of other overlays, forms and dialogs (`KeyCommand.overlays`).
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
    /// section, the documents', then the other overlays'.
    public static let standard: [KeyCommand] = {
        let declared = PlannerScreen.keyCommands.map(\.command)
            + GuestsPane.keyCommands.map(\.command)
            + BudgetPane.keyCommands.map(\.command)
            + VendorsPane.keyCommands.map(\.command)
            + TasksPane.keyCommands.map(\.command)
            + TimelinePane.keyCommands.map(\.command)
            + GiftsPane.keyCommands.map(\.command)
            + DocumentsOverlay.keyCommands.map(\.command)
            + overlays
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
