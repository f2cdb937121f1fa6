import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// A form for adding or editing a record. Enter builds the record and checks it with the
/// domain's validation (problems appear beside their fields), then saves it through the store;
/// the form stays open until the save lands, so a refusal or a conflict never loses what was
/// typed. Esc asks before dropping edits.
///
/// A form on a record follows it: when another session changes the record while the form is
/// open, each field it changed takes their value if it was not edited here, and keeps what was
/// typed if it was, and says so beside the field; once the record is deleted, the form says that.
@MainActor
final class FormOverlay: RecordOverlay {
    /// What submitting the form leads to.
    enum Submission {
        /// The form's values are not a valid record; nothing is saved.
        case invalid([ValidationIssue])
        /// Save with `write`, then report `success` and the key that undoes the save.
        case save(success: String, write: @MainActor () async -> EditOutcome)
    }

    private(set) var form: Form
    private let store: DomainStore
    private let submit: @MainActor (Form) -> Submission
    private let following: FormFollowing?
    private(set) var isSaving = false
    let subject: PresenceSubject?
    var notice: DisplayText = .empty

    /// A form on `subject`'s record when it edits one (nil when it adds one), which takes in the
    /// record's changes through `following`, if given.
    init(_ form: Form, store: DomainStore, subject: PresenceSubject? = nil, following: FormFollowing? = nil,
         submit: @escaping @MainActor (Form) -> Submission) {
        self.form = form
        self.following = following
        self.subject = subject
        self.store = store
        self.submit = submit
    }

    var keyMode: KeyMode { form.keyMode }
    var modeName: String { "FORM" }
    var hasUnsavedEdits: Bool { form.isDirty }

    func render(into canvas: any Canvas, keymap: Keymap) {
        var shownNotice = notice
        // While saving, the store shows this form's own write: nothing to follow.
        if let following, !isSaving {
            if let latest = following.latest() {
                form.follow(latest)
            } else {
                shownNotice = DisplayText(following.deletion())
            }
        }
        let changedBy = form.changedElsewhere.isEmpty ? "someone" : following?.author() ?? "someone"
        FormView.render(form, into: canvas, footer: isSaving ? "Saving…" : FormView.keyHints(keymap), notice: shownNotice,
                        changedBy: changedBy)
    }

    func handle(_ key: Key, host: any PlannerHost) {
        guard !isSaving, let event = form.handle(key, keymap: host.keymap) else { return }
        switch event {
        case .submit: save(host: host)
        case .cancel: cancel(host: host)
        }
    }

    private func save(host: any PlannerHost) {
        switch submit(form) {
        case .invalid(let issues):
            form.show(issues)
            host.report("Not saved: " + FormView.problemsNote, severity: .warning)
        case .save(let success, let write):
            isSaving = true
            host.perform { [weak self, weak host] in
                let outcome = await write()
                return { [weak self, weak host] in
                    guard let self, let host else { return }
                    finishSaving(with: outcome, success: success, host: host)
                }
            }
        }
    }

    /// Shows what became of saving: closes the form and reports once saved; marks the fields
    /// the store refused; says why it failed; or asks which side to keep of a conflict.
    private func finishSaving(with outcome: EditOutcome, success: String, host: any PlannerHost) {
        isSaving = false
        switch outcome {
        case .saved, .merged:
            host.dismiss(self)
            host.report(outcome, success: success, keyHint: host.undoHint, store: store)
        case .failed(.repository(.invalid(_, let issues))):
            form.show(issues)
            host.report("Not saved: " + FormView.problemsNote, severity: .warning)
        case .failed(let error):
            host.report("Not saved: \(error)", severity: .error)
        case .conflict:
            host.presentConflict(of: store) { [weak self, weak host] resolution in
                guard let self, let host, resolution != .cancelled else { return }
                host.dismiss(self)
            }
        }
    }

    private func cancel(host: any PlannerHost) {
        let store = self.store
        let close: @MainActor () -> Void = { [weak self, weak host] in
            guard let self, let host else { return }
            host.dismiss(self)
            guard store.hasConflict else { return }
            host.perform {
                await store.resolveConflictByReloading()
                return {}
            }
        }
        guard form.isDirty else { return close() }
        host.present(ConfirmOverlay(
            dialog: ConfirmDialog(title: "Discard changes?", message: "Close the form and drop what you typed?",
                                  confirmLabel: "Discard", cancelLabel: "Keep editing"),
            onConfirm: close))
    }
}
