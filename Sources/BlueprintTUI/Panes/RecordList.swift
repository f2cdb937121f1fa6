import BlueprintDomain
import BlueprintStores
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
    func sync<Rows: RandomAccessCollection>(_ rows: Rows) where Rows.Index == Int, Rows.Element: Identifiable<UUID> {
        model.setRowCount(rows.count)
        if let selectedID, let row = model.selectedRow, Self.id(at: row, in: rows) != selectedID,
           let moved = Self.index(of: selectedID, in: rows) {
            model.select(row: moved)
        }
        selectedID = model.selectedRow.map { Self.id(at: $0, in: rows) }
    }

    /// The selected row of `rows`, once the table is brought up to date with them.
    func selectedRow<Rows: RandomAccessCollection>(in rows: Rows) -> Int? where Rows.Index == Int, Rows.Element: Identifiable<UUID> {
        sync(rows)
        return model.selectedRow
    }

    /// The selected record among `rows` (after `sync`).
    func selected<Rows: RandomAccessCollection>(in rows: Rows) -> Rows.Element? where Rows.Index == Int, Rows.Element: Identifiable<UUID> {
        guard let row = model.selectedRow, row < rows.count else { return nil }
        return rows[row]
    }

    /// Selects `row` of `rows`.
    func select<Rows: RandomAccessCollection>(row: Int, in rows: Rows) where Rows.Index == Int, Rows.Element: Identifiable<UUID> {
        model.setRowCount(rows.count)
        model.select(row: row)
        selectedID = model.selectedRow.map { Self.id(at: $0, in: rows) }
    }

    /// Selects the record with `id` if it is among `rows`, and follows it from then on.
    func select<Rows: RandomAccessCollection>(id: UUID, in rows: Rows) where Rows.Index == Int, Rows.Element: Identifiable<UUID> {
        selectedID = id
        sync(rows)
    }

    /// A click or wheel step over the table as last drawn; false if it is outside the table.
    func handle<Rows: RandomAccessCollection>(_ mouse: MouseEvent, rows: Rows) -> Bool where Rows.Index == Int, Rows.Element: Identifiable<UUID> {
        sync(rows)
        guard model.handle(mouse) else { return false }
        selectedID = model.selectedRow.map { Self.id(at: $0, in: rows) }
        return true
    }

    /// Performs a navigation action; false if it is not one.
    func handle<Rows: RandomAccessCollection>(_ action: KeyAction, rows: Rows) -> Bool where Rows.Index == Int, Rows.Element: Identifiable<UUID> {
        sync(rows)
        guard model.handle(action) else { return false }
        selectedID = model.selectedRow.map { Self.id(at: $0, in: rows) }
        return true
    }

    /// The id of row `row`, read without the record where the rows know their ids (`IdentifiedRows`).
    private static func id<Rows: RandomAccessCollection>(at row: Int, in rows: Rows) -> UUID
    where Rows.Index == Int, Rows.Element: Identifiable<UUID> {
        (rows as? any IdentifiedRows)?.ids[row] ?? rows[row].id
    }

    /// Where the record with `id` is among `rows`: a scan of the ids alone where the rows know
    /// them (a list of 10,000 guests filtered past the selected one read every record).
    private static func index<Rows: RandomAccessCollection>(of id: UUID, in rows: Rows) -> Int?
    where Rows.Index == Int, Rows.Element: Identifiable<UUID> {
        if let identified = rows as? any IdentifiedRows { return identified.ids.firstIndex(of: id) }
        return rows.firstIndex { $0.id == id }
    }
}
