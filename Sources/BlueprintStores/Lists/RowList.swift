import BlueprintDomain

/// A list pane's rows: every record sorted by `order`, narrowed by a filter, and the rows a
/// search matches.
///
/// Sorting happens only when the records or the order change; typing a filter or a search
/// scans the sorted rows once, keeps their order, and folds only the query (see
/// `FoldedTextIndex`).
struct RowList<Key: ListSortKey> where Key.Row: TextSearchable {
    typealias Row = Key.Row

    private(set) var order: ListOrder<Key>
    private var records: [Row] = []
    private var sorted: [Row] = []
    private var texts = FoldedTextIndex<Row>()
    /// Whether `texts` has folded the current records (it does so when a text is first searched).
    private var textsAreCurrent = false
    /// The filter's conditions other than its text.
    private var includes: (Row) -> Bool = { _ in true }
    /// Whether the conditions let every row through (so an empty text shows `sorted` as it is).
    private var isUnconditioned = true
    private var conditions: AnyHashable?
    private var filterText = ""
    private var searchQuery = ""
    /// The rows to show, in order.
    private(set) var visible: [Row] = []
    private(set) var matches = SearchMatches()

    init(order: ListOrder<Key>) { self.order = order }

    mutating func show(_ records: [Row]) {
        self.records = records
        textsAreCurrent = false
        sorted = order.sorted(records)
        refilter()
    }

    mutating func setOrder(_ order: ListOrder<Key>) {
        guard order != self.order else { return }
        self.order = order
        sorted = order.sorted(records)
        refilter()
    }

    /// Filters the rows. Typing more of a text (the same conditions, a text that contains the
    /// previous one) only narrows the rows shown, so it scans just those.
    mutating func setFilter<Filter: RecordFilter>(_ filter: Filter) where Filter.Row == Row {
        var conditions = filter
        conditions.text = TextQuery("")
        let text = TextFolding.foldQuery(filter.text.text)
        let narrows = AnyHashable(conditions) == self.conditions && text.contains(filterText)
        includes = conditions.matches
        isUnconditioned = conditions == Filter.none
        self.conditions = AnyHashable(conditions)
        filterText = text
        guard narrows else { return refilter() }
        foldTexts()
        let texts = self.texts
        let query = FoldedBytes(text)
        visible = visible.filter { texts.matches($0, folded: query) }
        research()
    }

    /// Searches the visible rows for `query`, as the filter's text would; empty ends the search.
    mutating func setSearch(_ query: String) {
        searchQuery = query
        research()
    }

    private mutating func refilter() {
        if isUnconditioned && filterText.isEmpty {
            visible = sorted
            return research()
        }
        if !filterText.isEmpty { foldTexts() }
        let texts = self.texts, query = FoldedBytes(filterText), includes = self.includes
        visible = sorted.filter { includes($0) && texts.matches($0, folded: query) }
        research()
    }

    private mutating func research() {
        let folded = TextFolding.foldQuery(searchQuery)
        guard !folded.isEmpty else {
            matches = SearchMatches(query: searchQuery)
            return
        }
        foldTexts()
        let texts = self.texts, visible = self.visible
        let query = FoldedBytes(folded)
        matches = SearchMatches(query: searchQuery, rows: visible.indices.filter { texts.matches(visible[$0], folded: query) })
    }

    private mutating func foldTexts() {
        guard !textsAreCurrent else { return }
        texts.refresh(records)
        textsAreCurrent = true
    }
}
