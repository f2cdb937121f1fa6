import BlueprintTerminal

/// The planner's keymap: the toolkit's keymap over the planner's sections and actions.
public typealias Keymap = KeyTable<KeyMode, KeyAction>
/// One row of the planner's keymap.
public typealias KeyBinding = KeyTableRow<KeyMode, KeyAction>
/// What a key means in a section of the planner's keymap.
public typealias KeyResolution = KeyMeaning<KeyAction>

extension KeyMode: KeymapMode {}

extension KeyAction: KeymapAction {}
