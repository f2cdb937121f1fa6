import BlueprintDomain
import BlueprintTerminal
import Foundation

/// A table of records (or other rows with an id) whose selection follows the row's id, not
/// its number: when rows are added, removed, filtered or re-sorted (here or in another session),
/// the same record stays selected if it is still shown.
@MainActor
final class RecordList {
    let model: TableViewModel
    private(set) var selectedID: UUID?

    init(columns: [TableColumn]) {
        model = TableViewModel(columns: columns)
    }

    /// Brings the table up to date with `rows`; call it before drawing or acting on a row.
    func sync<R: Identifiable>(_ rows: [R]) where R.ID == UUID {
        model.setRowCount(rows.count)
        if let selectedID, let row = model.selectedRow, rows[row].id != selectedID,
           let moved = rows.firstIndex(where: { $0.id == selectedID }) {
            model.select(row: moved)
        }
        selectedID = model.selectedRow.map { rows[$0].id }
    }

    /// The selected row of `rows`, once the table is brought up to date with them.
    func selectedRow<R: Identifiable>(in rows: [R]) -> Int? where R.ID == UUID {
        sync(rows)
        return model.selectedRow
    }

    /// The selected record among `rows` (after `sync`).
    func selected<R: Identifiable>(in rows: [R]) -> R? where R.ID == UUID {
        guard let row = model.selectedRow, row < rows.count else { return nil }
        return rows[row]
    }

    /// Selects `row` of `rows`.
    func select<R: Identifiable>(row: Int, in rows: [R]) where R.ID == UUID {
        model.setRowCount(rows.count)
        model.select(row: row)
        selectedID = model.selectedRow.map { rows[$0].id }
    }

    /// Selects the record with `id` if it is among `rows`, and follows it from then on.
    func select<R: Identifiable>(id: UUID, in rows: [R]) where R.ID == UUID {
        selectedID = id
        sync(rows)
    }

    /// A click or wheel step over the table as last drawn; false if it is outside the table.
    func handle<R: Identifiable>(_ mouse: MouseEvent, rows: [R]) -> Bool where R.ID == UUID {
        sync(rows)
        guard model.handle(mouse) else { return false }
        selectedID = model.selectedRow.map { rows[$0].id }
        return true
    }

    /// Performs a navigation action; false if it is not one.
    func handle<R: Identifiable>(_ action: KeyAction, rows: [R]) -> Bool where R.ID == UUID {
        sync(rows)
        guard model.handle(action) else { return false }
        selectedID = model.selectedRow.map { rows[$0].id }
        return true
    }
}
