import BlueprintTerminal

/// A key declared with what it does: the key (`KeyCommand`) and the handler its owner (the
/// planner, a pane, an overlay, a form, a dialog, the welcome screen) runs for it. An owner lists
/// its keys once (`static let keyCommands`), and a new key is one more entry there: the keymap,
/// help, the configuration's names and the viewer's refusal follow from it.
///
/// `Perform` is the handler's type, which the owner's way of working decides:
/// - `PlannerKeyHandler`: an owner that acts through the planner (a pane, an overlay); it says
///   whether the key did anything;
/// - a main-actor function of the owner alone, for one without the planner (help, the welcome
///   screen), returning what the key leads to (close, quit);
/// - a function changing the owner in place, for a value (a form, a dialog, a text field),
///   returning what the key leads to (submit, confirmed), on any actor.
struct HandledKeyCommand<Perform: Sendable>: Sendable {
    let command: KeyCommand
    /// Nil for a key the owner handles the way every list does (moving, adding, editing, through
    /// its `RecordListController` or table), declared here for its place in help.
    let perform: Perform?

    private init(_ command: KeyCommand, perform: Perform?) {
        self.command = command
        self.perform = perform
    }
}

/// The handler of a key of an owner that acts through the planner: false when it does nothing
/// now (no row selected, say), so that the key is passed on.
typealias PlannerKeyHandler<Owner> = @MainActor @Sendable (Owner, any PlannerHost) -> Bool

/// A key of an owner that acts through the planner (the planner, a pane, an overlay).
typealias PlannerKeyCommand<Owner> = HandledKeyCommand<PlannerKeyHandler<Owner>>

extension HandledKeyCommand {
    /// A key of `mode` whose handler, run through the planner, is `perform`. An action without a
    /// case of its own in `KeyAction` is `.named("its-stable-name")`.
    init<Owner>(_ mode: KeyMode, _ keys: [Key], _ action: KeyAction, _ help: String, changesData: Bool = false,
                perform: PlannerKeyHandler<Owner>? = nil) where Perform == PlannerKeyHandler<Owner> {
        self.init(KeyCommand(mode, keys, action, help, changesData: changesData), perform: perform)
    }

    /// A key of `mode` of a main-actor owner without the planner (help, the welcome screen):
    /// `perform` returns what the key leads to.
    init<Owner, Outcome>(_ mode: KeyMode, _ keys: [Key], _ action: KeyAction, _ help: String, changesData: Bool = false,
                         perform: @escaping @MainActor @Sendable (Owner) -> Outcome)
    where Perform == @MainActor @Sendable (Owner) -> Outcome {
        self.init(KeyCommand(mode, keys, action, help, changesData: changesData), perform: perform)
    }

    /// A key of `mode` of a value (a form, a dialog, a text field): `perform` changes it in place
    /// and returns what the key leads to.
    init<Owner, Outcome>(_ mode: KeyMode, _ keys: [Key], _ action: KeyAction, _ help: String, changesData: Bool = false,
                         perform: @escaping @Sendable (inout Owner) -> Outcome)
    where Perform == @Sendable (inout Owner) -> Outcome {
        self.init(KeyCommand(mode, keys, action, help, changesData: changesData), perform: perform)
    }
}

extension Array {
    /// The handler declared for `action` in the sections `mode` consults (and the global
    /// section); nil when none is declared there.
    func handler<Perform>(for action: KeyAction, in mode: KeyMode) -> Perform? where Element == HandledKeyCommand<Perform> {
        let layers = mode.layers + [.global]
        return first(where: { $0.command.action == action && $0.perform != nil && layers.contains($0.command.mode) })?.perform
    }

    /// Runs the handler declared for `action` in the sections `mode` consults (and the global
    /// section); false when none is declared there, or the handler did nothing.
    @MainActor
    func perform<Owner>(_ action: KeyAction, in mode: KeyMode, on owner: Owner, host: any PlannerHost) -> Bool
    where Element == PlannerKeyCommand<Owner> {
        handler(for: action, in: mode)?(owner, host) ?? false
    }
}
