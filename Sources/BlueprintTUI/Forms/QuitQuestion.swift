import BlueprintTerminal

extension ConfirmDialog {
    /// What Ctrl-C asks before quitting drops a form's edits, naming the key that quits anyway:
    /// "Quit and drop what you typed in the form? (Ctrl-C again quits)". Keep editing has the focus.
    static func quitDroppingEdits(keymap: Keymap) -> ConfirmDialog {
        let again = keymap.keyName(for: .quit, in: .confirm).map { " (\($0) again quits)" } ?? ""
        return ConfirmDialog(title: "Quit?", message: DisplayText("Quit and drop what you typed in the form?" + again),
                             confirmLabel: "Quit", cancelLabel: "Keep editing")
    }
}
