import BlueprintTerminal

/// What a pane's list says when it shows no row, with the keys in force that fill it or clear
/// its filter.
enum EmptyListText {
    /// "No guests yet: press a to add one, or :import guests FILE."; `importing` is what the
    /// import command takes for these records, if it takes them.
    static func noRecords(_ nouns: String, importing: String? = nil, keymap: Keymap, mode: KeyMode) -> DisplayText {
        DisplayText(KeyHints.sentence("No \(nouns) yet", [
            keymap.keyName(for: .add, in: mode).map { "press \($0) to add one" },
            importing.flatMap { keymap.command("import \($0) FILE") },
        ], separator: ", or "))
    }

    /// What a filtered list with no row says: `noRecords` while there are no records at all,
    /// else `noMatch` ("guests" and "guest" for `nouns` and `noun`).
    static func forFilteredList(_ nouns: String, _ noun: String, hasRecords: Bool, importing: String? = nil, keymap: Keymap,
                                mode: KeyMode) -> DisplayText {
        hasRecords ? noMatch(noun, keymap: keymap, mode: mode) : noRecords(nouns, importing: importing, keymap: keymap, mode: mode)
    }

    /// "No guest matches the filter: F clears it."
    static func noMatch(_ noun: String, keymap: Keymap, mode: KeyMode) -> DisplayText {
        DisplayText(KeyHints.sentence("No \(noun) matches the filter", [keymap.hint(.clearFilters, in: mode, "clears it")]))
    }
}
