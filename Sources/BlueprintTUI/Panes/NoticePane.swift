import BlueprintStores

/// A pane that is not built yet.
@MainActor
final class NoticePane: Pane {
    let store: DomainStore
    let modeName: String

    init(store: DomainStore, title: String) {
        self.store = store
        modeName = title
    }

    var keyMode: KeyMode { .list }
    var statusContext: String { "" }
    var searchTarget: (any SearchTarget)? { nil }

    func render(into canvas: any Canvas, rect: CanvasRect) {
        canvas.draw("This pane is on its way.", row: rect.row + 1, column: 1, style: .muted)
    }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool { false }
}
