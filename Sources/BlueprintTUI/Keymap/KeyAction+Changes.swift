extension KeyAction {
    /// Whether the action changes the wedding's data (adds, edits, deletes, marks, moves, undoes),
    /// in any pane: a viewer's key for it is refused at once, with the reason, before any form
    /// opens. The repositories refuse the write itself anyway (`AccessCheckedHost`), as does the
    /// database.
    var changesData: Bool {
        switch self {
        case .settings, .add, .edit, .delete, .toggle, .undo, .redo, .setRSVP, .markPaid, .recordInstallment, .editInstallments,
             .changeInstallment, .book,
             .archive, .markThanked,
             .addNote, .restore, .moveToNextTable, .moveToPreviousTable, .moveGuestHere, .moveHouseholdHere,
             .moveToTableNumber, .unseatGuest, .suggestSeating, .keepTogether, .keepApart, .makeLive:
            return true
        default:
            return false
        }
    }
}
