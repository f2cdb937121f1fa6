/// A form of filters that applies as you type or choose: the list under it narrows at once.
/// Enter keeps the filters; Esc puts back the ones from before.
@MainActor
final class FilterOverlay: Overlay {
    private var form: Form
    private let apply: @MainActor (Form) -> Void
    private let restore: @MainActor () -> Void

    init(_ form: Form, apply: @escaping @MainActor (Form) -> Void, restore: @escaping @MainActor () -> Void) {
        self.form = form
        self.apply = apply
        self.restore = restore
    }

    var keyMode: KeyMode { form.keyMode }
    var modeName: String { "FILTER" }

    func render(into canvas: any Canvas) {
        FormView.render(form, into: canvas, footer: "Applies as you type · Enter keeps · Esc restores")
    }

    func handle(_ key: Key, host: any PlannerHost) {
        switch form.handle(key, keymap: host.keymap) {
        case .submit?:
            host.dismiss(self)
        case .cancel?:
            restore()
            host.dismiss(self)
        case nil:
            apply(form)
        }
    }
}
