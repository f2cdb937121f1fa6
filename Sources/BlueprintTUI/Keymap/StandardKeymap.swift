import BlueprintTerminal

extension Keymap {
    /// The planner's keys, from their declarations (`KeyCommand.standard`), so help stays complete.
    public static let standard = Keymap(KeyCommand.standard.map(\.binding))
}

extension KeyCommand {
    /// The keys of the sections neither the planner nor a pane declares: overlays, forms, fields,
    /// dialogs and the welcome screen, which handle their keys themselves.
    static let overlays: [KeyCommand] = [
        KeyCommand(.preview, [.enter], .submit, "Accept: make these changes (one undo step)"),
        KeyCommand(.preview, [.escape, .character("q")], .cancel, "Drop the preview"),
        KeyCommand(.preview, [.character("k"), .up], .moveUp, "Scroll up"),
        KeyCommand(.preview, [.character("j"), .down], .moveDown, "Scroll down"),

        KeyCommand(.detail, [.escape, .enter, .character("q")], .cancel, "Close"),
        KeyCommand(.detail, [.character("e")], .edit, "Edit", changesData: true),
        KeyCommand(.detail, [.character("d")], .delete, "Delete (asks first)", changesData: true),
        KeyCommand(.detail, [.character("p")], .markPaid, "Mark the expense paid", changesData: true),
        KeyCommand(.detail, [.character("i")], .recordInstallment, "Record an installment of the expense", changesData: true),
        KeyCommand(.detail, [.character("I")], .editInstallments, "Edit the expense's installments", changesData: true),
        KeyCommand(.detail, [.character("P")], .changeInstallment, "Mark one installment paid or not paid, or delete it (asks which)", changesData: true),
        KeyCommand(.detail, [.character("w")], .addNote, "Write a note on the record", changesData: true),
        KeyCommand(.detail, [.character("D")], .showDocuments, "List the vendor's or expense's documents"),
        KeyCommand(.detail, [.character(":")], .command, "Type a command (:attach FILE attaches to the vendor or expense)"),
        KeyCommand(.detail, [.character("k"), .up], .moveUp, "Scroll up"),
        KeyCommand(.detail, [.character("j"), .down], .moveDown, "Scroll down"),

        KeyCommand(.form, [.tab, .down], .nextField, "Next field"),
        KeyCommand(.form, [.backTab, .up], .previousField, "Previous field"),
        KeyCommand(.form, [.enter], .submit, "Save"),
        KeyCommand(.form, [.escape], .cancel, "Cancel (asks before dropping edits)"),

        KeyCommand(.choiceField, [.left], .previousOption, "Previous choice"),
        KeyCommand(.choiceField, [.right], .nextOption, "Next choice"),
        KeyCommand(.choiceField, [.character(" ")], .openList, "Open the pick-list (a letter jumps to a choice)"),

        KeyCommand(.pickList, [.character("k"), .up], .moveUp, "Previous choice"),
        KeyCommand(.pickList, [.character("j"), .down], .moveDown, "Next choice"),
        KeyCommand(.pickList, [.enter, .character(" ")], .activate, "Choose (a letter jumps to a choice)"),
        KeyCommand(.pickList, [.escape], .cancel, "Close the list"),

        KeyCommand(.textEditing, [.left], .cursorLeft, "Cursor left"),
        KeyCommand(.textEditing, [.right], .cursorRight, "Cursor right"),
        KeyCommand(.textEditing, [.control("a"), .home], .lineStart, "Start of the text"),
        KeyCommand(.textEditing, [.control("e"), .end], .lineEnd, "End of the text"),
        KeyCommand(.textEditing, [.backspace], .deleteBackward, "Delete the character before the cursor"),
        KeyCommand(.textEditing, [.delete, .control("d")], .deleteForward, "Delete the character under the cursor"),
        KeyCommand(.textEditing, [.control("w")], .deleteWordBackward, "Delete the word before the cursor"),
        KeyCommand(.textEditing, [.control("u")], .deleteToStart, "Delete to the start"),
        KeyCommand(.textEditing, [.control("k")], .deleteToEnd, "Delete to the end"),

        KeyCommand(.search, [.enter], .submit, "Keep the search, to step through its matches"),
        KeyCommand(.search, [.escape], .cancel, "Drop the search"),

        KeyCommand(.commandLine, [.enter], .submit, "Run the command"),
        KeyCommand(.commandLine, [.tab], .complete, "Complete the word"),
        KeyCommand(.commandLine, [.escape], .cancel, "Close the command line"),

        KeyCommand(.confirm, [.character("y")], .confirm, "Yes, do it"),
        KeyCommand(.confirm, [.character("n"), .escape], .cancel, "No, cancel"),
        KeyCommand(.confirm, [.tab, .backTab, .left, .right], .switchButton, "Switch button"),
        KeyCommand(.confirm, [.enter], .activate, "Choose the highlighted button (Cancel at first)"),

        KeyCommand(.conflict, [.character("k"), .up], .moveUp, "Previous field both of you changed"),
        KeyCommand(.conflict, [.character("j"), .down], .moveDown, "Next field both of you changed"),
        KeyCommand(.conflict, [.character(" "), .left, .right], .toggle, "Keep yours or theirs in this field", changesData: true),
        KeyCommand(.conflict, [.enter], .submit, "Save: the side chosen in each field, everything else merged"),
        KeyCommand(.conflict, [.character("m"), .character("o")], .overwrite,
                   "All mine: your value in each field (deleted meanwhile: restore it with your edits)"),
        KeyCommand(.conflict, [.character("t"), .character("r")], .reload,
                   "All theirs: their value in each field, your other changes kept (deleted: drop your edits)"),
        KeyCommand(.conflict, [.character("c"), .escape], .cancel, "Cancel: back to your edit"),

        KeyCommand(.help, [.escape, .character("?"), .character("q"), .function(1)], .cancel, "Close help"),
        KeyCommand(.help, [.character("k"), .up], .moveUp, "Scroll up"),
        KeyCommand(.help, [.character("j"), .down], .moveDown, "Scroll down"),
        KeyCommand(.help, [.pageUp], .pageUp, "Page up"),
        KeyCommand(.help, [.pageDown, .character(" ")], .pageDown, "Page down"),
        KeyCommand(.help, [.character("g"), .home], .top, "Top"),
        KeyCommand(.help, [.character("G"), .end], .bottom, "Bottom"),

        KeyCommand(.diagnostics, [.escape, .character("!"), .character("q")], .cancel, "Close diagnostics"),
        KeyCommand(.diagnostics, [.character("r")], .refresh, "Take the figures again"),
        KeyCommand(.diagnostics, [.character("k"), .up], .moveUp, "Scroll up"),
        KeyCommand(.diagnostics, [.character("j"), .down], .moveDown, "Scroll down"),

        KeyCommand(.firstRun, [.character("c")], .add, "Create a wedding", changesData: true),
        KeyCommand(.firstRun, [.character("d")], .openDemo, "Open a demo wedding to try things out"),
        KeyCommand(.firstRun, [.character("k"), .up], .moveUp, "Previous choice"),
        KeyCommand(.firstRun, [.character("j"), .down], .moveDown, "Next choice"),
        KeyCommand(.firstRun, [.enter], .activate, "Take the highlighted choice"),
        KeyCommand(.firstRun, [.character("?")], .help, "Show this help"),
        KeyCommand(.firstRun, [.character("q")], .quit, "Quit without creating anything"),
    ]
}
