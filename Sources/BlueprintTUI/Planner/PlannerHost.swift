import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// What background work does to the screen once it is done: reports to the status line,
/// overlays shown or closed, a form's state. Work handed to `PlannerHost.perform` (or run by
/// the first-run screen) returns one, as bubbletea's commands return messages, and changes
/// nothing on screen itself; the landing runs in the app's inbox, in order with the keys, and a
/// frame is drawn after it.
typealias ScreenLanding = @MainActor () -> Void

/// What panes and overlays ask of the planner screen: show and close overlays, report to the
/// status line, and run store intents (which are asynchronous) in the background.
@MainActor
protocol PlannerHost: AnyObject {
    var keymap: Keymap { get }
    /// Today, as the stores see it.
    var today: CalendarDate { get }
    /// Now, by the stores' clock (how long ago a note was written).
    var now: Timestamp { get }
    /// The time zone the wedding's days are taken in.
    var timeZone: TimeZone { get }
    /// The open wedding's stores, if one is open.
    var session: WeddingSession? { get }
    /// Puts `overlay` on top; it gets the keys until dismissed.
    func present(_ overlay: any Overlay)
    /// Takes `overlay` (and anything above it) off the screen.
    func dismiss(_ overlay: any Overlay)
    /// Shows `message` in the status line.
    func report(_ message: String, severity: StatusLine.Severity)
    /// Runs `work` (a store intent, a read) in the background; what it returns, what the screen
    /// shows of it, lands in the app's inbox in order with the keys, and a frame is drawn after it.
    func perform(_ work: @escaping @MainActor () async -> ScreenLanding)
    /// Runs a command from the `:` line.
    func run(_ command: PlannerCommand)
    /// Switches to the pane that shows `destination`, showing it there.
    func reveal(_ destination: Destination)
    /// Opens the `:` line (over whatever is open: `:attach` in a vendor's details attaches to it).
    func openCommandLine()
    /// Lists the documents of `subject` (a vendor or an expense), or every document for `nil`.
    func showDocuments(of subject: RecordSubject?)
    /// Opens `document` with the pager or the system's opener; over ssh, says where its file is.
    func open(_ document: Document)
}

extension PlannerHost {
    func report(_ message: String) { report(message, severity: .info) }

    /// Reports what became of an intent: `success` once saved (with what a merge kept, then
    /// `keyHint`, a key that follows on: "u undoes"), the reason if it failed (a refusal also
    /// reads your access to the wedding again), and the reload/overwrite/cancel choice if it lost
    /// to another session's edit of `store`.
    func report(_ outcome: EditOutcome, success: String, keyHint: String? = nil, store: DomainStore) {
        switch outcome {
        case .saved: report(KeyHints.sentence(success, [keyHint], lead: " · ", end: ""))
        case .merged(let note): report(KeyHints.sentence("\(success) (\(note))", [keyHint], lead: " · ", end: ""))
        case .failed(let error):
            report("Not saved: \(error)", severity: .error)
            // Refused although the session thought you may change it: your role changed meanwhile.
            if case .repository(.notPermitted) = error, let session {
                perform {
                    await session.readAccess()
                    return {}
                }
            }
        case .conflict: presentConflict(of: store) { _ in }
        }
    }

    /// Shows the open conflict of `store` to choose from; `onResolved` hears what was chosen.
    func presentConflict(of store: DomainStore, onResolved: @escaping @MainActor (MergeConflictOverlay.Resolution) -> Void) {
        guard let conflict = store.openConflict else { return onResolved(.cancelled) }
        let currency = session?.wedding.wedding?.currency ?? .usd
        present(MergeConflictOverlay(store: store, conflict: conflict, currency: currency, now: now, timeZone: timeZone,
                                     onResolved: onResolved))
    }

    /// Runs `intent` in the background and reports its outcome (see `report(_:success:keyHint:store:)`).
    func run(_ intent: @escaping @MainActor () async -> EditOutcome, success: String, keyHint: String? = nil,
             store: DomainStore) {
        perform { [weak self] in
            let outcome = await intent()
            return { [weak self] in self?.report(outcome, success: success, keyHint: keyHint, store: store) }
        }
    }

    /// Runs `intent`, a change the undo key takes back, in the background and reports its
    /// outcome: `success` with that key once saved.
    func run(_ intent: @escaping @MainActor () async -> EditOutcome, undoable success: String, store: DomainStore) {
        run(intent, success: success, keyHint: undoHint, store: store)
    }

    /// The key that takes back the last change: "u undoes" (`nil` when none is bound).
    var undoHint: String? { keymap.hint(.undo, in: .global, "undoes") }

    /// `message` and the key that takes the change back: "Deleted Ana · u undoes"; the message
    /// alone when no key undoes.
    func undoable(_ message: String) -> String {
        KeyHints.sentence(message, [undoHint], lead: " · ", end: "")
    }

    /// Asks before deleting (cancel has the focus, so Enter pressed by habit deletes nothing);
    /// once confirmed, runs `delete` on `store` and reports "Deleted NAME", undoable.
    func confirmDelete(_ noun: String, named name: String, consequence: String = "", store: DomainStore,
                       delete: @escaping @MainActor () async -> EditOutcome) {
        let message = "Delete the \(noun) \(name)?" + (consequence.isEmpty ? "" : " " + consequence)
            + (keymap.hint(.undo, in: .global, "undoes it.").map { " " + $0 } ?? "")
        present(ConfirmOverlay(dialog: ConfirmDialog(title: DisplayText("Delete \(noun)"), message: DisplayText(message),
                                                     confirmLabel: "Delete"),
                               onConfirm: { [weak self] in self?.run(delete, undoable: "Deleted \(name)", store: store) }))
    }
}
