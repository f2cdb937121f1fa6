import BlueprintDomain
import Foundation

/// A list pane's rows: every record sorted by `order`, narrowed by a filter, and the rows a
/// search matches.
///
/// The rows are ids: the records stay in the store's table, which each call that reads them is
/// given (`table`), so a list costs 16 bytes a row rather than a copy of every record. Sorting
/// happens only when all the records or the order change; one changed record is taken out and
/// put back in place (`replace`), in O(log n) comparisons. Typing a filter or a search scans
/// the sorted rows once, keeps their order, and folds only the query (see `FoldedTextIndex`).
struct RowList<Key: ListSortKey> where Key.Row: TextSearchable {
    typealias Row = Key.Row

    private(set) var order: ListOrder<Key>
    /// The day the rows are sorted on (an expense's status changes with it); `show` sorts anew
    /// on a new day.
    private(set) var today: CalendarDate
    /// The records shown until the first load lands (a wedding's preview): the rows are theirs
    /// then, not the table's.
    private var preview: RecordTable<Row>?
    private var sorted: [UUID] = []
    /// The rows the filter lets through, while it does not let every row through.
    private var filtered: [UUID] = []
    /// Whether the filter lets every row through, so the rows shown are `sorted`.
    private var showsAll = true
    private var texts = FoldedTextIndex<Row>()
    /// Whether `texts` has folded the current records (it does so when a text is first searched).
    private var textsAreCurrent = false
    /// The folded text of each row of `sorted` and of `filtered`, in the same order, once a text
    /// is searched. Matching scans these alone, touching no record.
    private var sortedTexts: [FoldedBytes]?
    private var filteredTexts: [FoldedBytes]?
    /// The filter's conditions other than its text.
    private var includes: (Row) -> Bool = { _ in true }
    /// Whether the conditions let every row through (so an empty text shows `sorted` as it is).
    private var isUnconditioned = true
    private var conditions: AnyHashable?
    private var filterText = ""
    /// The records whose notes contain the filter's text: they pass it too.
    private var filterNoted: Set<UUID> = []
    private var searchQuery = ""
    /// The records whose notes contain the search's text: they match it too.
    private var searchNoted: Set<UUID> = []
    private(set) var matches = SearchMatches()
    /// Counts the changes to the rows shown, so that what is derived from them knows when to derive again.
    private(set) var revision = 0

    init(order: ListOrder<Key>, today: CalendarDate) {
        self.order = order
        self.today = today
    }

    /// The ids of the rows shown, in order.
    private var visibleIDs: [UUID] { showsAll ? sorted : filtered }

    /// The rows to show, in order, read from `table` (the store's records).
    func visible(in table: RecordTable<Row>) -> ListedRows<Row> {
        ListedRows(ids: visibleIDs, table: preview ?? table)
    }

    /// Shows the records of `table` (in table order, which ties keep), sorting them all as on
    /// `today` (by default the day they were last sorted on).
    mutating func show(_ table: RecordTable<Row>, today: CalendarDate? = nil) {
        if let today { self.today = today }
        preview = nil
        textsAreCurrent = false
        sort(table)
    }

    /// Shows `rows` until the records are first shown (`show`).
    mutating func showPreview(_ rows: [Row]) {
        let table = RecordTable(rows)
        preview = table
        textsAreCurrent = false
        sort(table)
    }

    /// Sorts the records of `table` by `order`.
    mutating func setOrder(_ order: ListOrder<Key>, in table: RecordTable<Row>) {
        guard order != self.order else { return }
        self.order = order
        sort(preview ?? table)
    }

    /// Puts `new` where `old` was (either may be `nil`: an insertion, a removal), moving it to its
    /// place in the order, and in or out of the filtered rows. `table` holds the records as they
    /// are now (`new`, not `old`); `position` gives each record's place in the table order,
    /// which must hold both (call it before removing `old` from the table and after inserting `new`).
    mutating func replace(_ old: Row?, with new: Row?, in table: RecordTable<Row>, position: (UUID) -> Int) {
        revision += 1
        if !filterText.isEmpty { foldTexts(table) }
        let wasShown = !showsAll && old.map(passesFilter) ?? false
        if textsAreCurrent {
            if let old { texts.forget(old.id) }
            if let new { texts.fold(new) }
        }
        let newText = new.flatMap { row in sortedTexts.map { _ in texts.text(of: row) } }
        Self.replace(old, with: new, text: newText, in: &sorted, texts: &sortedTexts, table: table, order: order, today: today,
                     position: position)
        if !showsAll {
            let isShown = new.map(passesFilter) ?? false
            let text = new.flatMap { row in filteredTexts.map { _ in texts.text(of: row) } }
            Self.replace(wasShown ? old : nil, with: isShown ? new : nil, text: text, in: &filtered, texts: &filteredTexts,
                         table: table, order: order, today: today, position: position)
        }
        research(table)
    }

    /// Filters the rows of `table`. Typing more of a text (the same conditions, a text that
    /// contains the previous one) only narrows the rows shown, so it scans just those.
    mutating func setFilter<Filter: RecordFilter>(_ filter: Filter, in table: RecordTable<Row>) where Filter.Row == Row {
        let table = preview ?? table
        var conditions = filter
        conditions.text = TextQuery("")
        conditions.notedIDs = []
        let text = TextFolding.foldQuery(filter.text.text)
        let noted = text.isEmpty ? [] : filter.notedIDs
        let narrows = AnyHashable(conditions) == self.conditions && text.contains(filterText) && noted.isSubset(of: filterNoted)
        includes = conditions.matches
        isUnconditioned = conditions == Filter.none
        self.conditions = AnyHashable(conditions)
        filterText = text
        filterNoted = noted
        guard narrows else { return refilter(table) }
        revision += 1
        let texts = showsAll ? foldedSortedTexts(table) : foldedFilteredTexts(table)
        (filtered, filteredTexts) = Self.rows(of: visibleIDs, texts: texts, in: table, containing: FoldedBytes(text),
                                              noted: filterNoted, where: nil)
        showsAll = false
        research(table)
    }

    /// Searches the visible rows for `query`, as the filter's text would (the records of
    /// `noted`, whose notes contain it, match too); empty ends the search.
    mutating func setSearch(_ query: String, noted: Set<UUID> = [], in table: RecordTable<Row>) {
        searchQuery = query
        searchNoted = noted
        research(preview ?? table)
    }

    private mutating func sort(_ table: RecordTable<Row>) {
        sorted = order.sortedIDs(of: table, today: today)
        sortedTexts = nil
        refilter(table)
    }

    private mutating func refilter(_ table: RecordTable<Row>) {
        revision += 1
        if isUnconditioned && filterText.isEmpty {
            showsAll = true
            (filtered, filteredTexts) = ([], nil)
        } else if filterText.isEmpty {
            showsAll = false
            let includes = self.includes
            (filtered, filteredTexts) = (sorted.filter { includes(table[$0]!) }, nil)
        } else {
            showsAll = false
            (filtered, filteredTexts) = Self.rows(of: sorted, texts: foldedSortedTexts(table), in: table,
                                                  containing: FoldedBytes(filterText), noted: filterNoted,
                                                  where: isUnconditioned ? nil : includes)
        }
        research(table)
    }

    /// Finds the search's matches among the rows shown.
    private mutating func research(_ table: RecordTable<Row>) {
        let folded = TextFolding.foldQuery(searchQuery)
        guard !folded.isEmpty else {
            matches = SearchMatches(query: searchQuery)
            return
        }
        let texts = showsAll ? foldedSortedTexts(table) : foldedFilteredTexts(table)
        let ids = visibleIDs, query = FoldedBytes(folded), noted = searchNoted
        matches = SearchMatches(query: searchQuery, rows: texts.indices.filter {
            texts[$0].contains(query) || (!noted.isEmpty && noted.contains(ids[$0]))
        })
    }

    /// Whether the filter, conditions and text, lets `row` through (texts are folded while a
    /// filter text is set).
    private func passesFilter(_ row: Row) -> Bool {
        guard includes(row) else { return false }
        guard !filterText.isEmpty else { return true }
        return texts.text(of: row).contains(FoldedBytes(filterText)) || filterNoted.contains(row.id)
    }

    /// Replaces `old` by `new` in `ids` (sorted by `order`) and their texts, in place: `old`
    /// taken out, then `new` put where it goes among the rest. (`table` holds the records as
    /// they are now: `new` under `old`'s id, or nothing for a removal. So `old`'s row is found
    /// by its id, a scan of 16 bytes a row, and it is out before `new`'s place is searched for.)
    private static func replace(_ old: Row?, with new: Row?, text: FoldedBytes?, in ids: inout [UUID],
                                texts: inout [FoldedBytes]?, table: RecordTable<Row>, order: ListOrder<Key>,
                                today: CalendarDate, position: (UUID) -> Int) {
        if let old, let from = ids.firstIndex(of: old.id) {
            ids.remove(at: from)
            texts?.remove(at: from)
        }
        if let new {
            let rows = ListedRows(ids: ids, table: table)
            let to = order.index(of: new, at: position(new.id), in: rows, today: today, position: position)
            ids.insert(new.id, at: to)
            if let text { texts?.insert(text, at: to) }
        }
    }

    /// The ids of `ids` whose text contains `query` (or that are `noted`) and whose record
    /// `includes` lets through (`nil`: every record, none read), with their texts.
    private static func rows(of ids: [UUID], texts: [FoldedBytes], in table: RecordTable<Row>, containing query: FoldedBytes,
                             noted: Set<UUID>, where includes: ((Row) -> Bool)?) -> ([UUID], [FoldedBytes]) {
        var kept: [UUID] = [], keptTexts: [FoldedBytes] = []
        for index in texts.indices where texts[index].contains(query) || (!noted.isEmpty && noted.contains(ids[index])) {
            if let includes, !includes(table[ids[index]]!) { continue }
            kept.append(ids[index])
            keptTexts.append(texts[index])
        }
        return (kept, keptTexts)
    }

    private mutating func foldedSortedTexts(_ table: RecordTable<Row>) -> [FoldedBytes] {
        if let sortedTexts { return sortedTexts }
        foldTexts(table)
        let folded = texts.texts(of: sorted)
        sortedTexts = folded
        return folded
    }

    private mutating func foldedFilteredTexts(_ table: RecordTable<Row>) -> [FoldedBytes] {
        if let filteredTexts { return filteredTexts }
        foldTexts(table)
        let folded = texts.texts(of: filtered)
        filteredTexts = folded
        return folded
    }

    private mutating func foldTexts(_ table: RecordTable<Row>) {
        guard !textsAreCurrent else { return }
        texts.refresh(table)
        textsAreCurrent = true
    }
}
