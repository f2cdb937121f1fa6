import BlueprintTerminal
import Foundation

/// What a pane does with one list of records, declared once: the rows shown, navigation with the
/// selection kept on its record (`RecordList`), adding, and each action on the selected record
/// (edit, delete after asking, details, and the pane's own) with its handler. An action on the
/// selected record does nothing without one selected; the pane handles what is left.
@MainActor
final class RecordListController<Rows: RandomAccessCollection> where Rows.Index == Int, Rows.Element: Identifiable<UUID> {
    typealias Row = Rows.Element
    let list: RecordList
    private let rows: () -> Rows
    private var adding: ((any PlannerHost) -> Void)?
    private var rowActions: [KeyAction: (Row, any PlannerHost) -> Void] = [:]
    /// Told when a key or the mouse moved the selection (a pane whose other list follows it).
    var selectionMoved: () -> Void = {}

    /// A list drawn with `columns` of the rows `rows` gives, as they are now.
    init(columns: [TableColumn], rows: @escaping () -> Rows) {
        list = RecordList(columns: columns)
        self.rows = rows
    }

    /// Declares what `a` (add) does.
    func onAdd(_ handler: @escaping (any PlannerHost) -> Void) { adding = handler }

    /// Declares what each of `actions` does to the selected row.
    func on(_ actions: KeyAction..., perform handler: @escaping (Row, any PlannerHost) -> Void) {
        for action in actions { rowActions[action] = handler }
    }

    /// The rows shown, in order.
    var shown: Rows { rows() }

    /// The selected row's record, if any.
    var selected: Row? {
        let rows = rows()
        return list.selectedRow(in: rows).map { rows[$0] }
    }

    /// The selected row's place among the rows shown.
    var selectedRow: Int? { list.selectedRow(in: rows()) }

    func select(row: Int) { list.select(row: row, in: rows()) }

    /// Selects the record with `id` if it is shown, and follows it from then on.
    func select(id: UUID) { list.select(id: id, in: rows()) }

    /// A click or wheel step over the list as last drawn; false if it is outside it.
    func handle(_ mouse: MouseEvent) -> Bool {
        guard list.handle(mouse, rows: rows()) else { return false }
        selectionMoved()
        return true
    }

    /// Navigation, adding and the declared actions on the selected row; false for any other
    /// action, or for one on the selected row when none is selected.
    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        let rows = rows()
        if list.handle(action, rows: rows) {
            selectionMoved()
            return true
        }
        if action == .add, let adding {
            adding(host)
            return true
        }
        guard let handler = rowActions[action], let selected = list.selected(in: rows) else { return false }
        handler(selected, host)
        return true
    }
}
