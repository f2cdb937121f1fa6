import BlueprintStores
import Foundation

/// A pane whose `/` narrows its one list to the rows containing a text, so every row shown
/// matches: the search text is `filterText`, and a new one selects the first row.
@MainActor
protocol NarrowingSearch: SearchTarget {
    associatedtype Row: Identifiable where Row.ID == UUID
    /// The text the list is narrowed to; empty shows every row.
    var filterText: String { get set }
    var list: RecordList { get }
    /// The rows shown: those containing `filterText`.
    var rows: [Row] { get }
}

extension NarrowingSearch {
    var searchText: String {
        get { filterText }
        set {
            filterText = newValue
            list.select(row: 0, in: rows)
        }
    }

    var searchMatches: SearchMatches {
        filterText.isEmpty ? SearchMatches() : SearchMatches(query: filterText, rows: Array(rows.indices))
    }

    var selectedRow: Int? { list.selectedRow(in: rows) }

    func selectRow(_ row: Int) { list.select(row: row, in: rows) }
}
