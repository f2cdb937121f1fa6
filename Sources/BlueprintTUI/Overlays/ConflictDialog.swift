/// A dialog over an edit that met another session's: `MergeConflictOverlay` (an edit made in
/// this session) and `OfflineConflictOverlay` (one made offline, refused once the database
/// answered). Both answer the conflict keys, declared once here; a dialog without fields to
/// choose between does nothing for the keys that choose.
@MainActor
protocol ConflictDialog: Overlay {
    /// Highlights the field `offset` away; false when there are no fields to choose between.
    func moveField(by offset: Int) -> Bool
    /// Keeps the other side in the highlighted field; false when there is none.
    func toggleSide() -> Bool
    /// Saves with the side chosen in each field; false when there is nothing to choose.
    func saveChosenSides(host: any PlannerHost) -> Bool
    /// Keeps yours over theirs in each field they both changed (a record deleted meanwhile is
    /// restored with your edits).
    func keepYours(host: any PlannerHost)
    /// Takes theirs in each field they both changed (a record deleted meanwhile: your edits are
    /// dropped).
    func takeTheirs(host: any PlannerHost)
    /// Closes the dialog without settling the conflict: back to the edit, or later.
    func leave(host: any PlannerHost)
}

extension ConflictDialog {
    func moveField(by offset: Int) -> Bool { false }
    func toggleSide() -> Bool { false }
    func saveChosenSides(host: any PlannerHost) -> Bool { false }

    /// The conflict keys, of both dialogs.
    nonisolated static var keyCommands: [PlannerKeyCommand<any ConflictDialog>] { conflictKeyCommands }
}

private let conflictKeyCommands: [PlannerKeyCommand<any ConflictDialog>] = [
    HandledKeyCommand(.conflict, [.character("k"), .up], .moveUp, "Previous field both of you changed") { dialog, _ in
        dialog.moveField(by: -1)
    },
    HandledKeyCommand(.conflict, [.character("j"), .down], .moveDown, "Next field both of you changed") { dialog, _ in
        dialog.moveField(by: 1)
    },
    HandledKeyCommand(.conflict, [.character(" "), .left, .right], .toggle, "Keep yours or theirs in this field", changesData: true) {
        dialog, _ in
        dialog.toggleSide()
    },
    HandledKeyCommand(.conflict, [.enter], .submit, "Save: the side chosen in each field, everything else merged") { dialog, host in
        dialog.saveChosenSides(host: host)
    },
    HandledKeyCommand(.conflict, [.character("m"), .character("o")], .overwrite,
                      "All mine: your value in each field (deleted meanwhile: restore it with your edits)") { dialog, host in
        dialog.keepYours(host: host)
        return true
    },
    HandledKeyCommand(.conflict, [.character("t"), .character("r")], .reload,
                      "All theirs: their value in each field, your other changes kept (deleted: drop your edits)") { dialog, host in
        dialog.takeTheirs(host: host)
        return true
    },
    HandledKeyCommand(.conflict, [.character("c"), .escape], .cancel, "Cancel: back to your edit") { dialog, host in
        dialog.leave(host: host)
        return true
    },
]
