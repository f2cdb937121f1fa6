import BlueprintDomain
import BlueprintTerminal

/// A form of filters that applies as you type or choose: the list under it narrows at once.
/// A value that is not a valid filter (a table that is not a number) is shown beside its field
/// and not applied until it is fixed. Enter keeps the filters, once every value is valid; Esc
/// puts back the ones from before.
@MainActor
final class FilterOverlay: Overlay {
    private var form: Form
    /// Applies the form's filters, or returns the problems with its values and applies nothing.
    private let apply: @MainActor (Form) -> [ValidationIssue]
    private let restore: @MainActor () -> Void

    /// A form whose every value is a valid filter: `apply` sets them.
    init(_ form: Form, apply: @escaping @MainActor (Form) -> Void, restore: @escaping @MainActor () -> Void) {
        self.form = form
        self.apply = { form in
            apply(form)
            return []
        }
        self.restore = restore
    }

    /// A form whose values `read` checks: `apply` gets the filter only when they are valid.
    init<Filter>(_ form: Form, read: @escaping @MainActor (Form) -> FormReading<Filter>,
                 apply: @escaping @MainActor (Filter) -> Void, restore: @escaping @MainActor () -> Void) {
        self.form = form
        self.apply = { form in
            switch read(form) {
            case .valid(let filter):
                apply(filter)
                return []
            case .invalid(let issues):
                return issues
            }
        }
        self.restore = restore
    }

    var keyMode: KeyMode { form.keyMode }
    var modeName: String { "FILTER" }

    func render(into canvas: any Canvas, keymap: Keymap) {
        let hints = keymap.hints([(.submit, "keeps"), (.cancel, "restores")], in: .form)
        FormView.render(form, into: canvas, footer: DisplayText("Applies as you type" + (hints.isEmpty ? "" : " · " + hints)))
    }

    func handle(_ key: Key, host: any PlannerHost) {
        switch form.handle(key, keymap: host.keymap) {
        case .submit?:
            let issues = apply(form)
            guard issues.isEmpty else {
                form.show(issues)
                host.report("Not applied: " + FormView.problemsNote, severity: .warning)
                return
            }
            host.dismiss(self)
        case .cancel?:
            restore()
            host.dismiss(self)
        case nil:
            form.show(apply(form), focusingFirst: false)
        }
    }
}
