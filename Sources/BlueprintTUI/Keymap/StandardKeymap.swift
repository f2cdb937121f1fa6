import BlueprintTerminal

extension Keymap {
    /// The planner's keys, from their declarations (`KeyCommand.standard`), so help stays complete.
    public static let standard = Keymap(KeyCommand.standard.map(\.binding))
}
