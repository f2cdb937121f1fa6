import BlueprintDomain
import Foundation

/// A table of records whose selection follows a record, not a row number: when rows are
/// added, removed, filtered or re-sorted (here or in another session), the same record stays
/// selected if it is still shown.
@MainActor
final class RecordList {
    let model: TableViewModel
    private(set) var selectedID: UUID?

    init(columns: [TableColumn]) {
        model = TableViewModel(columns: columns)
    }

    /// Brings the table up to date with `rows`; call it before drawing or acting on a row.
    func sync<R: Record>(_ rows: [R]) {
        model.setRowCount(rows.count)
        if let selectedID, let row = model.selectedRow, rows[row].id != selectedID,
           let moved = rows.firstIndex(where: { $0.id == selectedID }) {
            model.select(row: moved)
        }
        selectedID = model.selectedRow.map { rows[$0].id }
    }

    /// The selected row of `rows`, once the table is brought up to date with them.
    func selectedRow<R: Record>(in rows: [R]) -> Int? {
        sync(rows)
        return model.selectedRow
    }

    /// The selected record among `rows` (after `sync`).
    func selected<R: Record>(in rows: [R]) -> R? {
        guard let row = model.selectedRow, row < rows.count else { return nil }
        return rows[row]
    }

    /// Selects `row` of `rows`.
    func select<R: Record>(row: Int, in rows: [R]) {
        model.setRowCount(rows.count)
        model.select(row: row)
        selectedID = model.selectedRow.map { rows[$0].id }
    }

    /// Selects the record with `id` if it is among `rows`, and follows it from then on.
    func select<R: Record>(id: UUID, in rows: [R]) {
        selectedID = id
        sync(rows)
    }

    /// Performs a navigation action; false if it is not one.
    func handle<R: Record>(_ action: KeyAction, rows: [R]) -> Bool {
        sync(rows)
        guard model.handle(action) else { return false }
        selectedID = model.selectedRow.map { rows[$0].id }
        return true
    }
}
