import BlueprintTerminal

/// A key declared with what it does: the key (`KeyCommand`) and the handler its owner (the
/// planner, a pane, the documents) runs for it. An owner lists its keys once
/// (`static let keyCommands`), and a new key is one more entry there: the keymap, help, the
/// configuration's names and the viewer's refusal follow from it.
struct HandledKeyCommand<Owner: AnyObject>: Sendable {
    /// Performs the key; false when it does nothing now (no row selected, say), so that the key
    /// is passed on.
    typealias Perform = @MainActor @Sendable (Owner, any PlannerHost) -> Bool

    let command: KeyCommand
    /// Nil for a key the owner handles the way every list does (moving, adding, editing, through
    /// its `RecordListController` or table), declared here for its place in help.
    let perform: Perform?

    /// A key of `mode` whose handler is `perform`. An action without a case of its own in
    /// `KeyAction` is `.named("its-stable-name")`.
    init(_ mode: KeyMode, _ keys: [Key], _ action: KeyAction, _ help: String, changesData: Bool = false,
         perform: Perform? = nil) {
        command = KeyCommand(mode, keys, action, help, changesData: changesData)
        self.perform = perform
    }
}

extension Array {
    /// Runs the handler declared for `action` in the sections `mode` consults (and the global
    /// section); false when none is declared there, or the handler did nothing.
    @MainActor
    func perform<Owner>(_ action: KeyAction, in mode: KeyMode, on owner: Owner, host: any PlannerHost) -> Bool
    where Element == HandledKeyCommand<Owner> {
        let layers = mode.layers + [.global]
        guard let perform = first(where: { $0.command.action == action && $0.perform != nil && layers.contains($0.command.mode) })?
            .perform else { return false }
        return perform(owner, host)
    }
}
