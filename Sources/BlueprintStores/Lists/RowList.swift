import BlueprintDomain
import Foundation

/// A list pane's rows: every record sorted by `order`, narrowed by a filter, and the rows a
/// search matches.
///
/// Sorting happens only when all the records or the order change; one changed record is moved,
/// inserted or removed in place (`replace`), in O(log n) comparisons and at most one move of
/// the rows between its old and new place. Typing a filter or a search scans the sorted rows
/// once, keeps their order, and folds only the query (see `FoldedTextIndex`).
struct RowList<Key: ListSortKey> where Key.Row: TextSearchable {
    typealias Row = Key.Row

    private(set) var order: ListOrder<Key>
    /// The day the rows are sorted on (an expense's status changes with it); `show` sorts anew
    /// on a new day.
    private(set) var today: CalendarDate
    private var sorted: [Row] = []
    /// The rows the filter lets through, while it does not let every row through.
    private var filtered: [Row] = []
    /// Whether the filter lets every row through, so `visible` is `sorted`. (The two are never
    /// the same array: changing one row would then copy every row.)
    private var showsAll = true
    private var texts = FoldedTextIndex<Row>()
    /// Whether `texts` has folded the current records (it does so when a text is first searched).
    private var textsAreCurrent = false
    /// The folded text of each row of `sorted` and of `filtered`, in the same order, once a text
    /// is searched. Matching scans these alone: this code is generic over the row type, so
    /// touching a row copies it through its value witness, which cost more than the search.
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
    /// Counts the changes to `visible`, so that what is derived from it knows when to derive again.
    private(set) var revision = 0

    init(order: ListOrder<Key>, today: CalendarDate) {
        self.order = order
        self.today = today
    }

    /// The rows to show, in order.
    var visible: [Row] { showsAll ? sorted : filtered }

    /// Shows `records` (in table order, which ties keep), sorting them all as on `today`
    /// (by default the day they were last sorted on).
    mutating func show(_ records: [Row], today: CalendarDate? = nil) {
        if let today { self.today = today }
        textsAreCurrent = false
        sort(records)
    }

    /// Sorts `records`, the rows shown in table order, by `order`.
    mutating func setOrder(_ order: ListOrder<Key>, records: [Row]) {
        guard order != self.order else { return }
        self.order = order
        sort(records)
    }

    /// Puts `new` where `old` was (either may be `nil`: an insertion, a removal), moving it to its
    /// place in the order, and in or out of the filtered rows. `position` gives each record's
    /// place in the table order, which must hold both (call it before removing `old` from the
    /// table and after inserting `new`).
    mutating func replace(_ old: Row?, with new: Row?, position: (UUID) -> Int) {
        revision += 1
        if !filterText.isEmpty { foldTexts() }
        let wasShown = !showsAll && old.map(passesFilter) ?? false
        if textsAreCurrent {
            if let old { texts.forget(old.id) }
            if let new { texts.fold(new) }
        }
        let newText = new.flatMap { row in sortedTexts.map { _ in texts.text(of: row) } }
        Self.replace(old, with: new, text: newText, in: &sorted, texts: &sortedTexts, order: order, today: today, position: position)
        if !showsAll {
            let isShown = new.map(passesFilter) ?? false
            let text = new.flatMap { row in filteredTexts.map { _ in texts.text(of: row) } }
            Self.replace(wasShown ? old : nil, with: isShown ? new : nil, text: text, in: &filtered, texts: &filteredTexts,
                         order: order, today: today, position: position)
        }
        research()
    }

    /// Filters the rows. Typing more of a text (the same conditions, a text that contains the
    /// previous one) only narrows the rows shown, so it scans just those.
    mutating func setFilter<Filter: RecordFilter>(_ filter: Filter) where Filter.Row == Row {
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
        guard narrows else { return refilter() }
        revision += 1
        let texts = showsAll ? foldedSortedTexts() : foldedFilteredTexts()
        (filtered, filteredTexts) = Self.rows(of: visible, texts: texts, containing: FoldedBytes(text), noted: filterNoted) { _ in true }
        showsAll = false
        research()
    }

    /// Searches the visible rows for `query`, as the filter's text would (the records of
    /// `noted`, whose notes contain it, match too); empty ends the search.
    mutating func setSearch(_ query: String, noted: Set<UUID> = []) {
        searchQuery = query
        searchNoted = noted
        research()
    }

    private mutating func sort(_ records: [Row]) {
        sorted = order.sorted(records, today: today)
        sortedTexts = nil
        refilter()
    }

    private mutating func refilter() {
        revision += 1
        if isUnconditioned && filterText.isEmpty {
            showsAll = true
            (filtered, filteredTexts) = ([], nil)
        } else if filterText.isEmpty {
            showsAll = false
            (filtered, filteredTexts) = (sorted.filter(includes), nil)
        } else {
            showsAll = false
            (filtered, filteredTexts) = Self.rows(of: sorted, texts: foldedSortedTexts(), containing: FoldedBytes(filterText),
                                                  noted: filterNoted, where: includes)
        }
        research()
    }

    private mutating func research() {
        let folded = TextFolding.foldQuery(searchQuery)
        guard !folded.isEmpty else {
            matches = SearchMatches(query: searchQuery)
            return
        }
        let texts = showsAll ? foldedSortedTexts() : foldedFilteredTexts(), query = FoldedBytes(folded)
        let rows = visible, noted = searchNoted
        matches = SearchMatches(query: searchQuery, rows: texts.indices.filter {
            texts[$0].contains(query) || (!noted.isEmpty && noted.contains(rows[$0].id))
        })
    }

    /// Whether the filter, conditions and text, lets `row` through (texts are folded while a
    /// filter text is set).
    private func passesFilter(_ row: Row) -> Bool {
        guard includes(row) else { return false }
        guard !filterText.isEmpty else { return true }
        return texts.text(of: row).contains(FoldedBytes(filterText)) || filterNoted.contains(row.id)
    }

    /// Replaces `old` by `new` in `rows` (sorted by `order`) and their texts, in place.
    private static func replace(_ old: Row?, with new: Row?, text: FoldedBytes?, in rows: inout [Row],
                                texts: inout [FoldedBytes]?, order: ListOrder<Key>, today: CalendarDate,
                                position: (UUID) -> Int) {
        let from: Int? = old.flatMap { old in
            let found = order.index(of: old, at: position(old.id), in: rows, today: today, position: position)
            // The search finds it unless the rows were sorted under other positions; look then.
            return found < rows.count && rows[found].id == old.id ? found : rows.firstIndex { $0.id == old.id }
        }
        let to: Int? = new.map { new in
            let index = order.index(of: new, at: position(new.id), in: rows, today: today, position: position)
            return from.map { index > $0 ? index - 1 : index } ?? index
        }
        switch (from, to) {
        case let (from?, to?):
            rows.move(from: from, to: to, replacingWith: new!)
            if let text { texts?.move(from: from, to: to, replacingWith: text) }
        case let (from?, nil):
            rows.remove(at: from)
            texts?.remove(at: from)
        case let (nil, to?):
            rows.insert(new!, at: to)
            if let text { texts?.insert(text, at: to) }
        case (nil, nil):
            break
        }
    }

    /// The rows of `rows` whose text contains `query` (or that are `noted`) and that `includes`
    /// lets through, with their texts.
    private static func rows(of rows: [Row], texts: [FoldedBytes], containing query: FoldedBytes, noted: Set<UUID>,
                             where includes: (Row) -> Bool) -> ([Row], [FoldedBytes]) {
        var kept: [Row] = [], keptTexts: [FoldedBytes] = []
        for index in texts.indices where texts[index].contains(query) || (!noted.isEmpty && noted.contains(rows[index].id)) {
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

    private mutating func foldedFilteredTexts() -> [FoldedBytes] {
        if let filteredTexts { return filteredTexts }
        foldTexts()
        let folded = texts.texts(of: filtered)
        filteredTexts = folded
        return folded
    }

    private mutating func foldTexts() {
        guard !textsAreCurrent else { return }
        texts.refresh(sorted)
        textsAreCurrent = true
    }
}

extension Array {
    /// Takes the element at `from` out and puts `element` at `to` (an index of the array without
    /// it), shifting only the elements between the two: one `memmove`, never a copy of each.
    mutating func move(from: Int, to: Int, replacingWith element: Element) {
        precondition(indices.contains(from) && indices.contains(to), "move(from: \(from), to: \(to)) in \(count) elements")
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            _ = (base + from).move()
            if to > from {
                (base + from).moveInitialize(from: base + from + 1, count: to - from)
            } else if to < from {
                (base + to + 1).moveInitialize(from: base + to, count: from - to)
            }
            (base + to).initialize(to: element)
        }
    }
}
