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
    /// The folded text of each row of `sorted` and of `visible`, in the same order, once a text
    /// is searched. Matching scans these alone: this code is generic over the row type, so
    /// touching a row copies it through its value witness, which cost more than the search.
    private var sortedTexts: [FoldedBytes]?
    private var visibleTexts: [FoldedBytes]?
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
        sort()
    }

    mutating func setOrder(_ order: ListOrder<Key>) {
        guard order != self.order else { return }
        self.order = order
        sort()
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
        (visible, visibleTexts) = Self.rows(of: visible, texts: foldedVisibleTexts(), containing: FoldedBytes(text)) { _ in true }
        research()
    }

    /// Searches the visible rows for `query`, as the filter's text would; empty ends the search.
    mutating func setSearch(_ query: String) {
        searchQuery = query
        research()
    }

    private mutating func sort() {
        sorted = order.sorted(records)
        sortedTexts = nil
        refilter()
    }

    private mutating func refilter() {
        if isUnconditioned && filterText.isEmpty {
            (visible, visibleTexts) = (sorted, sortedTexts)
        } else if filterText.isEmpty {
            (visible, visibleTexts) = (sorted.filter(includes), nil)
        } else {
            (visible, visibleTexts) = Self.rows(of: sorted, texts: foldedSortedTexts(), containing: FoldedBytes(filterText),
                                                where: includes)
        }
        research()
    }

    private mutating func research() {
        let folded = TextFolding.foldQuery(searchQuery)
        guard !folded.isEmpty else {
            matches = SearchMatches(query: searchQuery)
            return
        }
        let texts = foldedVisibleTexts(), query = FoldedBytes(folded)
        matches = SearchMatches(query: searchQuery, rows: texts.indices.filter { texts[$0].contains(query) })
    }

    /// The rows of `rows` whose text contains `query` and that `includes` lets through, with their texts.
    private static func rows(of rows: [Row], texts: [FoldedBytes], containing query: FoldedBytes,
                             where includes: (Row) -> Bool) -> ([Row], [FoldedBytes]) {
        var kept: [Row] = [], keptTexts: [FoldedBytes] = []
        for index in texts.indices where texts[index].contains(query) {
            let row = rows[index]
            guard includes(row) else { continue }
            kept.append(row)
            keptTexts.append(texts[index])
        }
        return (kept, keptTexts)
    }

    private mutating func foldedSortedTexts() -> [FoldedBytes] {
        if let sortedTexts { return sortedTexts }
        foldTexts()
        let folded = texts.texts(of: sorted)
        sortedTexts = folded
        return folded
    }

    private mutating func foldedVisibleTexts() -> [FoldedBytes] {
        if let visibleTexts { return visibleTexts }
        foldTexts()
        let folded = texts.texts(of: visible)
        visibleTexts = folded
        return folded
    }

    private mutating func foldTexts() {
        guard !textsAreCurrent else { return }
        texts.refresh(records)
        textsAreCurrent = true
    }
}
