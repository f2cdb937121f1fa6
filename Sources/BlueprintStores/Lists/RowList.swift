import Foundation

/// A list pane's rows: every record sorted by `order`, narrowed by a filter, and the rows a
/// search matches.
///
/// Sorting happens only when the records or the order change; typing a filter or a search
/// scans the sorted rows once and keeps their order.
struct RowList<Key: ListSortKey> {
    typealias Row = Key.Row

    private(set) var order: ListOrder<Key>
    private var records: [Row] = []
    private var sorted: [Row] = []
    private var include: (Row) -> Bool = { _ in true }
    private var searchQuery = ""
    private var searchMatch: (Row) -> Bool = { _ in false }
    /// The rows to show, in order.
    private(set) var visible: [Row] = []
    private(set) var matches = SearchMatches()

    init(order: ListOrder<Key>) { self.order = order }

    mutating func show(_ records: [Row]) {
        self.records = records
        sorted = order.sorted(records)
        refilter()
    }

    mutating func setOrder(_ order: ListOrder<Key>) {
        guard order != self.order else { return }
        self.order = order
        sorted = order.sorted(records)
        refilter()
    }

    mutating func setFilter(_ include: @escaping (Row) -> Bool) {
        self.include = include
        refilter()
    }

    /// Searches the visible rows for `query` (empty ends the search), matching with `matches`.
    mutating func setSearch(_ query: String, matches: @escaping (Row) -> Bool) {
        searchQuery = query
        searchMatch = matches
        research()
    }

    private mutating func refilter() {
        visible = sorted.filter(include)
        research()
    }

    private mutating func research() {
        let isActive = !searchQuery.trimmingCharacters(in: .whitespaces).isEmpty
        matches = SearchMatches(query: searchQuery,
                                rows: isActive ? visible.indices.filter { searchMatch(visible[$0]) } : [])
    }
}
